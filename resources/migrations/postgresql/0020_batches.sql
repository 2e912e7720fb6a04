-- 0020: batches (DESIGN §19, issue 54). Four-eyes for a whole batch: a batch whose total in a
-- currency is above that currency's batch threshold (settings batch_threshold.<currency>, minor
-- units) runs only after a second supervisor approved it. The approval names the batch and the
-- SHA-256 of the file asked for: the same name with other contents asks again. Rows are never
-- deleted.
CREATE TABLE batch_approvals (
    id              BIGSERIAL PRIMARY KEY,
    name            TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    file_sha256     TEXT    NOT NULL CHECK (length(file_sha256) = 64),
    totals          TEXT    NOT NULL, -- JSON {"usd": 250000, …}: what the approver approved
    row_count       INTEGER NOT NULL CHECK (row_count > 0),
    requested_by    TEXT    NOT NULL,
    requested_at    BIGINT  NOT NULL,
    state           TEXT    NOT NULL DEFAULT 'pending'
                            CHECK (state IN ('pending', 'approved', 'rejected')),
    decided_by      TEXT,
    decided_at      BIGINT,
    decision_reason TEXT,
    -- Nobody approves their own batch.
    CHECK (state <> 'approved' OR decided_by <> requested_by)
);
-- One live (pending or approved) approval per batch and file.
CREATE UNIQUE INDEX batch_approvals_live ON batch_approvals (name, file_sha256)
    WHERE state IN ('pending', 'approved');
CREATE INDEX batch_approvals_state ON batch_approvals (state, requested_at, id);

-- ops_guard() checks the actor columns and refuses deletes; the second trigger holds the
-- approval rules every four-eyes approval has (0011's ops_guard_approval): people ask, a
-- supervisor other than the asker decides. What was asked for is fixed once asked: an approval
-- moved to another file (or batch, or totals) would let a file nobody approved run.
CREATE FUNCTION ops_guard_batch_approvals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    principal text := ops_role_of(session_user);
BEGIN
    IF principal <> 'owner' AND TG_OP = 'UPDATE' AND (
           (NEW.name, NEW.file_sha256, NEW.totals, NEW.row_count, NEW.requested_by,
            NEW.requested_at) IS DISTINCT FROM (OLD.name, OLD.file_sha256, OLD.totals,
            OLD.row_count, OLD.requested_by, OLD.requested_at)
           OR OLD.state <> 'pending') THEN
        PERFORM ops_refuse('approval', format('%s may not change batch approval #%s once asked',
                                              session_user, OLD.id));
    END IF;
    IF principal <> 'owner' THEN
        PERFORM ops_guard_approval(principal,
                                   CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.state END,
                                   NEW.state, NEW.requested_by, NEW.decided_by);
    END IF;
    RETURN NEW;
END;
$$;
CREATE TRIGGER batch_approvals_guard BEFORE INSERT OR UPDATE OR DELETE ON batch_approvals
    FOR EACH ROW EXECUTE FUNCTION ops_guard();
CREATE TRIGGER batch_approvals_guard_rules BEFORE INSERT OR UPDATE ON batch_approvals
    FOR EACH ROW EXECUTE FUNCTION ops_guard_batch_approvals();
REVOKE ALL ON batch_approvals FROM PUBLIC;
GRANT SELECT ON batch_approvals TO ops_support, ops_agent, ops_service;
GRANT INSERT, UPDATE ON batch_approvals TO ops_support;
GRANT USAGE, SELECT ON SEQUENCE batch_approvals_id_seq TO ops_support;

-- A refund's reason code (DESIGN §19): from a fixed list, so refunds can be counted by why;
-- Stripe's three are also sent as the refund's reason. NULL: none given.
ALTER TABLE operations ADD COLUMN reason_code TEXT
    CHECK (reason_code IN ('duplicate', 'fraudulent', 'requested_by_customer',
                           'product_not_received', 'price_adjustment'));
