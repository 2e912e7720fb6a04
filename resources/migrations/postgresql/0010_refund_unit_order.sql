-- 0010: rule 13's look-up ("the latest refund of this unit", OperationStore::latestRefund) orders
-- by created_at DESC, id DESC. The 0007 index ends at created_at, so it could not give that order
-- and SQLite's planner took operations_provider_created instead: a walk back through every
-- refund of the provider until one of this unit turned up, the whole table for a new unit (each
-- refund asks before it opens its row). With id in the index the look-up is one index seek.
DROP INDEX operations_refund_unit_latest;
CREATE INDEX operations_refund_unit_latest
    ON operations (provider, project, unit_of_work, reference, created_at, id)
    WHERE kind = 'refund';
