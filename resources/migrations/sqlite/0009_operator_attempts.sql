-- 0009: the attempt cap is an automation limit (issue 18 item 7; rule 4). Operator resends are
-- counted apart, in operations.operator_attempts, and each attempt row says who made it
-- (attempts.mode). `attempts` stays automation's count, so CHECK (attempts <= attempt_cap) from
-- 0001 stays true without being dropped: no table rebuild (which on SQLite means copying
-- operations under foreign keys from attempts, evidence, audit, messages and events).
--
-- Rows from before 0009: an operator resend was counted in `attempts`, and where automation had
-- spent the cap the cap was raised by one per resend (audit `attempt_cap.raised`). Each
-- attempt's mode comes from its own `attempt.started` audit entry (canonical JSON, keys sorted);
-- the operator ones move to operator_attempts, and the cap goes back down by the number of
-- raises. The audit itself is not touched (append-only).

ALTER TABLE operations ADD COLUMN operator_attempts INTEGER NOT NULL DEFAULT 0
    CHECK (operator_attempts >= 0);
ALTER TABLE attempts ADD COLUMN mode TEXT NOT NULL DEFAULT 'automation'
    CHECK (mode IN ('automation', 'operator'));

UPDATE attempts SET mode = 'operator'
WHERE EXISTS (SELECT 1 FROM audit a
              WHERE a.operation_id = attempts.operation_id AND a.action = 'attempt.started'
                AND a.detail = '{"mode":"operator","seq":' || attempts.seq || '}');

-- SET reads the old row: the operator count moves out of attempts, and the cap never ends
-- below the automation count (MAX), so the CHECK holds for every existing row.
UPDATE operations SET
    operator_attempts = (SELECT COUNT(*) FROM attempts t
                         WHERE t.operation_id = operations.id AND t.mode = 'operator'),
    attempts = attempts - (SELECT COUNT(*) FROM attempts t
                           WHERE t.operation_id = operations.id AND t.mode = 'operator'),
    attempt_cap = MAX(attempts - (SELECT COUNT(*) FROM attempts t
                                  WHERE t.operation_id = operations.id AND t.mode = 'operator'),
                      attempt_cap - (SELECT COUNT(*) FROM audit a
                                     WHERE a.operation_id = operations.id
                                       AND a.action = 'attempt_cap.raised'),
                      1)
WHERE EXISTS (SELECT 1 FROM attempts t WHERE t.operation_id = operations.id AND t.mode = 'operator');
