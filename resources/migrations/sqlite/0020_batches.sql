-- 0020: batches. Four-eyes for a whole batch (postgresql/0020_batches.sql). On a SQLite file the
-- store checks who may ask and decide; the schema keeps that nobody approves their own batch and
-- that one approval per batch and file is live.
CREATE TABLE batch_approvals (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    name            TEXT    NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    file_sha256     TEXT    NOT NULL CHECK (length(file_sha256) = 64),
    totals          TEXT    NOT NULL,
    row_count       INTEGER NOT NULL CHECK (row_count > 0),
    requested_by    TEXT    NOT NULL,
    requested_at    INTEGER NOT NULL,
    state           TEXT    NOT NULL DEFAULT 'pending'
                            CHECK (state IN ('pending', 'approved', 'rejected')),
    decided_by      TEXT,
    decided_at      INTEGER,
    decision_reason TEXT,
    CHECK (state <> 'approved' OR decided_by <> requested_by)
);
CREATE UNIQUE INDEX batch_approvals_live ON batch_approvals (name, file_sha256)
    WHERE state IN ('pending', 'approved');
CREATE INDEX batch_approvals_state ON batch_approvals (state, requested_at, id);

-- A refund's reason code (DESIGN §19): from a fixed list, so refunds can be counted by why;
-- Stripe's three are also sent as the refund's reason. NULL: none given.
ALTER TABLE operations ADD COLUMN reason_code TEXT
    CHECK (reason_code IN ('duplicate', 'fraudulent', 'requested_by_customer',
                           'product_not_received', 'price_adjustment'));
