-- 0005: provider events, the import cursor, receiver heartbeats and Attention (docs/design.md
-- §10, issue 13). An event is stored once (its provider id is the key), with what it did to the
-- row it matched in the same transaction as that change: `outcome` is written at insert and the
-- receiver never updates an event afterwards.

CREATE TABLE provider_events (
    id                  TEXT    NOT NULL PRIMARY KEY,          -- evt_…
    provider            TEXT    NOT NULL DEFAULT 'stripe' CHECK (provider IN ('stripe', 'slen')),
    type                TEXT    NOT NULL,                      -- refund.updated, …
    created             INTEGER NOT NULL,                      -- the provider's clock, unix seconds
    livemode            INTEGER NOT NULL CHECK (livemode IN (0, 1)),
    object_type         TEXT    NOT NULL,                      -- data.object.object
    object_id           TEXT    NOT NULL,                      -- data.object.id ('' when absent)
    object_status       TEXT,                                  -- data.object.status
    operation_id        TEXT    REFERENCES operations (id),    -- NULL: matched no operation
    matched_by          TEXT    CHECK (matched_by IN ('metadata', 'idempotency_key', 'provider_ref')),
    source              TEXT    NOT NULL CHECK (source IN ('webhook', 'import')),
    received_at         INTEGER NOT NULL,                      -- our clock, ms
    outcome             TEXT    NOT NULL CHECK (outcome IN ('applied', 'ignored', 'attention')),
    outcome_reason      TEXT    NOT NULL DEFAULT '',
    raw                 BLOB    NOT NULL                       -- the event JSON as received
);
CREATE INDEX provider_events_operation ON provider_events (operation_id, created, id)
    WHERE operation_id IS NOT NULL;
-- Forward only: the newest applied event per provider object.
CREATE INDEX provider_events_object ON provider_events (object_id, outcome, created);
-- Refunds made outside the product (supervisors' Unmatched view), newest first.
CREATE INDEX provider_events_unmatched ON provider_events (received_at, id)
    WHERE operation_id IS NULL AND object_type = 'refund';
CREATE INDEX provider_events_received ON provider_events (source, received_at);

-- Resumable work keyed by name: the events import keeps its cursor here ("stripe.events").
CREATE TABLE provider_cursors (
    name                TEXT    NOT NULL PRIMARY KEY,
    value               TEXT    NOT NULL,
    updated_at          INTEGER NOT NULL
);

-- One row per running receiver (opsctl webhook serve, opsctl serve), refreshed while it runs:
-- the console's status bar reads "receiver running" from last_seen_at.
CREATE TABLE receiver_heartbeats (
    id                  TEXT    NOT NULL PRIMARY KEY,          -- host:pid:start
    listen_url          TEXT    NOT NULL,
    started_at          INTEGER NOT NULL,
    last_seen_at        INTEGER NOT NULL,
    last_event_at       INTEGER,
    stopped_at          INTEGER
);

-- Attention: a person must act on the row (a succeeded refund that later failed, evidence that
-- disagrees). NULL = none. Raising it never changes the row's state; clearing it is a person's
-- audited act.
ALTER TABLE operations ADD COLUMN attention_reason TEXT;
ALTER TABLE operations ADD COLUMN attention_at INTEGER;
ALTER TABLE operations ADD COLUMN attention_by TEXT;
CREATE INDEX operations_attention ON operations (attention_at, id) WHERE attention_at IS NOT NULL;
