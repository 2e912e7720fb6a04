#pragma once

// A tiny, hostile Stripe stand-in on 127.0.0.1 (a ScriptedServer): it answers
// GET /v1/charges/{id} with a plain charge and every POST /v1/refunds with the raw bytes the test
// chose (garbage, truncated, oversized, HTML, another operation's refund …), then closes the
// connection. It records what it received.

#include "support/scriptedserver.h"

namespace ops::test {

class FakeProvider
{
public:
    // refundReply: the raw bytes written for each POST /v1/refunds (status line included).
    explicit FakeProvider(QByteArray refundReply);

    quint16 port() const { return m_server.port(); }
    QList<ReceivedRequest> received() const { return m_server.received(); }
    QList<ReceivedRequest> posts() const;

    static QByteArray chargeJson(const QByteArray &id, qint64 amount);
    static QByteArray response(int status, const QByteArray &contentType, const QByteArray &body)
    {
        return ScriptedServer::response(status, contentType, body);
    }

private:
    ScriptedServer m_server;
};

} // namespace ops::test
