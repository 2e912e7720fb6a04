-- 0011 (PostgreSQL): who acted is proven (DESIGN §13, docs/design.md "Identity in the database").
-- People and agents log in as themselves; the group they are in is their right; every write a
-- login makes passes one trigger, ops_guard(), which refuses what its group may not do and any
-- actor column that does not name the login. Grants go to the four groups only, never to a login.
-- The owner of the tables (and a superuser) is exempt: it runs migrations and could drop the
-- triggers anyway, so docs/team.md keeps it for upgrades.

-- The groups are cluster-wide and may already exist (another database, a DBA, a concurrent
-- migration of a second database): each step tolerates the one that got there first.
DO $$
DECLARE
    g text;
BEGIN
    IF NOT pg_has_role(current_user, (SELECT relowner FROM pg_class
                                      WHERE oid = 'public.operations'::regclass), 'MEMBER') THEN
        RAISE EXCEPTION 'migration 11 is run by the owner of the tables: run opsctl db migrate as ops_owner (docs/team.md)';
    END IF;
    FOREACH g IN ARRAY ARRAY['ops_support', 'ops_supervisor', 'ops_agent', 'ops_service'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = g) THEN
            BEGIN
                EXECUTE format('CREATE ROLE %I NOLOGIN', g);
            EXCEPTION
                WHEN duplicate_object OR unique_violation THEN NULL;
                WHEN insufficient_privilege THEN
                    RAISE EXCEPTION 'migration 11 needs the group roles ops_support, ops_supervisor, ops_agent and ops_service: a superuser creates them (docs/team.md) or gives % CREATEROLE', current_user;
            END;
        END IF;
    END LOOP;
    IF NOT pg_has_role('ops_supervisor', 'ops_support', 'MEMBER') THEN
        BEGIN
            GRANT ops_support TO ops_supervisor;
        EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
        END;
    END IF;
    -- The owner adds people (GRANT ops_support TO alice) without being a superuser.
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        FOREACH g IN ARRAY ARRAY['ops_support', 'ops_supervisor', 'ops_agent', 'ops_service'] LOOP
            BEGIN
                EXECUTE format('GRANT %I TO %I WITH ADMIN OPTION', g, current_user);
            EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
            END;
        END LOOP;
    END IF;
END
$$;

-- What a login is here: 'owner' (superuser or member of the tables' owner), 'disabled' (NOLOGIN
-- or disabled in the directory), then the first group it is in, else 'none'. SECURITY DEFINER:
-- a login in no group still gets its answer rather than "permission denied for operators".
CREATE FUNCTION ops_role_of(login text) RETURNS text LANGUAGE plpgsql STABLE
    SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
    r record;
BEGIN
    SELECT rolsuper, rolcanlogin INTO r FROM pg_roles WHERE rolname = login;
    IF NOT FOUND THEN
        RETURN 'none';
    END IF;
    IF r.rolsuper OR pg_has_role(login, (SELECT relowner FROM pg_class
                                         WHERE oid = 'public.operations'::regclass), 'MEMBER') THEN
        RETURN 'owner';
    END IF;
    IF NOT r.rolcanlogin
       OR EXISTS (SELECT 1 FROM public.operators o WHERE o.name = login AND o.disabled = 1) THEN
        RETURN 'disabled';
    END IF;
    IF pg_has_role(login, 'ops_service', 'MEMBER') THEN
        RETURN 'service';
    ELSIF pg_has_role(login, 'ops_agent', 'MEMBER') THEN
        RETURN 'agent';
    ELSIF pg_has_role(login, 'ops_supervisor', 'MEMBER') THEN
        RETURN 'supervisor';
    ELSIF pg_has_role(login, 'ops_support', 'MEMBER') THEN
        RETURN 'support';
    END IF;
    RETURN 'none';
END;
$$;

-- Every refusal reads "ops-refused[code]: text" with SQLSTATE 42501: the client turns it into
-- ActionRefused and the console translates it by its code.
CREATE FUNCTION ops_refuse(code text, message text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = '42501', MESSAGE = format('ops-refused[%s]: %s', code, message);
END;
$$;

-- The actor a write names must be the login's: a person writes operator:<login> (only the
-- resend lease holder adds '#desk'), an agent agent:…, a service system:…. The engine's own entries
-- (system:engine when an attempt finishes, system:sweeper when a deadline passes) are written by
-- whoever runs the engine, for those two actions only.
CREATE FUNCTION ops_require_actor(principal text, actor text, what text, action text)
    RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    me text := 'operator:' || session_user;
BEGIN
    IF actor IS NULL THEN
        RETURN;
    ELSIF (actor = 'system:engine' AND action = 'attempt.finished')
       OR (actor = 'system:sweeper' AND action = 'state.unknown') THEN
        RETURN;
    ELSIF principal IN ('support', 'supervisor') AND (actor = me OR (
              what = 'operations.lease_holder' AND starts_with(actor, me || '#'))) THEN
        RETURN;
    ELSIF principal = 'agent' AND starts_with(actor, 'agent:') THEN
        RETURN;
    ELSIF principal = 'service' AND starts_with(actor, 'system:') THEN
        RETURN;
    END IF;
    PERFORM ops_refuse('actor', format('you are logged in as %s; the %s names %s',
                                       session_user, what, actor));
