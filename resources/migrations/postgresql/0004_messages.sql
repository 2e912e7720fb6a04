-- 0004 (PostgreSQL): the customer-message outbox columns; see sqlite/0004_messages.sql.

ALTER TABLE messages ADD COLUMN operation_state TEXT NOT NULL DEFAULT '';
ALTER TABLE messages ADD COLUMN channel TEXT NOT NULL DEFAULT 'helpdesk'
    CHECK (channel IN ('helpdesk', 'clipboard'));
ALTER TABLE messages ADD COLUMN last_error TEXT;
ALTER TABLE messages ADD COLUMN last_attempt_at BIGINT;
ALTER TABLE messages ADD COLUMN provider_message_id TEXT;
ALTER TABLE messages ADD COLUMN sent_by TEXT;

CREATE INDEX messages_operation ON messages (operation_id, id);

-- The console shows an operation's messages and refreshes when one is queued, sent or fails.
CREATE TRIGGER messages_notify AFTER INSERT OR UPDATE ON messages
    FOR EACH ROW EXECUTE FUNCTION ops_notify_change();
