-- 0012: agents as principals (DESIGN §13, issue 27). One row per named agent: the SHA-256 of its
-- bearer token (never the token), the token it replaced while the rotation's grace lasts, its
-- limits, and who changed it last. Rows are never deleted: a revoked agent keeps its name, so its
-- audit stays readable and the name is not reused.
CREATE TABLE agents (
    name                  TEXT    PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
    token_hash            TEXT    NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    previous_token_hash   TEXT    UNIQUE CHECK (length(previous_token_hash) = 64),
    previous_valid_until  BIGINT,
    max_refund_minor      BIGINT  CHECK (max_refund_minor > 0),
    max_refund_currency   TEXT,
    daily_minor           BIGINT  CHECK (daily_minor > 0),
    daily_currency        TEXT,
    rate_per_second       INTEGER CHECK (rate_per_second > 0),
    created_by            TEXT    NOT NULL,
    created_at            BIGINT  NOT NULL,
    updated_by            TEXT    NOT NULL,
    updated_at            BIGINT  NOT NULL,
    revoked_at            BIGINT,
    CHECK ((max_refund_minor IS NULL) = (max_refund_currency IS NULL)),
    CHECK ((daily_minor IS NULL) = (daily_currency IS NULL)),
    CHECK ((previous_token_hash IS NULL) = (previous_valid_until IS NULL))
);

-- Team mode: every login in a group reads the directory (the HTTP server checks tokens against
-- it); only a supervisor changes it. ops_guard() checks the actor columns and refuses deletes;
-- the second trigger adds the supervisor rule, so 0011's function stays as it is.
CREATE FUNCTION ops_guard_agents() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    principal text := ops_role_of(session_user);
BEGIN
    IF principal NOT IN ('owner', 'supervisor') THEN
        PERFORM ops_refuse('supervisor', format('%s (%s) may not change agents', session_user,
                                                principal));
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER agents_guard BEFORE INSERT OR UPDATE OR DELETE ON agents
    FOR EACH ROW EXECUTE FUNCTION ops_guard();
CREATE TRIGGER agents_guard_supervisor BEFORE INSERT OR UPDATE OR DELETE ON agents
    FOR EACH ROW EXECUTE FUNCTION ops_guard_agents();
REVOKE ALL ON agents FROM PUBLIC;
GRANT SELECT ON agents TO ops_support, ops_agent, ops_service;
GRANT INSERT, UPDATE ON agents TO ops_supervisor;

-- An agent's last call is its newest audit entry under agent:NAME:…; this index serves that
-- prefix whatever the database's collation (SQLite's audit_actor serves it there).
CREATE INDEX audit_actor_prefix ON audit (actor text_pattern_ops);
