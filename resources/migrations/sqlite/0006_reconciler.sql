-- 0006: the reconciler, its proposals and the service lease (docs/design.md §10, issue 14).
-- Existing rows stay valid: every new column is nullable or has a default, and a row that was
-- never scheduled gets its first slot on the reconciler's next pass.

-- The reconciler's schedule, per row. reconcile_next_at is when the row is next read at the
-- provider (NULL: not scheduled yet, or the schedule has ended); reconcile_checks counts the
-- readings made, which picks the next slot (1 min, 5 min, 1 h, 6 h, then every 6 h).
-- Writing them never touches updated_at: a reading is not a change a person made.
ALTER TABLE operations ADD COLUMN reconcile_next_at INTEGER;
ALTER TABLE operations ADD COLUMN reconcile_checks INTEGER NOT NULL DEFAULT 0
    CHECK (reconcile_checks >= 0);
ALTER TABLE operations ADD COLUMN reconcile_last_at INTEGER;
ALTER TABLE operations ADD COLUMN reconcile_last_result TEXT;
ALTER TABLE operations ADD COLUMN reconcile_ended INTEGER NOT NULL DEFAULT 0
    CHECK (reconcile_ended IN (0, 1));
CREATE INDEX operations_reconcile_due ON operations (reconcile_next_at, id)
    WHERE state IN ('open', 'unknown', 'succeeded');

-- What the reconciler proposes for a person to apply: a close (outcome, provider_ref) or a
-- resend with the stored key. evidence_ids is a JSON array of this operation's evidence;
-- newest_evidence_id is the operation's newest evidence when the proposal was made, so a
-- proposal older than the row's evidence is refused. At most one open proposal per row; a
-- newer reading supersedes it.
CREATE TABLE proposals (
    id                  INTEGER PRIMARY KEY AUTOINCREMENT,
    operation_id        TEXT    NOT NULL REFERENCES operations (id),
    action              TEXT    NOT NULL CHECK (action IN ('close', 'resend')),
    outcome             TEXT    CHECK (outcome IN ('succeeded', 'failed')),
    provider_ref        TEXT,
    evidence_ids        TEXT    NOT NULL,
    newest_evidence_id  INTEGER NOT NULL,
    reason              TEXT    NOT NULL CHECK (length(reason) > 0),
    created_by          TEXT    NOT NULL,
    created_at          INTEGER NOT NULL,
    state               TEXT    NOT NULL DEFAULT 'open'
                                CHECK (state IN ('open', 'superseded', 'applied', 'approval')),
    superseded_by       INTEGER REFERENCES proposals (id),
    decided_by          TEXT,
    decided_at          INTEGER,
    approval_id         INTEGER REFERENCES approvals (id),
    CHECK (action <> 'close' OR outcome IS NOT NULL)
);
CREATE UNIQUE INDEX proposals_one_open ON proposals (operation_id) WHERE state = 'open';
CREATE INDEX proposals_state ON proposals (state, created_at, id);
CREATE INDEX proposals_operation ON proposals (operation_id, id);

-- Named leases for work exactly one process may do per database ("reconciler"). The holder
-- renews before `until`; a holder that dies stops renewing and the next claimant takes over.
CREATE TABLE service_leases (
    name                TEXT    NOT NULL PRIMARY KEY,
    holder              TEXT    NOT NULL,
    until               INTEGER NOT NULL,
    acquired_at         INTEGER NOT NULL,
    renewed_at          INTEGER NOT NULL
);
