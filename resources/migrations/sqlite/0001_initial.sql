-- 0001: operations, attempts, evidence, audit, messages.
-- Times are UTC milliseconds since the epoch; money is integer minor units plus currency.

CREATE TABLE operations (
    id                  TEXT    NOT NULL PRIMARY KEY,              -- op_<32 hex>
    kind                TEXT    NOT NULL CHECK (kind IN
                            ('refund', 'credit_topup', 'credit_charge', 'credit_adjust', 'execution')),
    provider            TEXT    NOT NULL CHECK (provider IN ('stripe', 'slen')),
    project             TEXT    NOT NULL DEFAULT '',
    unit_of_work        TEXT    NOT NULL CHECK (length(unit_of_work) > 0),
    order_id            TEXT,
    charge_id           TEXT,
    customer_id         TEXT,
    amount_minor        INTEGER NOT NULL,
    currency            TEXT    NOT NULL,
    idempotency_key     TEXT    NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 255),
    request_method      TEXT    NOT NULL,
    request_path        TEXT    NOT NULL,
    request_body        BLOB    NOT NULL,
    request_content_type TEXT   NOT NULL,
    state               TEXT    NOT NULL DEFAULT 'open'
                            CHECK (state IN ('open', 'unknown', 'succeeded', 'failed')),
    provider_status     TEXT,
    attempts            INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    attempt_cap         INTEGER NOT NULL CHECK (attempt_cap > 0),
    first_attempt_at    INTEGER,
    last_attempt_at     INTEGER,
    window_seconds      INTEGER NOT NULL CHECK (window_seconds > 0),
    margin_seconds      INTEGER NOT NULL CHECK (margin_seconds >= 0),
    deadline_at         INTEGER,
    provider_ref        TEXT,
    failure_code        TEXT,
    unknown_reason      TEXT,
    created_by          TEXT    NOT NULL,
    created_at          INTEGER NOT NULL,
    updated_at          INTEGER NOT NULL,
    closed_by           TEXT,
    closed_at           INTEGER,
    close_reason        TEXT,
    CHECK (state NOT IN ('succeeded') OR provider_ref IS NOT NULL),
    CHECK (attempts <= attempt_cap)
);

-- Rule 2: one live operation per unit of work, decided by the database.
CREATE UNIQUE INDEX operations_live_refund ON operations (provider, project, unit_of_work)
    WHERE kind = 'refund' AND state IN ('open', 'unknown');
CREATE UNIQUE INDEX operations_live_credit ON operations (provider, project, idempotency_key)
    WHERE kind IN ('credit_topup', 'credit_charge', 'credit_adjust')
      AND state IN ('open', 'unknown', 'succeeded');
CREATE UNIQUE INDEX operations_execution ON operations (provider, project, idempotency_key)
    WHERE kind = 'execution';
-- A key never names two different requests: refund keys are random and unique everywhere.
CREATE UNIQUE INDEX operations_refund_key ON operations (provider, idempotency_key)
    WHERE kind = 'refund';

CREATE INDEX operations_state_deadline ON operations (state, deadline_at);
CREATE INDEX operations_created ON operations (created_at DESC, id);
CREATE INDEX operations_charge ON operations (provider, charge_id) WHERE charge_id IS NOT NULL;
CREATE INDEX operations_order ON operations (order_id) WHERE order_id IS NOT NULL;
CREATE INDEX operations_customer ON operations (customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX operations_provider_ref ON operations (provider_ref) WHERE provider_ref IS NOT NULL;

CREATE TABLE attempts (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    operation_id        TEXT    NOT NULL REFERENCES operations (id),
    seq                 INTEGER NOT NULL CHECK (seq > 0),
    actor               TEXT    NOT NULL,
    started_at          INTEGER NOT NULL,
    finished_at         INTEGER,
    http_status         INTEGER,
    classification      TEXT    NOT NULL DEFAULT 'in_flight',
    provider_code       TEXT,
    provider_request_id TEXT,
    replayed            INTEGER NOT NULL DEFAULT 0 CHECK (replayed IN (0, 1)),
    latency_ms          INTEGER,
    transport_error     TEXT,
    response_excerpt    TEXT,
    UNIQUE (operation_id, seq)
);

CREATE TABLE evidence (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    operation_id        TEXT    NOT NULL REFERENCES operations (id),
    kind                TEXT    NOT NULL,      -- provider_object, provider_event, support_answer, note, file
    title               TEXT    NOT NULL,
    content_type        TEXT    NOT NULL,
    body                BLOB    NOT NULL,
    sha256              TEXT    NOT NULL,
    size_bytes          INTEGER NOT NULL,
    created_by          TEXT    NOT NULL,
    created_at          INTEGER NOT NULL
);
CREATE INDEX evidence_operation ON evidence (operation_id);

CREATE TRIGGER evidence_no_update BEFORE UPDATE ON evidence
BEGIN SELECT RAISE(ABORT, 'evidence is immutable'); END;
CREATE TRIGGER evidence_no_delete BEFORE DELETE ON evidence
BEGIN SELECT RAISE(ABORT, 'evidence is immutable'); END;

CREATE TABLE audit (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    at                  INTEGER NOT NULL,
    actor               TEXT    NOT NULL,
    action              TEXT    NOT NULL,
    operation_id        TEXT,
    detail              TEXT    NOT NULL,      -- canonical JSON
    prev_hash           TEXT    NOT NULL,
    hash                TEXT    NOT NULL UNIQUE
);
CREATE INDEX audit_operation ON audit (operation_id, id);

CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
BEGIN SELECT RAISE(ABORT, 'audit is append-only'); END;
CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
BEGIN SELECT RAISE(ABORT, 'audit is append-only'); END;

CREATE TABLE messages (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    operation_id        TEXT    NOT NULL REFERENCES operations (id),
    conversation        TEXT    NOT NULL,
    template            TEXT    NOT NULL,
    language            TEXT    NOT NULL,
    body                TEXT    NOT NULL,
    idempotency_key     TEXT    NOT NULL UNIQUE,
    state               TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'failed')),
    attempts            INTEGER NOT NULL DEFAULT 0,
    created_by          TEXT    NOT NULL,
    created_at          INTEGER NOT NULL,
    sent_at             INTEGER
);
