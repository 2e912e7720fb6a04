-- 0013: agents' limits are enforced (DESIGN §13, docs/agents.md "Limits"). A refund an agent
-- opens names the agent; one over a limit is stored `awaiting_approval` with the limit that held
-- it, and is sent only after a person approves it.
ALTER TABLE operations ADD COLUMN agent TEXT CHECK (length(agent) BETWEEN 1 AND 64);
ALTER TABLE operations ADD COLUMN hold TEXT CHECK (hold IN ('max_refund', 'daily'));

-- The limits' one read (storage/access/agentquota.cpp): the agent's rows of the last 24 hours.
CREATE INDEX operations_agent_created ON operations (agent, created_at) WHERE agent IS NOT NULL;

-- Rule 2 and rule 9: a held refund is live. It keeps its unit of work and its share of the charge.
DROP INDEX operations_live_refund;
CREATE UNIQUE INDEX operations_live_refund
    ON operations (provider, project, unit_of_work, reference)
    WHERE kind = 'refund' AND state IN ('open', 'unknown', 'awaiting_approval');

-- The new state. SQLite cannot alter a CHECK; widening one changes nothing stored, so the table's
-- definition is edited in place as sqlite.org/lang_altertable.html ("other kinds of table schema
-- changes") describes. This comes last: ADD COLUMN above reads offsets from the parsed
-- definition. Database::migrate bumps schema_version afterwards, so every connection re-reads it.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'CHECK (state IN (''open'', ''unknown'', ''succeeded'', ''failed''))',
                     'CHECK (state IN (''open'', ''unknown'', ''succeeded'', ''failed'', ''awaiting_approval''))')
 WHERE type = 'table' AND name = 'operations';
PRAGMA writable_schema = OFF;