END;
$$;

-- A manual close names the closer, and after four-eyes both: "operator:a, approved by
-- operator:b", written by a (closing after the approval) or by b (whose approval carries it out),
-- must match an approval of this close that b decided and a asked for.
CREATE FUNCTION ops_check_manual_close(principal text, op_id text, closed_by text)
    RETURNS void LANGUAGE plpgsql AS $$
DECLARE
    me text := 'operator:' || session_user;
    requester text := split_part(closed_by, ', approved by ', 1);
    approver text := split_part(closed_by, ', approved by ', 2);
BEGIN
    -- Support closes only the answer to their own resend: the row's latest attempt is theirs,
    -- made as an operator (storage/manualclose.cpp's resend close, checked here for any client).
    IF principal IN ('support', 'supervisor') AND closed_by = me
       AND (SELECT t.actor = me AND t.mode = 'operator' FROM attempts t
            WHERE t.operation_id = op_id ORDER BY t.seq DESC LIMIT 1) THEN
        RETURN;
    ELSIF principal <> 'supervisor' THEN
        PERFORM ops_refuse('close', format('%s (%s) may not close an operation by hand',
                                           session_user, principal));
    ELSIF approver = '' THEN
        PERFORM ops_require_actor(principal, closed_by, 'close', NULL);
        -- Above the currency's threshold a close takes a second person (storage/access/approvals).
        IF EXISTS (SELECT 1 FROM operations o JOIN settings s
                     ON s.name = 'approval_threshold.' || lower(o.currency)
                   WHERE o.id = op_id AND abs(o.amount_minor) > s.value::bigint) THEN
            PERFORM ops_refuse('threshold', format('%s is above the approval threshold: a second supervisor approves its close',
                                                   op_id));
        END IF;
    ELSIF me NOT IN (requester, approver) THEN
        PERFORM ops_refuse('actor', format('you are logged in as %s; the close names %s',
                                           session_user, closed_by));
    ELSIF NOT EXISTS (SELECT 1 FROM approvals a
                      WHERE a.operation_id = op_id AND a.action = 'close'
                        AND a.requested_by = requester AND a.decided_by = approver
                        AND a.state IN ('approved', 'used')) THEN
        PERFORM ops_refuse('approval', format('no approval of this close by %s', approver));
    END IF;
END;
$$;

-- Which state changes a group may make: the engine records the answer to its own attempt on an
-- open row; an unknown row is closed by a service on the provider's proof or by a supervisor by
-- hand; nothing reopens a row.
CREATE FUNCTION ops_guard_state(principal text, op_id text, old_state text, new_state text,
                                closed_by text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF old_state IS NULL OR old_state = new_state
       OR (old_state = 'open' AND new_state = 'unknown') THEN
        RETURN;
    ELSIF new_state IN ('succeeded', 'failed') AND (old_state = 'open' OR principal = 'service')
          AND old_state IN ('open', 'unknown') THEN
        PERFORM ops_require_actor(principal, closed_by, 'close', NULL);
    ELSIF old_state = 'unknown' AND new_state IN ('succeeded', 'failed') THEN
        PERFORM ops_check_manual_close(principal, op_id, closed_by);
    ELSE
        PERFORM ops_refuse('state', format('an operation does not go from %s to %s',
                                           old_state, new_state));
    END IF;
END;
$$;

-- Four-eyes: a person asks; a supervisor who did not ask decides; the asker uses it once.
CREATE FUNCTION ops_guard_approval(principal text, old_state text, new_state text,
                                   requested_by text, decided_by text)
    RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF principal NOT IN ('support', 'supervisor') THEN
        PERFORM ops_refuse('person', format('%s (%s): only a person asks for or decides an approval',
                                            session_user, principal));
    ELSIF old_state IS NULL AND (new_state <> 'pending' OR decided_by IS NOT NULL) THEN
        PERFORM ops_refuse('approval', 'an approval is asked for pending and decided later');
    ELSIF old_state IS NULL OR old_state = new_state THEN
        RETURN;
    ELSIF old_state = 'pending' AND new_state IN ('approved', 'rejected') THEN
        IF principal <> 'supervisor' THEN
            PERFORM ops_refuse('approve', format('%s (support) may not approve', session_user));
        ELSIF requested_by = 'operator:' || session_user THEN
            PERFORM ops_refuse('own', format('%s asked for this; another supervisor decides it',
                                             session_user));
        END IF;
    ELSIF old_state = 'approved' AND new_state = 'used'
          AND 'operator:' || session_user IN (requested_by, decided_by) THEN
        RETURN; -- the asker spends it, or the approver carrying it out
    ELSE
        PERFORM ops_refuse('approval', format('an approval does not go from %s to %s',
                                              old_state, new_state));
    END IF;
END;
$$;

-- One trigger function for every table a login writes; the owner passes untouched. Actor
-- columns are checked where a write sets or changes them (a service updating a message a person
-- wrote does not rename it); the closer of an operation is checked with its state change.
CREATE FUNCTION ops_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    principal text := ops_role_of(session_user);
    n jsonb := CASE WHEN TG_OP = 'DELETE' THEN '{}'::jsonb ELSE to_jsonb(NEW) END;
    o jsonb := CASE WHEN TG_OP = 'INSERT' THEN '{}'::jsonb ELSE to_jsonb(OLD) END;
    col text;
BEGIN
    IF principal = 'owner' THEN
        RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
    ELSIF principal = 'disabled' THEN
        PERFORM ops_refuse('disabled', format('%s is disabled', session_user));
    ELSIF principal = 'none' THEN
        PERFORM ops_refuse('group', format('%s is in no ops group (ops_support, ops_supervisor, ops_agent, ops_service)',
                                           session_user));
    ELSIF TG_OP = 'DELETE' AND TG_TABLE_NAME NOT IN ('settings', 'service_leases') THEN
        PERFORM ops_refuse('delete', format('rows of %s are not deleted', TG_TABLE_NAME));
    END IF;
    IF TG_TABLE_NAME IN ('settings', 'operators') AND principal <> 'supervisor' THEN
        PERFORM ops_refuse('supervisor', format('%s (%s) may not change %s', session_user,
                                                principal, TG_TABLE_NAME));
    ELSIF principal = 'agent' AND (TG_TABLE_NAME = 'messages' OR (TG_TABLE_NAME = 'evidence'
          AND n->>'kind' NOT IN ('provider_object', 'provider_event', 'note'))) THEN
        -- The engine keeps the provider's answer (and a caller's note) as evidence under the
        -- agent's name; what a person found out and what the customer is told are people's.
        PERFORM ops_refuse('agent', format('%s is an agent: people attach findings and write to customers',
                                           session_user));
    ELSIF TG_TABLE_NAME IN ('provider_events', 'provider_cursors', 'receiver_heartbeats',
                            'service_leases') AND principal <> 'service' THEN
        PERFORM ops_refuse('service', format('%s (%s) may not write %s', session_user, principal,
                                             TG_TABLE_NAME));
    END IF;
    FOREACH col IN ARRAY ARRAY['actor', 'created_by', 'sent_by', 'decided_by', 'updated_by',
                               'requested_by', 'lease_holder', 'attention_by'] LOOP
        IF n ? col AND (n->>col) IS DISTINCT FROM (o->>col) THEN
            PERFORM ops_require_actor(principal, n->>col, TG_TABLE_NAME || '.' || col,
                                      n->>'action');
        END IF;
    END LOOP;
    IF TG_TABLE_NAME = 'operations' AND (n->>'state') = (o->>'state')
       AND (n->>'closed_by') IS DISTINCT FROM (o->>'closed_by') THEN
        PERFORM ops_refuse('state', 'the closer of an operation is written with its close');
    ELSIF TG_TABLE_NAME = 'operations' THEN
        PERFORM ops_guard_state(principal, n->>'id', o->>'state', n->>'state', n->>'closed_by');
    ELSIF TG_TABLE_NAME = 'approvals' THEN
        PERFORM ops_guard_approval(principal, o->>'state', n->>'state', n->>'requested_by',
                                   n->>'decided_by');
    END IF;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;

-- The guard on every table a login may write (audit and evidence also keep their no-change
-- triggers of 0001).
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['operations', 'attempts', 'evidence', 'audit', 'messages',
                             'operators', 'approvals', 'settings', 'proposals', 'provider_events',
                             'provider_cursors', 'receiver_heartbeats', 'service_leases'] LOOP
        EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE ON %I ' ||
                       'FOR EACH ROW EXECUTE FUNCTION ops_guard()', t || '_guard', t);
    END LOOP;
