-- 0009 (PostgreSQL): operator attempts counted apart from automation's; see
-- sqlite/0009_operator_attempts.sql for the why. Same shape on both backends: new columns with
-- defaults, the 0001 CHECK (attempts <= attempt_cap) kept and true for every row.

ALTER TABLE operations ADD COLUMN operator_attempts BIGINT NOT NULL DEFAULT 0
    CHECK (operator_attempts >= 0);
ALTER TABLE attempts ADD COLUMN mode TEXT NOT NULL DEFAULT 'automation'
    CHECK (mode IN ('automation', 'operator'));

UPDATE attempts SET mode = 'operator'
WHERE EXISTS (SELECT 1 FROM audit a
              WHERE a.operation_id = attempts.operation_id AND a.action = 'attempt.started'
                AND a.detail = '{"mode":"operator","seq":' || attempts.seq || '}');

UPDATE operations SET
    operator_attempts = (SELECT COUNT(*) FROM attempts t
                         WHERE t.operation_id = operations.id AND t.mode = 'operator'),
    attempts = attempts - (SELECT COUNT(*) FROM attempts t
                           WHERE t.operation_id = operations.id AND t.mode = 'operator'),
    attempt_cap = GREATEST(attempts - (SELECT COUNT(*) FROM attempts t
                                       WHERE t.operation_id = operations.id
                                         AND t.mode = 'operator'),
                           attempt_cap - (SELECT COUNT(*) FROM audit a
                                          WHERE a.operation_id = operations.id
                                            AND a.action = 'attempt_cap.raised'),
                           1)
WHERE EXISTS (SELECT 1 FROM attempts t WHERE t.operation_id = operations.id AND t.mode = 'operator');
