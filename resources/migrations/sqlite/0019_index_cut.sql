-- 0019: the index cut of postgresql/0019_index_cut.sql, on a SQLite file too: every index of
-- operations is one more B-tree the single writer updates inside its write transaction.
-- operations_created is unused (operations_created_id serves newest first, walked backwards);
-- rule 9's balance gets operations_refund_charge, which holds its whole condition, in place of
-- operations_charge.
DROP INDEX IF EXISTS operations_created;
DROP INDEX IF EXISTS operations_charge;
CREATE INDEX operations_refund_charge ON operations (charge_id, provider) WHERE kind = 'refund';
