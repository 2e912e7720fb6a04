#pragma once

// The decision as an internal note on the row's ticket (DESIGN §17, issue 51 item 5): when a
// person's close is carried out — by hand, approved, an applied proposal, a resend's answer —
// and the team has decision notes on, the close's own transaction queues one internal message
// to the row's linked ticket saying what was decided, by whom, why, and on what evidence. It is
// a message row like any other (key, attempts, marker, read-back), never shown to the customer,
// and the same decision queues it once. Rows without a ticket get none.

#include "domain/operation.h"
#include "storage/db/connection.h"

namespace ops {

// settings decision_notes: on or off (off by default).
bool decisionNotesOn(Connection &db);
// Needs the settings right (approve); audited as settings.decision_notes.
void setDecisionNotes(Connection &db, qint64 nowMs, const QString &actor, bool on);

// The note's text for a closed row with `evidence` items attached: plain English for colleagues.
QString decisionNoteText(const Operation &op, int evidence);

// Inside the close's write transaction, after the row was closed: queues the note as `actor`
// and returns its message id; 0 when notes are off, the row has no ticket or is not closed.
qint64 queueDecisionNoteLocked(Connection &db, qint64 nowMs, const QString &actor,
                               const QString &operationId);

} // namespace ops
