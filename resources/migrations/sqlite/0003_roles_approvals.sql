-- 0003: operators with roles and rights, four-eyes approvals, and settings (issue 6).

-- The operator directory. rights_override, when set, replaces the role's default rights
-- (comma-separated right names). A disabled operator keeps their history but may only look.
CREATE TABLE operators (
    name                TEXT    PRIMARY KEY,
    role                TEXT    NOT NULL CHECK (role IN ('support', 'supervisor')),
    rights_override     TEXT,
    created_by          TEXT    NOT NULL,
    created_at          INTEGER NOT NULL,
    disabled            INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1))
);

-- A close or resend above the four-eyes threshold waits here for a second person.
-- payload: the requested close as JSON (outcome, provider_ref, evidence_ids, reason); '{}' for a
-- resend. An approved resend becomes 'used' when the next resend spends it.
CREATE TABLE approvals (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    operation_id        TEXT    NOT NULL REFERENCES operations (id),
    action              TEXT    NOT NULL CHECK (action IN ('close', 'resend')),
    requested_by        TEXT    NOT NULL,
    requested_at        INTEGER NOT NULL,
    payload             TEXT    NOT NULL,
    state               TEXT    NOT NULL DEFAULT 'pending'
                                CHECK (state IN ('pending', 'approved', 'rejected', 'used')),
    decided_by          TEXT,
    decided_at          INTEGER,
    decision_reason     TEXT,
    -- Four-eyes, kept by the schema too: nobody approves their own request (a requester may
    -- withdraw it by rejecting).
    CHECK (state NOT IN ('approved', 'used') OR decided_by <> requested_by)
);
CREATE INDEX approvals_state ON approvals (state, requested_at, id);
CREATE INDEX approvals_operation ON approvals (operation_id, action, state);

-- Named settings. Four-eyes thresholds are 'approval_threshold.<currency>' with the amount in
-- integer minor units (credit movements use their credit type as the currency).
CREATE TABLE settings (
    name                TEXT    PRIMARY KEY,
    value               TEXT    NOT NULL,
    updated_by          TEXT    NOT NULL,
    updated_at          INTEGER NOT NULL
);
