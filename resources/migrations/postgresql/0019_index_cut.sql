-- 0019 (PostgreSQL): indexes of operations that earn their keep (issue 52; the inventory is in
-- docs/benchmarks.md, "which query uses which index"). Every index of operations is written again
-- by each update that is not HOT, and a refund makes two such updates, so an index no query
-- uses is paid for on every refund.
--
-- operations_created (created_at DESC, id): no plan used it at 1,000,000 rows; newest-first
-- lists and their keyset pages walk operations_created_id backwards.
DROP INDEX IF EXISTS operations_created;
-- operations_charge (provider, charge_id): no plan used it. Rule 9's balance (the live and
-- recently succeeded refunds of one charge, operationstore.cpp) gets an index that holds its
-- whole condition instead: before statistics exist (a new database, or a table that grew since
-- its last ANALYZE) the planner costs every one-row estimate alike, and it chose the unit index
-- operations_refund_unit_latest, whose Index Cond is the provider alone: every refund of the
-- provider was read for each new refund (2.6 ms of 8 at 2,000 refunds). The charge arm of the
-- console's search keeps operations_charge_id (all kinds, prefix ranges).
DROP INDEX IF EXISTS operations_charge;
CREATE INDEX operations_refund_charge ON operations (charge_id, provider) WHERE kind = 'refund';
-- operations_kind_created (kind, created_at, id): the console's kind filter, newest first. With
-- statistics PostgreSQL walks operations_created_id backwards for a common kind and seeks
-- operations_kind (kind, id) for a rare one (1,000,000 rows: 2.7 ms for refunds, 0.1 ms for a
-- kind with no rows). A SQLite file keeps it: SQLite plans without statistics here and sorts
-- every row of the kind through operations_kind instead (2.2 s for the refunds).
DROP INDEX IF EXISTS operations_kind_created;
-- operations_state_created (state, created_at, id): the console's state filter, newest first, and
-- `opsctl list --state`. The same holds: operations_created_id walked backwards for a common
-- state, operations_state_deadline for a rare one (1,000,000 rows: succeeded 2.5 ms, unknown
-- 3.3 ms, awaiting approval 0.4 ms; with the index 2.9 / 3.4 / 0.6 ms). A SQLite file keeps it.
DROP INDEX IF EXISTS operations_state_created;
-- operations_reconcile_due (reconcile_next_at, id): no plan used it. The reconciler's candidates
-- (storage/reconcile/reconcilerows.cpp) are ordered by charge and filtered by state, so every
-- pass read the whole table (a parallel seq scan: 300 ms at 1,000,000 rows with 7,600
-- candidates). operations_reconcile_candidates holds only the rows a pass may read, in the
-- pass's order; the query carries this predicate word for word.
DROP INDEX IF EXISTS operations_reconcile_due;
CREATE INDEX operations_reconcile_candidates ON operations ((COALESCE(charge_id, '')), id)
    WHERE reconcile_ended = 0 AND (state IN ('open', 'unknown') OR (state = 'succeeded' AND
          kind = 'refund' AND provider_status = 'pending'));
