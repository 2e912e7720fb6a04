-- 0004: the customer-message outbox (docs/design.md rule 11). The messages table of 0001 holds
-- one row per message; its idempotency_key (operation + state + template) is UNIQUE, so the same
-- message can be queued only once. These columns record how it left and why it did not.

ALTER TABLE messages ADD COLUMN operation_state TEXT NOT NULL DEFAULT '';   -- row state at compose
ALTER TABLE messages ADD COLUMN channel TEXT NOT NULL DEFAULT 'helpdesk'
    CHECK (channel IN ('helpdesk', 'clipboard'));
ALTER TABLE messages ADD COLUMN last_error TEXT;
ALTER TABLE messages ADD COLUMN last_attempt_at INTEGER;
ALTER TABLE messages ADD COLUMN provider_message_id TEXT;
ALTER TABLE messages ADD COLUMN sent_by TEXT;

CREATE INDEX messages_operation ON messages (operation_id, id);
