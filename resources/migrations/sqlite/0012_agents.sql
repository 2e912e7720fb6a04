-- 0012: agents as principals (DESIGN §13, issue 27). One row per named agent: the SHA-256 of its
-- bearer token (never the token), the token it replaced while the rotation's grace lasts, its
-- limits, and who changed it last. Rows are never deleted: a revoked agent keeps its name, so its
-- audit stays readable and the name is not reused.
CREATE TABLE agents (
    name                  TEXT    PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 64),
    token_hash            TEXT    NOT NULL UNIQUE CHECK (length(token_hash) = 64),
    previous_token_hash   TEXT    UNIQUE CHECK (length(previous_token_hash) = 64),
    previous_valid_until  INTEGER,
    max_refund_minor      INTEGER CHECK (max_refund_minor > 0),
    max_refund_currency   TEXT,
    daily_minor           INTEGER CHECK (daily_minor > 0),
    daily_currency        TEXT,
    rate_per_second       INTEGER CHECK (rate_per_second > 0),
    created_by            TEXT    NOT NULL,
    created_at            INTEGER NOT NULL,
    updated_by            TEXT    NOT NULL,
    updated_at            INTEGER NOT NULL,
    revoked_at            INTEGER,
    CHECK ((max_refund_minor IS NULL) = (max_refund_currency IS NULL)),
    CHECK ((daily_minor IS NULL) = (daily_currency IS NULL)),
    CHECK ((previous_token_hash IS NULL) = (previous_valid_until IS NULL))
);
