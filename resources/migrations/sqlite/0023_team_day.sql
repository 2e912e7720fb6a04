-- 0023: the team's day (DESIGN §18, issue 53): owners, notes, alerts.
--
-- A row has an owner: a name, not a lock (the resend lease stays the only lock). `owned_by` is
-- a person's actor ("operator:alice"), NULL when nobody owns the row; `owned_since` when the row
-- got its owner, or lost its last one (ms, UTC; NULL: never owned). Who may set whom is the
-- store's check here (storage/team/teamstore.cpp) and the database's too on PostgreSQL.
ALTER TABLE operations ADD COLUMN owned_by TEXT
    CHECK (owned_by IS NULL OR (owned_by GLOB 'operator:?*' AND length(owned_by) <= 200));
ALTER TABLE operations ADD COLUMN owned_since INTEGER;
-- The Mine view and an owner's rows; unowned rows are not in it.
CREATE INDEX operations_owned_by ON operations (owned_by) WHERE owned_by IS NOT NULL;

-- Notes: short internal comments on a row (who, when, text). Append-only like evidence, and
-- never proof: a close reads evidence, never a note.
CREATE TABLE operation_notes (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    operation_id TEXT    NOT NULL REFERENCES operations (id),
    created_by   TEXT    NOT NULL,
    created_at   INTEGER NOT NULL,
    body         TEXT    NOT NULL CHECK (length(body) BETWEEN 1 AND 2000)
);
CREATE INDEX operation_notes_operation ON operation_notes (operation_id, id);
CREATE TRIGGER operation_notes_no_update BEFORE UPDATE ON operation_notes
BEGIN SELECT RAISE(ABORT, 'notes are append-only'); END;
CREATE TRIGGER operation_notes_no_delete BEFORE DELETE ON operation_notes
BEGIN SELECT RAISE(ABORT, 'notes are append-only'); END;

-- Alerts (DESIGN §18): written by the alert loop of `opsctl serve` (app/core/alerts), one row
-- per episode of a condition, keyed by (condition, subject, window): a key fires once while it
-- holds, and again (the next episode) only after it cleared. resolved_at is set when it clears.
CREATE TABLE alerts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    alert_key    TEXT    NOT NULL,
    episode      INTEGER NOT NULL DEFAULT 1 CHECK (episode >= 1),
    condition    TEXT    NOT NULL,
    operation_id TEXT,
    subject      TEXT    NOT NULL,
    body         TEXT    NOT NULL,
    fired_at     INTEGER NOT NULL,
    resolved_at  INTEGER,
    UNIQUE (alert_key, episode)
);
-- One open episode per key.
CREATE UNIQUE INDEX alerts_open ON alerts (alert_key) WHERE resolved_at IS NULL;

-- One message of an alert to one channel: its firing, then its resolution. The outbox
-- discipline of customer messages (DESIGN §17): the row is committed before the channel is
-- called, each call is counted first (in_flight_since), and an answer nobody can read back
-- (unknown) is sent at most once more. state: pending, sent, failed (refused, or out of
-- attempts), unknown (two ambiguous answers: maybe delivered, not sent again).
CREATE TABLE alert_deliveries (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    alert_id        INTEGER NOT NULL REFERENCES alerts (id),
    channel         TEXT    NOT NULL CHECK (channel IN ('webhook', 'smtp')),
    kind            TEXT    NOT NULL CHECK (kind IN ('fire', 'resolve')),
    state           TEXT    NOT NULL DEFAULT 'pending'
                            CHECK (state IN ('pending', 'sent', 'failed', 'unknown')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    ambiguous       INTEGER NOT NULL DEFAULT 0, -- answers that may have been delivered
    in_flight_since INTEGER,                    -- an attempt counted and not yet answered
    digest          TEXT,                       -- the digest's key when it went in one
    last_error      TEXT,
    created_at      INTEGER NOT NULL,
    sent_at         INTEGER,
    UNIQUE (alert_id, channel, kind)
);
CREATE INDEX alert_deliveries_pending ON alert_deliveries (channel, id) WHERE state = 'pending';
