-- 0014 (PostgreSQL): replacements and a person's four-eyes hold; see sqlite/0014_replacements.sql.
-- The database checks both for every login but the owner, as 0013 does for agents' limits.
ALTER TABLE operations ADD COLUMN replaces text REFERENCES operations (id);
CREATE INDEX operations_replaces ON operations (replaces) WHERE replaces IS NOT NULL;
ALTER TABLE operations DROP CONSTRAINT operations_hold_check;
ALTER TABLE operations ADD CONSTRAINT operations_hold_check
    CHECK (hold IN ('max_refund', 'daily', 'four_eyes'));

-- A replacement names a failed refund of the same order and currency that has no live or
-- confirmed replacement, and keeps that name. A person's refund above the currency's threshold
-- opens held, and the person who started it does not send it.
CREATE FUNCTION ops_guard_person_refund() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    principal text := ops_role_of(session_user);
    replaced operations%ROWTYPE;
BEGIN
    IF principal = 'owner' OR NEW.kind <> 'refund' THEN
        RETURN NEW;
    ELSIF TG_OP = 'UPDATE' THEN
        IF NEW.replaces IS DISTINCT FROM OLD.replaces THEN
            PERFORM ops_refuse('replaces', 'the operation a refund replaces is written with its opening');
        ELSIF OLD.state = 'awaiting_approval' AND NEW.state = 'open' AND OLD.hold = 'four_eyes'
              AND OLD.created_by = 'operator:' || session_user THEN
            PERFORM ops_refuse('own', format('%s started this refund; another person sends it',
                                             session_user));
        END IF;
        RETURN NEW;
    END IF;
    IF NEW.replaces IS NOT NULL THEN
        SELECT * INTO replaced FROM operations WHERE id = NEW.replaces;
        IF NOT FOUND OR replaced.kind <> 'refund' OR replaced.state <> 'failed'
           OR replaced.order_id IS DISTINCT FROM NEW.order_id
           OR replaced.currency <> NEW.currency THEN
            PERFORM ops_refuse('replaces', format('%s is not a failed refund of order %s in %s',
                                                  NEW.replaces, NEW.order_id, NEW.currency));
        ELSIF EXISTS (SELECT 1 FROM operations r WHERE r.replaces = NEW.replaces
                      AND r.state IN ('open', 'unknown', 'awaiting_approval', 'succeeded')) THEN
            PERFORM ops_refuse('replaces', format('%s already has a replacement', NEW.replaces));
        END IF;
    END IF;
    IF principal IN ('support', 'supervisor') AND NEW.state <> 'awaiting_approval'
       AND EXISTS (SELECT 1 FROM settings s WHERE s.name = 'approval_threshold.' || lower(NEW.currency)
                   AND abs(NEW.amount_minor) > s.value::bigint) THEN
        PERFORM ops_refuse('threshold', format('%s %s is above the approval threshold: a second person sends it',
                                               NEW.amount_minor, NEW.currency));
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER operations_guard_person BEFORE INSERT OR UPDATE ON operations
    FOR EACH ROW EXECUTE FUNCTION ops_guard_person_refund();
