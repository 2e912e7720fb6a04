-- 0015 (PostgreSQL): audit sequencing (docs/design.md §14, the idea of Certificate Transparency's
-- merge delay). Until now every writer appended to the hash chain itself, which needs one writer
-- at a time ("read the last hash, write the next"). From here a writer only queues its entry in
-- audit_pending inside its own transaction; a sequencer moves committed entries into audit in
-- one total order, giving each its id (the chain position) and hash. An entry of a transaction
-- that rolls back is never queued, so it never reaches the chain. The chain's rows, their ids
-- and their hashes are untouched: nothing already chained is rehashed.
CREATE TABLE audit_pending (
    id                  BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at                  BIGINT  NOT NULL,
    actor               TEXT COLLATE "C" NOT NULL,
    action              TEXT COLLATE "C" NOT NULL,
    operation_id        TEXT COLLATE "C",
    detail              TEXT    NOT NULL,
    -- The server's clock when the entry was queued: audit verify fails on an entry waiting
    -- longer than the merge delay. Logins cannot write it (column grants below).
    queued_at           TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
REVOKE ALL ON audit_pending FROM PUBLIC;

-- Only the sequencer appends to the chain now: no group inserts into audit, and the actor guard
-- (0011) checks each entry when it is queued, under the login that queues it. The chain's guard
-- stays for anyone else who could insert (a login granted INSERT before 0011, say) and steps
-- aside for the owner, which is who the sequencer runs as: it chains every login's entries.
CREATE FUNCTION ops_runs_as_owner(tbl regclass) RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp AS $$
    SELECT pg_catalog.pg_has_role(current_user,
        (SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid = tbl), 'MEMBER');
$$;
DROP TRIGGER audit_guard ON audit;
CREATE TRIGGER audit_guard BEFORE INSERT OR UPDATE OR DELETE ON audit
    FOR EACH ROW WHEN (NOT ops_runs_as_owner('public.audit'))
    EXECUTE FUNCTION ops_guard();
REVOKE INSERT ON audit FROM ops_support, ops_agent, ops_service;
CREATE TRIGGER audit_pending_guard BEFORE INSERT ON audit_pending
    FOR EACH ROW EXECUTE FUNCTION ops_guard();
GRANT SELECT ON audit_pending TO ops_support, ops_agent, ops_service;
GRANT INSERT (at, actor, action, operation_id, detail) ON audit_pending
    TO ops_support, ops_agent, ops_service;

-- Chains up to `batch` committed entries, oldest queued first, and returns how many; -1 when
-- another session is sequencing (its transaction-scoped lock, tried without waiting, is the
-- sequencer's lease: a sequencer that dies rolls back and frees it, and the next one continues
-- from the chain's committed end). The hash is AuditLog::entryHash: SHA-256 of the previous hash,
-- a newline and the canonical JSON of {action, actor, at, detail, operation_id}; to_json escapes
-- strings as nlohmann::json::dump() does and the detail is stored canonical. Runs as the owner,
-- so any login that commits may sequence and none may write the chain any other way.
-- pg_catalog comes first, so no function a login might create in public shadows a built-in
-- here; public stays on the path for the chain's own triggers (ops_change_seq, audit_tip).
CREATE FUNCTION ops_audit_sequence(batch integer) RETURNS integer LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
    prev text;
    next_hash text;
    entry record;
    placed integer := 0;
BEGIN
    IF NOT pg_try_advisory_xact_lock(8030044989095634289) THEN -- 'ops_aseq', auditsequencer.h
        RETURN -1;
    END IF;
    SELECT hash INTO prev FROM public.audit ORDER BY id DESC LIMIT 1;
    prev := COALESCE(prev, repeat('0', 64));
    FOR entry IN SELECT * FROM public.audit_pending ORDER BY id LIMIT batch LOOP
        next_hash := encode(sha256(convert_to(prev || E'\n' ||
            '{"action":' || to_json(entry.action)::text ||
            ',"actor":' || to_json(entry.actor)::text ||
            ',"at":' || entry.at::text ||
            ',"detail":' || entry.detail ||
            ',"operation_id":' || to_json(COALESCE(entry.operation_id, ''))::text || '}',
            'UTF8')), 'hex');
        INSERT INTO public.audit (at, actor, action, operation_id, detail, prev_hash, hash)
            VALUES (entry.at, entry.actor, entry.action, entry.operation_id, entry.detail, prev,
                    next_hash);
        DELETE FROM public.audit_pending WHERE id = entry.id;
        prev := next_hash;
        placed := placed + 1;
    END LOOP;
    RETURN placed;
END;
$$;
REVOKE ALL ON FUNCTION ops_audit_sequence(integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION ops_audit_sequence(integer) TO ops_support, ops_agent, ops_service;

-- What is waiting, for audit verify and the audit window: how many, and the oldest's age in ms
-- by the server's clock (0 when nothing waits).
CREATE FUNCTION ops_audit_waiting(OUT waiting bigint, OUT oldest_ms bigint) LANGUAGE sql STABLE AS $$
    SELECT count(*), COALESCE((EXTRACT(EPOCH FROM clock_timestamp() - min(queued_at)) * 1000)::bigint, 0)
    FROM public.audit_pending;
$$;

-- Every entry a decision counts, chained or waiting (see sqlite/0015_audit_sequencing.sql).
CREATE VIEW audit_entries AS
    SELECT id, at, actor, action, operation_id, detail FROM audit
    UNION ALL
    SELECT NULL, at, actor, action, operation_id, detail FROM audit_pending;
GRANT SELECT ON audit_entries TO ops_support, ops_agent, ops_service;

-- An agent's calls per day and its last call read the queue as they read the chain.
CREATE INDEX audit_pending_at ON audit_pending (at);
