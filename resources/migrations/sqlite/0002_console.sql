-- 0002: the operator console. Indexes for the console's list queries (search, filters, keyset
-- paging by each sortable column) and the resend lease.
-- Every sort is (sort value, id) so keyset paging has a total order; nullable sort values are
-- wrapped in COALESCE with the same expression the query uses, so SQLite matches the index.

CREATE INDEX operations_created_id ON operations (created_at, id);
CREATE INDEX operations_state_created ON operations (state, created_at, id);
CREATE INDEX operations_kind_created ON operations (kind, created_at, id);
CREATE INDEX operations_provider_created ON operations (provider, created_at, id);
CREATE INDEX operations_amount_id ON operations (amount_minor, id);
CREATE INDEX operations_deadline_sort ON operations (COALESCE(deadline_at, 9223372036854775807), id);
CREATE INDEX operations_state_deadline_sort
    ON operations (state, COALESCE(deadline_at, 9223372036854775807), id);
CREATE INDEX operations_last_attempt_sort ON operations (COALESCE(last_attempt_at, 0), id);
-- Search by key is a prefix range on the whole key space (refund keys have their own partial
-- index, credit keys are scoped by project; the console searches across both).
CREATE INDEX operations_key ON operations (idempotency_key);
CREATE INDEX operations_charge_id ON operations (charge_id) WHERE charge_id IS NOT NULL;

-- Resend lease: a console that resends claims the row with a conditional UPDATE, so two
-- consoles cannot send the same operation at the same moment. Expired leases are free.
ALTER TABLE operations ADD COLUMN lease_holder TEXT;
ALTER TABLE operations ADD COLUMN lease_until INTEGER;
