#pragma once

// A tiny, hostile Stripe stand-in on 127.0.0.1: a blocking QTcpServer on its own thread that
// answers GET /v1/charges/{id} with a plain charge and every POST /v1/refunds with the raw bytes
// the test chose (garbage, truncated, oversized, HTML, another operation's refund …), then
// closes the connection. It records what it received.

#include <QByteArray>
#include <QList>
#include <QString>
#include <atomic>
#include <mutex>
#include <thread>

namespace ops::test {

struct ReceivedRequest
{
    QByteArray method;
    QByteArray path;
    QByteArray idempotencyKey;
    QByteArray body;
};

class FakeProvider
{
public:
    // refundReply: the raw bytes written for each POST /v1/refunds (status line included).
    explicit FakeProvider(QByteArray refundReply);
    ~FakeProvider();
    FakeProvider(const FakeProvider &) = delete;
    FakeProvider &operator=(const FakeProvider &) = delete;

    quint16 port() const { return m_port.load(); }
    QList<ReceivedRequest> received() const;
    QList<ReceivedRequest> posts() const;

    static QByteArray chargeJson(const QByteArray &id, qint64 amount);
    static QByteArray response(int status, const QByteArray &contentType, const QByteArray &body);

private:
    void serve();

    QByteArray m_refundReply;
    std::atomic<quint16> m_port{0};
    std::atomic<bool> m_stop{false};
    mutable std::mutex m_mutex;
    QList<ReceivedRequest> m_received;
    std::thread m_thread;
};

} // namespace ops::test
