-- 0013 (PostgreSQL): agents' limits are enforced (DESIGN §13, docs/agents.md "Limits"). A refund
-- an agent opens names the agent; one over a limit is stored `awaiting_approval` with the limit
-- that held it, and is sent only after a supervisor approves it.
ALTER TABLE operations ADD COLUMN agent TEXT CHECK (length(agent) BETWEEN 1 AND 64);
ALTER TABLE operations ADD COLUMN hold TEXT CHECK (hold IN ('max_refund', 'daily'));
ALTER TABLE operations DROP CONSTRAINT operations_state_check;
ALTER TABLE operations ADD CONSTRAINT operations_state_check
    CHECK (state IN ('open', 'unknown', 'succeeded', 'failed', 'awaiting_approval'));

-- The limits' one read (storage/access/agentquota.cpp): the agent's rows of the last 24 hours.
CREATE INDEX operations_agent_created ON operations (agent, created_at) WHERE agent IS NOT NULL;

-- Rule 2 and rule 9: a held refund is live. It keeps its unit of work and its share of the charge.
DROP INDEX operations_live_refund;
CREATE UNIQUE INDEX operations_live_refund
    ON operations (provider, project, unit_of_work, reference)
    WHERE kind = 'refund' AND state IN ('open', 'unknown', 'awaiting_approval');

-- 0011's transitions plus the two a supervisor makes on a held refund: approve (to open, sent by
-- the engine next) and reject (to failed, closed by that supervisor).
CREATE OR REPLACE FUNCTION ops_guard_state(principal text, op_id text, old_state text,
                                           new_state text, closed_by text)
    RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF old_state IS NULL OR old_state = new_state
       OR (old_state = 'open' AND new_state = 'unknown') THEN
        RETURN;
    ELSIF old_state = 'awaiting_approval' AND new_state IN ('open', 'failed') THEN
        IF principal NOT IN ('supervisor', 'owner') THEN
            PERFORM ops_refuse('approve', format('%s (%s) may not decide an agent''s request',
                                                 session_user, principal));
        ELSIF new_state = 'failed' THEN
            PERFORM ops_require_actor(principal, closed_by, 'close', NULL);
        END IF;
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

-- The database's own check of an agent login's rows. A login that is a named agent writes rows
-- naming itself; any other ops_agent login (the HTTP server's, which names the agent whose token
-- it checked) names some agent. A refund over that agent's amount limits is held, never opened,
-- and a revoked agent opens nothing. The engine decides the same in the opening transaction
-- (storage/access/agentquota.cpp) and stores the hold; this refuses a client that does not.
CREATE FUNCTION ops_guard_agent_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    a agents%ROWTYPE;
    spent bigint;
BEGIN
    IF TG_OP = 'UPDATE' THEN
        IF NEW.agent IS DISTINCT FROM OLD.agent THEN
            PERFORM ops_refuse('agent', 'the agent of an operation is written with its opening');
        END IF;
        RETURN NEW;
    END IF;
    IF ops_role_of(session_user) <> 'agent' THEN
        RETURN NEW;
    ELSIF NEW.agent IS NULL OR (NEW.agent <> session_user
                                AND EXISTS (SELECT 1 FROM agents WHERE name = session_user)) THEN
        PERFORM ops_refuse('agent', format('you are logged in as %s; the operation names agent %s',
                                           session_user, coalesce(NEW.agent, 'none')));
    END IF;
    SELECT * INTO a FROM agents WHERE name = NEW.agent;
    IF FOUND AND a.revoked_at IS NOT NULL THEN
        PERFORM ops_refuse('agent_revoked', format('agent %s is revoked', NEW.agent));
    END IF;
    IF NOT FOUND OR NEW.kind <> 'refund' OR NEW.state = 'awaiting_approval' THEN
        RETURN NEW;
    END IF;
    IF a.max_refund_minor IS NOT NULL AND (NEW.currency <> a.max_refund_currency
                                           OR NEW.amount_minor > a.max_refund_minor) THEN
        PERFORM ops_refuse('limit', format('%s %s is over agent %s''s limit per refund',
                                           NEW.amount_minor, NEW.currency, NEW.agent));
    END IF;
    IF a.daily_minor IS NOT NULL THEN
        SELECT coalesce(sum(amount_minor), 0) INTO spent FROM operations
         WHERE agent = NEW.agent AND created_at > NEW.created_at - 86400000
           AND kind = 'refund' AND currency = a.daily_currency
           AND state IN ('open', 'unknown', 'succeeded');
        IF NEW.currency <> a.daily_currency OR spent + NEW.amount_minor > a.daily_minor THEN
            PERFORM ops_refuse('limit', format('%s %s is over agent %s''s daily limit',
                                               NEW.amount_minor, NEW.currency, NEW.agent));
        END IF;
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER operations_guard_agent BEFORE INSERT OR UPDATE ON operations
    FOR EACH ROW EXECUTE FUNCTION ops_guard_agent_rows();
