#pragma once

// The truth inside the ticket (DESIGN §17, docs/messages.md): a helpdesk asks `opsctl serve`
// what a ticket's linked operations stand at, and what the customer may be told now.
//
//   GET /v1/tickets/{id}/operations[?lang=en|ru|uk]   JSON: each row's state, amount, order,
//       retention deadline and the texts rule 11 allows now (sayable.h), newest first
//   GET /v1/tickets/{id}/card[?lang=…]                the same as a small HTML page a sidebar
//       app or an HTTP widget frames
//
// Read-only, behind its own bearer token (never a provider key; the card alone also takes
// `?token=`, since a frame cannot send a header), and every read is audited (ticket.viewed, with
// the ids it showed). A wrong token, a ticket id that is not one, or another method are refused
// with the reason; the answer never says whether a ticket exists to a caller without the token.

#include "httpserve/httpwire.h"
#include "storage/session.h"

namespace ops {

struct TicketViewOptions
{
    QByteArray token;                                     // the bearer token helpdesks present
    QString actor = QStringLiteral("system:ticket-view"); // who the audit names
    int limit = 50;                                       // rows per ticket
};

class TicketView final
{
public:
    TicketView(Session &session, TicketViewOptions options);

    // Answers a request under /v1/tickets/ and returns true; false for any other path.
    bool handle(const HttpRequestData &request, const ResponderPtr &responder);

private:
    void answer(const QString &ticket, bool card, const QString &language,
                const ResponderPtr &responder);

    Session &m_session;
    TicketViewOptions m_options;
};

} // namespace ops
