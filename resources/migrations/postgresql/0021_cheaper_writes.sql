-- 0021 (PostgreSQL): cheaper writes, the same rules (issue 52, step 3). Two parts: the audit
-- sequencer chains a batch at a time, and every guarded table gets a guard written for its own
-- columns.
--
-- The sequencer. It chains a batch of entries with one statement each way. Before, every entry cost its own DELETE from audit_pending and its own INSERT into
-- audit, and each INSERT fired three row triggers: the guard's WHEN (a SQL function planned again
-- on every call), ops_notify_change (a sequence step and a notification) and ops_audit_tip (an
-- UPDATE of the one tip row). At 64 refunds in flight that was 4.1 ms of PostgreSQL's 9.8 ms
-- per refund (pg_stat_statements with track = all, docs/benchmarks.md, issue 52 step 3). Nothing chained changes:
-- the same entries, the same hashes, in the same order (the queue's id order), and the chain's
-- ids still rise with its order.

-- The guard's WHEN asks this once per inserted row. As PL/pgSQL its one query is planned once a
-- session, not on every call as a SQL function with SET is. Same answer.
CREATE OR REPLACE FUNCTION ops_runs_as_owner(tbl regclass) RETURNS boolean LANGUAGE plpgsql STABLE
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RETURN pg_catalog.pg_has_role(current_user,
        (SELECT c.relowner FROM pg_catalog.pg_class c WHERE c.oid = tbl), 'MEMBER');
END;
$$;

-- The tip and the change notices, once per statement over the rows it inserted: one UPDATE of the
-- tip, one step of ops_change_seq, one notice per operation (PostgreSQL folds equal notices of a
-- transaction into one anyway). The triggers keep their names: storage/bulkgenerator.cpp switches
-- audit_tip_advance off by name while it generates history.
CREATE FUNCTION ops_audit_tip_added() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, public AS $$
BEGIN
    UPDATE public.audit_tip SET last_id = GREATEST(last_id, (SELECT max(id) FROM added))
    WHERE EXISTS (SELECT 1 FROM added);
    RETURN NULL;
END;
$$;
REVOKE ALL ON FUNCTION ops_audit_tip_added() FROM PUBLIC;
CREATE FUNCTION ops_audit_notify_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM added) THEN
        PERFORM nextval('public.ops_change_seq');
        PERFORM pg_notify('ops_changes', o) FROM (SELECT DISTINCT COALESCE(operation_id, '') AS o
                                                 FROM added) AS d;
    END IF;
    RETURN NULL;
END;
$$;
DROP TRIGGER audit_tip_advance ON audit;
DROP TRIGGER audit_notify ON audit;
CREATE TRIGGER audit_tip_advance AFTER INSERT ON audit REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION ops_audit_tip_added();
CREATE TRIGGER audit_notify AFTER INSERT ON audit REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION ops_audit_notify_added();

-- As 0016 (its comments hold), a batch at a time: one DELETE … RETURNING takes the oldest `batch`
-- entries off the queue, the hashes are computed in queue order, and one INSERT chains them with
-- ids drawn from audit's own sequence and handed out in that order.
CREATE OR REPLACE FUNCTION ops_audit_sequence(batch integer) RETURNS integer LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
    prev text;
    entry record;
    ats bigint[] := '{}';
    actors text[] := '{}';
    actions text[] := '{}';
    op_ids text[] := '{}';
    details text[] := '{}';
    queued timestamptz[] := '{}';
    prevs text[] := '{}';
    hashes text[] := '{}';
    ids bigint[];
    n integer := 0;
