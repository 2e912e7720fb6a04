-- 0022: a row knows its helpdesk ticket (DESIGN §17, issue 51). Set by the call that opens it
-- (opsctl refund --ticket, the MCP refund tool's `ticket`, a batch file's ticket column) or later
-- by a person (Link to ticket…, audited: OperationStore::linkTicket); customer messages go
-- there, and the console finds rows by it. NULL: no ticket. The same characters as a message's
-- conversation id. `ticket` is not an actor column: the generated guard (0021) is unchanged.
ALTER TABLE operations ADD COLUMN ticket TEXT
    CHECK (ticket IS NULL OR ticket ~ '^[A-Za-z0-9_.:@-]{1,190}$');
-- Search by ticket; rows without one are not in it, so the refund path pays nothing for it.
CREATE INDEX operations_ticket ON operations (ticket) WHERE ticket IS NOT NULL;

-- A decision as an internal note on that ticket (storage/messages/decisionnote.h): a message row
-- like any other, marked internal, which the helpdesk keeps from the customer. settings
-- decision_notes (on/off) turns them on; its writer checks the settings right.
ALTER TABLE messages ADD COLUMN internal BOOLEAN NOT NULL DEFAULT FALSE;
