-- 0018 (PostgreSQL): the provider's answer to a counted attempt closes the row even when it
-- turned unknown while that attempt was in flight (another caller of the same unit reached the
-- attempt cap, or the window closed): the answer is proof, as a provider event is (DESIGN rule
-- 6), and the engine records it under the login that ran the attempt. Only that login, and only
-- with an answered attempt of its own on the row: any other close of an unknown row is still a
-- service's on proof or a supervisor's by hand (0011, 0013).
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
    ELSIF old_state = 'unknown' AND new_state IN ('succeeded', 'failed')
          AND principal IN ('agent', 'support', 'supervisor')
          AND EXISTS (SELECT 1 FROM attempts t
                      WHERE t.operation_id = op_id AND t.actor = closed_by
                        AND t.mode = 'automation' AND t.classification IN ('succeeded', 'refused')) THEN
        PERFORM ops_require_actor(principal, closed_by, 'close', NULL);
    ELSIF old_state = 'unknown' AND new_state IN ('succeeded', 'failed') THEN
        PERFORM ops_check_manual_close(principal, op_id, closed_by);
    ELSE
        PERFORM ops_refuse('state', format('an operation does not go from %s to %s',
                                           old_state, new_state));
    END IF;
END;
$$;

-- A proposal outlives nothing: when its row closes by any path but its own apply, it is
-- `withdrawn` in the same transaction, by whoever closed the row (storage/reconcile/proposals.h).
-- An agent's answer can be that close, so an agent may update a proposal, and only that way.
ALTER TABLE proposals DROP CONSTRAINT proposals_state_check;
ALTER TABLE proposals ADD CONSTRAINT proposals_state_check
    CHECK (state IN ('open', 'superseded', 'applied', 'approval', 'withdrawn'));
GRANT UPDATE ON proposals TO ops_agent;

CREATE FUNCTION ops_guard_proposal_withdrawal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.state = 'withdrawn' AND OLD.state IS DISTINCT FROM 'withdrawn'
       AND (OLD.state <> 'open' OR NOT EXISTS (SELECT 1 FROM operations o
                                               WHERE o.id = NEW.operation_id
                                                 AND o.state IN ('succeeded', 'failed'))) THEN
        PERFORM ops_refuse('proposal', format('proposal %s is withdrawn only from open, once its operation has closed',
                                              NEW.id));
    ELSIF ops_role_of(session_user) = 'agent' AND NEW.state <> 'withdrawn' THEN
        PERFORM ops_refuse('agent', format('%s is an agent: it withdraws a proposal only when its answer closed the row',
                                           session_user));
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER proposals_withdrawal BEFORE UPDATE ON proposals
    FOR EACH ROW EXECUTE FUNCTION ops_guard_proposal_withdrawal();