BEGIN
    IF NOT pg_try_advisory_xact_lock(8030044989095634289) THEN -- 'ops_aseq', auditsequencer.h
        RETURN -1;
    END IF;
    SELECT hash INTO prev FROM public.audit ORDER BY id DESC LIMIT 1;
    prev := COALESCE(prev, repeat('0', 64));
    -- Appending keeps each array in place (PL/pgSQL's expanded arrays): linear in the batch.
    FOR entry IN WITH moved AS (
                     DELETE FROM public.audit_pending
                     WHERE id IN (SELECT id FROM public.audit_pending ORDER BY id LIMIT batch)
                     RETURNING *)
                 SELECT * FROM moved ORDER BY id LOOP
        prevs := prevs || prev;
        prev := encode(sha256(convert_to(prev || E'\n' ||
            '{"action":' || to_json(entry.action)::text ||
            ',"actor":' || to_json(entry.actor)::text ||
            ',"at":' || entry.at::text ||
            ',"detail":' || entry.detail ||
            ',"operation_id":' || to_json(COALESCE(entry.operation_id, ''))::text || '}',
            'UTF8')), 'hex');
        hashes := hashes || prev;
        ats := ats || entry.at;
        actors := actors || entry.actor;
        actions := actions || entry.action;
        op_ids := op_ids || entry.operation_id;
        details := details || entry.detail;
        queued := queued || entry.queued_at;
        n := n + 1;
    END LOOP;
    IF n = 0 THEN
        RETURN 0;
    END IF;
    -- Sorted, so the chain's order is the ids' order whatever order nextval ran in.
    SELECT array_agg(v ORDER BY v) INTO ids
    FROM (SELECT nextval(pg_get_serial_sequence('public.audit', 'id')) AS v
          FROM generate_series(1, n)) AS s;
    INSERT INTO public.audit (id, at, actor, action, operation_id, detail, prev_hash, hash,
                              queued_at, chained_at)
        SELECT e.*, clock_timestamp()
        FROM unnest(ids, ats, actors, actions, op_ids, details, prevs, hashes, queued) AS e;
    RETURN n;
END;
$$;

-- The guards. 0011's ops_guard() served every table from one body: it turned the new and the old
-- row into jsonb and looped over eight actor column names on every written row, whichever of them
-- the table has. With the guards on, an agent's refund cost PostgreSQL about 2 ms of CPU more than
-- without them (mcp-bench --pg-agent, 64 in flight). From here each table's guard is generated
-- from one template (ops_guard_source) with its own actor columns read from the catalog and
-- compared as columns, no jsonb. The rules, the refusals and their order are 0011's, and
-- tests/pg/tst_identity's attacks are refused as before. ops_guard() goes, so the rules live in
-- one place.
--
-- A later migration that adds a guarded table, or an actor column to one, calls
-- ops_guard_specialize(table) and points the table's trigger at ops_row_guard_<table>();
-- ops_guard_stale() names any table whose guard no longer matches its columns (tst_identity
-- checks that it names none).

-- The columns that name who wrote a row: a write that sets or changes one must name the login.
CREATE FUNCTION ops_actor_columns() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
    SELECT ARRAY['actor', 'created_by', 'sent_by', 'decided_by', 'updated_by', 'requested_by',
                 'lease_holder', 'attention_by'];
$$;

-- The body of ops_row_guard_<table>(). On INSERT OLD is NULL, so "NEW.c IS DISTINCT FROM OLD.c"
-- is 0011's "set or changed"; a DELETE checks no column (0011 read an empty row). The columns
-- are checked in the list's order, as 0011 looped, so a row naming two others is refused for
-- the same column. The table's name goes into the body only as a quoted literal.
CREATE FUNCTION ops_guard_source(tbl regclass) RETURNS text LANGUAGE plpgsql STABLE AS $gen$
DECLARE
    t text := (SELECT c.relname FROM pg_class c WHERE c.oid = tbl);
    action text := CASE WHEN EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = tbl
                                     AND a.attname = 'action' AND a.attnum > 0
                                     AND NOT a.attisdropped) THEN 'NEW.action' ELSE 'NULL' END;
    actors text := '';
    col text;
