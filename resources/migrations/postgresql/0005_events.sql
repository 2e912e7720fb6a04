-- 0005 (PostgreSQL): provider events, the import cursor, receiver heartbeats and Attention; see
-- sqlite/0005_events.sql.

CREATE TABLE provider_events (
    id                  TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    provider            TEXT    NOT NULL DEFAULT 'stripe' CHECK (provider IN ('stripe', 'slen')),
    type                TEXT    NOT NULL,
    created             BIGINT  NOT NULL,
    livemode            BIGINT  NOT NULL CHECK (livemode IN (0, 1)),
    object_type         TEXT    NOT NULL,
    object_id           TEXT COLLATE "C" NOT NULL,
    object_status       TEXT,
    operation_id        TEXT COLLATE "C" REFERENCES operations (id),
    matched_by          TEXT    CHECK (matched_by IN ('metadata', 'idempotency_key', 'provider_ref')),
    source              TEXT    NOT NULL CHECK (source IN ('webhook', 'import')),
    received_at         BIGINT  NOT NULL,
    outcome             TEXT    NOT NULL CHECK (outcome IN ('applied', 'ignored', 'attention')),
    outcome_reason      TEXT    NOT NULL DEFAULT '',
    raw                 BYTEA   NOT NULL
);
CREATE INDEX provider_events_operation ON provider_events (operation_id, created, id)
    WHERE operation_id IS NOT NULL;
CREATE INDEX provider_events_object ON provider_events (object_id, outcome, created);
CREATE INDEX provider_events_unmatched ON provider_events (received_at, id)
    WHERE operation_id IS NULL AND object_type = 'refund';
CREATE INDEX provider_events_received ON provider_events (source, received_at);

CREATE TABLE provider_cursors (
    name                TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    value               TEXT    NOT NULL,
    updated_at          BIGINT  NOT NULL
);

CREATE TABLE receiver_heartbeats (
    id                  TEXT COLLATE "C" NOT NULL PRIMARY KEY,
    listen_url          TEXT    NOT NULL,
    started_at          BIGINT  NOT NULL,
    last_seen_at        BIGINT  NOT NULL,
    last_event_at       BIGINT,
    stopped_at          BIGINT
);

ALTER TABLE operations ADD COLUMN attention_reason TEXT;
ALTER TABLE operations ADD COLUMN attention_at BIGINT;
ALTER TABLE operations ADD COLUMN attention_by TEXT;
CREATE INDEX operations_attention ON operations (attention_at, id) WHERE attention_at IS NOT NULL;

-- The console refreshes an operation's Events tab and the Unmatched view when an event lands.
CREATE TRIGGER provider_events_notify AFTER INSERT ON provider_events
    FOR EACH ROW EXECUTE FUNCTION ops_notify_change();
