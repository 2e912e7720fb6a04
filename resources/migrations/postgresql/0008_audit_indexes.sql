-- 0008 (PostgreSQL): the audit view's filter indexes, as in sqlite/0008_audit_indexes.sql.
-- actor and action are COLLATE "C" since 0003, so the prefix ranges use these indexes.
CREATE INDEX audit_actor ON audit (actor, id);
CREATE INDEX audit_action ON audit (action, id);
CREATE INDEX audit_at ON audit (at, id);
CREATE INDEX operations_kind ON operations (kind, id);
