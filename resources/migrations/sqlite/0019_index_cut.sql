-- 0019: the index cut of postgresql/0019_index_cut.sql, on a SQLite file too: every index of
-- operations is one more B-tree the single writer updates inside its write transaction.
-- operations_created is unused (operations_created_id serves newest first, walked backwards);
-- rule 9's balance gets operations_refund_charge, which holds its whole condition, in place of
-- operations_charge.
DROP INDEX IF EXISTS operations_created;
DROP INDEX IF EXISTS operations_charge;
CREATE INDEX operations_refund_charge ON operations (charge_id, provider) WHERE kind = 'refund';
-- operations_reconcile_due (reconcile_next_at, id): no plan used it. The reconciler's candidates
-- (storage/reconcile/reconcilerows.cpp) are ordered by charge and filtered by state, so every
-- pass read the whole table (a parallel seq scan: 300 ms at 1,000,000 rows with 7,600
-- candidates). operations_reconcile_candidates holds only the rows a pass may read, in the
-- pass's order; the query carries this predicate word for word.
DROP INDEX IF EXISTS operations_reconcile_due;
CREATE INDEX operations_reconcile_candidates ON operations ((COALESCE(charge_id, '')), id)
    WHERE reconcile_ended = 0 AND (state IN ('open', 'unknown') OR (state = 'succeeded' AND
          kind = 'refund' AND provider_status = 'pending'));
