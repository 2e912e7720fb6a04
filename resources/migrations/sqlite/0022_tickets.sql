-- 0022: a row knows its helpdesk ticket (DESIGN §17, issue 51). Set by the call that opens it
-- (opsctl refund --ticket, the MCP refund tool's `ticket`, a batch file's ticket column) or later
-- by a person (Link to ticket…, audited); customer messages go there, and the console finds rows
-- by it. NULL: no ticket. The same characters as a message's conversation id.
ALTER TABLE operations ADD COLUMN ticket TEXT
    CHECK (ticket IS NULL OR (length(ticket) BETWEEN 1 AND 190 AND ticket NOT GLOB '*[^A-Za-z0-9_.:@-]*'));
-- Search by ticket; rows without one are not in it.
CREATE INDEX operations_ticket ON operations (ticket) WHERE ticket IS NOT NULL;

-- A decision as an internal note on that ticket (storage/messages/decisionnote.h): a message row
-- like any other, marked internal, which the helpdesk keeps from the customer.
ALTER TABLE messages ADD COLUMN internal INTEGER NOT NULL DEFAULT 0 CHECK (internal IN (0, 1));
