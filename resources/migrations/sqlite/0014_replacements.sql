-- 0014: a new refund started after a failed one names the operation it replaces (DESIGN §16,
-- issue 31 item 2), so the two rows link to each other; and a person's refund above the four-eyes
-- threshold is stored awaiting_approval with hold 'four_eyes' until a second person sends it.
-- The store checks the replacement in the opening transaction (storage/replacement.cpp): the
-- replaced row is a failed refund of the same order and currency, with no live or confirmed
-- replacement yet.
ALTER TABLE operations ADD COLUMN replaces TEXT REFERENCES operations (id);

-- "Replaced by": the detail pane's one read of a row's replacements.
CREATE INDEX operations_replaces ON operations (replaces) WHERE replaces IS NOT NULL;

-- Widening a CHECK changes nothing stored; edited in place as 0013 does, and last, for the same
-- reason.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'CHECK (hold IN (''max_refund'', ''daily''))',
                     'CHECK (hold IN (''max_refund'', ''daily'', ''four_eyes''))')
 WHERE type = 'table' AND name = 'operations';
PRAGMA writable_schema = OFF;