END
$$;

-- Grants, to groups only. Reads for everyone in a group; writes only where a group writes, and
-- ops_guard() narrows each of them to the rows and actors that group may write.
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;
GRANT SELECT ON schema_version TO PUBLIC; -- so a login in no group is told so, not "no schema"
GRANT USAGE ON SCHEMA public TO ops_support, ops_agent, ops_service;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO ops_support, ops_agent, ops_service;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ops_support, ops_agent, ops_service;
GRANT INSERT, UPDATE ON operations, attempts, messages, approvals, proposals TO ops_support;
GRANT INSERT ON evidence, audit TO ops_support;
GRANT INSERT, UPDATE ON operators TO ops_supervisor;
GRANT INSERT, UPDATE, DELETE ON settings TO ops_supervisor;
GRANT INSERT, UPDATE ON operations, attempts TO ops_agent;
GRANT INSERT ON audit, evidence TO ops_agent;
GRANT INSERT, UPDATE ON operations, attempts, messages, proposals, provider_events,
    provider_cursors, receiver_heartbeats, service_leases TO ops_service;
GRANT INSERT ON audit, evidence TO ops_service;
GRANT DELETE ON service_leases TO ops_service;

-- Until this version every desk logged in as ops_app (docs/team.md before wave 3): it keeps
-- reading, and writes nothing, until a DBA drops it.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'ops_app') THEN
        REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public FROM ops_app;
    END IF;
END
$$;
