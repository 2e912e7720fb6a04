-- 0007: rule 13, the repeat guard (docs/design.md rules 2 and 13). A refund's unit of work is
-- (order, amount, reference): the caller's reference (a line item, a ticket) lets a second refund
-- of the same amount for the same order be meant. Existing rows have no reference ('').

ALTER TABLE operations ADD COLUMN reference TEXT NOT NULL DEFAULT ''
    CHECK (length(reference) <= 190);

-- Rule 2 over (order, amount, reference): unit_of_work holds order, amount and currency.
DROP INDEX operations_live_refund;
CREATE UNIQUE INDEX operations_live_refund
    ON operations (provider, project, unit_of_work, reference)
    WHERE kind = 'refund' AND state IN ('open', 'unknown');

-- Rule 13's look-up: the latest refund of a unit.
CREATE INDEX operations_refund_unit_latest
    ON operations (provider, project, unit_of_work, reference, created_at)
    WHERE kind = 'refund';
