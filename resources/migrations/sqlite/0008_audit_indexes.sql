-- 0008: indexes for the audit view's filters (docs/design.md §6 "Audit"), so that at a million
-- entries a filter reads its index range instead of the whole table. Each index ends in the
-- entry id: the view pages newest first by id (keyset), and AuditQuery counts a filter's
-- matches through its index up to a bound before it decides how to read the page.
-- Indexes only: no row changes, so the append-only triggers and the hash chain are untouched.
CREATE INDEX audit_actor ON audit (actor, id);
CREATE INDEX audit_action ON audit (action, id);
CREATE INDEX audit_at ON audit (at, id);
-- The kind filter reaches the audit through the operation: operations of a kind, then their
-- entries through audit_operation (operation_id, id) from 0001.
CREATE INDEX operations_kind ON operations (kind, id);