BEGIN
    FOR col IN SELECT a.attname FROM pg_attribute a
               WHERE a.attrelid = tbl AND a.attnum > 0 AND NOT a.attisdropped
                 AND a.attname = ANY (ops_actor_columns())
               ORDER BY array_position(ops_actor_columns(), a.attname::text) LOOP
        actors := actors || format(E'        IF NEW.%1$I IS DISTINCT FROM OLD.%1$I THEN\n' ||
                                   E'            PERFORM ops_require_actor(principal, NEW.%1$I, %2$L, %3$s);\n' ||
                                   E'        END IF;\n', col, t || '.' || col, action);
    END LOOP;
    RETURN format($body$
DECLARE
    principal text := ops_role_of(session_user);
BEGIN
    IF principal = 'owner' THEN
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    ELSIF principal = 'disabled' THEN
        PERFORM ops_refuse('disabled', format('%%s is disabled', session_user));
    ELSIF principal = 'none' THEN
        PERFORM ops_refuse('group', format('%%s is in no ops group (ops_support, ops_supervisor, ops_agent, ops_service)',
                                           session_user));
%1$s    END IF;
%2$s    IF TG_OP <> 'DELETE' THEN
%3$s    END IF;
%4$s    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$body$,
    CASE WHEN t IN ('settings', 'service_leases') THEN '' ELSE format(
E'    ELSIF TG_OP = \'DELETE\' THEN\n' ||
E'        PERFORM ops_refuse(\'delete\', %L);\n', format('rows of %s are not deleted', t)) END,
    CASE
        WHEN t IN ('settings', 'operators') THEN format(
E'    IF principal <> \'supervisor\' THEN\n' ||
E'        PERFORM ops_refuse(\'supervisor\', format(\'%%s (%%s) may not change %%s\', session_user, principal, %L));\n' ||
E'    END IF;\n', t)
        WHEN t = 'messages' THEN
E'    IF principal = \'agent\' THEN\n' ||
E'        PERFORM ops_refuse(\'agent\', format(\'%s is an agent: people attach findings and write to customers\', session_user));\n' ||
E'    END IF;\n'
        -- The engine keeps the provider's answer (and a caller's note) as evidence under the
        -- agent's name; what a person found out and what the customer is told are people's.
        WHEN t = 'evidence' THEN
E'    IF principal = \'agent\' AND TG_OP <> \'DELETE\' AND NEW.kind NOT IN (\'provider_object\', \'provider_event\', \'note\') THEN\n' ||
E'        PERFORM ops_refuse(\'agent\', format(\'%s is an agent: people attach findings and write to customers\', session_user));\n' ||
E'    END IF;\n'
        WHEN t IN ('provider_events', 'provider_cursors', 'receiver_heartbeats', 'service_leases') THEN format(
E'    IF principal <> \'service\' THEN\n' ||
E'        PERFORM ops_refuse(\'service\', format(\'%%s (%%s) may not write %%s\', session_user, principal, %L));\n' ||
E'    END IF;\n', t)
        ELSE ''
    END,
    actors,
    CASE
        -- The closer of an operation is checked with its state change.
        WHEN t = 'operations' THEN
E'    IF TG_OP <> \'DELETE\' AND NEW.state = OLD.state AND NEW.closed_by IS DISTINCT FROM OLD.closed_by THEN\n' ||
E'        PERFORM ops_refuse(\'state\', \'the closer of an operation is written with its close\');\n' ||
E'    ELSIF TG_OP <> \'DELETE\' THEN\n' ||
E'        PERFORM ops_guard_state(principal, NEW.id, OLD.state, NEW.state, NEW.closed_by);\n' ||
E'    END IF;\n'
        WHEN t = 'approvals' THEN
E'    IF TG_OP <> \'DELETE\' THEN\n' ||
E'        PERFORM ops_guard_approval(principal, OLD.state, NEW.state, NEW.requested_by, NEW.decided_by);\n' ||
E'    END IF;\n'
        ELSE ''
    END);
