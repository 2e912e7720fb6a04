-- 0002 (PostgreSQL): the console's list indexes and the resend lease; see sqlite/0002_console.sql.

CREATE INDEX operations_created_id ON operations (created_at, id);
CREATE INDEX operations_state_created ON operations (state, created_at, id);
CREATE INDEX operations_kind_created ON operations (kind, created_at, id);
CREATE INDEX operations_provider_created ON operations (provider, created_at, id);
CREATE INDEX operations_amount_id ON operations (amount_minor, id);
CREATE INDEX operations_deadline_sort ON operations ((COALESCE(deadline_at, 9223372036854775807)), id);
CREATE INDEX operations_state_deadline_sort
    ON operations (state, (COALESCE(deadline_at, 9223372036854775807)), id);
CREATE INDEX operations_last_attempt_sort ON operations ((COALESCE(last_attempt_at, 0)), id);
CREATE INDEX operations_key ON operations (idempotency_key);
CREATE INDEX operations_charge_id ON operations (charge_id) WHERE charge_id IS NOT NULL;

-- Resend lease: one conditional UPDATE claims the row; under READ COMMITTED a second claimant
-- waits for the first one's row lock and then re-checks the condition, so only one wins.
ALTER TABLE operations ADD COLUMN lease_holder TEXT;
ALTER TABLE operations ADD COLUMN lease_until BIGINT;
