-- 0007 (PostgreSQL): the refund reference and rule 2 over (order, amount, reference); see
-- sqlite/0007_repeat.sql.

ALTER TABLE operations ADD COLUMN reference TEXT COLLATE "C" NOT NULL DEFAULT ''
    CHECK (length(reference) <= 190);

DROP INDEX operations_live_refund;
CREATE UNIQUE INDEX operations_live_refund
    ON operations (provider, project, unit_of_work, reference)
    WHERE kind = 'refund' AND state IN ('open', 'unknown');

CREATE INDEX operations_refund_unit_latest
    ON operations (provider, project, unit_of_work, reference, created_at)
    WHERE kind = 'refund';