END;
$gen$;

-- (Re)writes ops_row_guard_<table>() from the table's columns as they are now. A name longer
-- than PostgreSQL's 63 bytes would be cut, and ops_guard_stale() could not find the guard.
CREATE FUNCTION ops_guard_specialize(tbl regclass) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    guard text := 'ops_row_guard_' || (SELECT c.relname FROM pg_class c WHERE c.oid = tbl);
BEGIN
    IF octet_length(guard) > 63 THEN
        RAISE EXCEPTION 'the guard of % would be named % (over 63 bytes): shorten the table name',
            tbl, guard;
    END IF;
    EXECUTE format('CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS %L',
                   guard, ops_guard_source(tbl));
END;
$$;

-- Tables whose trigger runs a row guard that differs from what ops_guard_source writes now.
CREATE FUNCTION ops_guard_stale() RETURNS SETOF text LANGUAGE sql STABLE AS $$
    SELECT c.relname::text FROM pg_trigger tr
    JOIN pg_class c ON c.oid = tr.tgrelid
    JOIN pg_proc p ON p.oid = tr.tgfoid
    WHERE p.proname = 'ops_row_guard_' || c.relname AND p.prosrc <> ops_guard_source(c.oid)
    ORDER BY 1;
$$;

-- Only the owner (who migrates) regenerates guards.
REVOKE ALL ON FUNCTION ops_guard_source(regclass), ops_guard_specialize(regclass),
    ops_guard_stale() FROM PUBLIC;

-- Every trigger that ran ops_guard() now runs its table's guard: same events, same WHEN.
DO $$
DECLARE
    trg record;
    def text;
BEGIN
    FOR trg IN SELECT tr.oid, tr.tgname, tr.tgrelid, c.relname FROM pg_trigger tr
               JOIN pg_class c ON c.oid = tr.tgrelid JOIN pg_proc p ON p.oid = tr.tgfoid
               WHERE p.proname = 'ops_guard' AND p.pronargs = 0 LOOP
        PERFORM ops_guard_specialize(trg.tgrelid);
        def := replace(pg_get_triggerdef(trg.oid), 'EXECUTE FUNCTION ops_guard()',
                       format('EXECUTE FUNCTION %I()', 'ops_row_guard_' || trg.relname));
        EXECUTE format('DROP TRIGGER %I ON %s', trg.tgname, trg.tgrelid::regclass);
        EXECUTE def;
    END LOOP;
END
$$;
DROP FUNCTION ops_guard();

-- The agents' and people's refund guards (0013, 0014) refuse an UPDATE only in the cases below,
-- so they now run only then (the people's guard still lets the owner, and anyone but the
-- refund's creator, release a four-eyes hold): an ordinary update no longer asks for the login's
-- role twice more.
DROP TRIGGER operations_guard_agent ON operations;
CREATE TRIGGER operations_guard_agent BEFORE INSERT ON operations
    FOR EACH ROW EXECUTE FUNCTION ops_guard_agent_rows();
CREATE TRIGGER operations_guard_agent_change BEFORE UPDATE ON operations
    FOR EACH ROW WHEN (NEW.agent IS DISTINCT FROM OLD.agent)
    EXECUTE FUNCTION ops_guard_agent_rows();
DROP TRIGGER operations_guard_person ON operations;
CREATE TRIGGER operations_guard_person BEFORE INSERT ON operations
    FOR EACH ROW WHEN (NEW.kind = 'refund') EXECUTE FUNCTION ops_guard_person_refund();
CREATE TRIGGER operations_guard_person_change BEFORE UPDATE ON operations
    FOR EACH ROW WHEN (NEW.kind = 'refund' AND (NEW.replaces IS DISTINCT FROM OLD.replaces
                       OR (OLD.state = 'awaiting_approval' AND NEW.state = 'open'
                           AND OLD.hold = 'four_eyes')))
    EXECUTE FUNCTION ops_guard_person_refund();
