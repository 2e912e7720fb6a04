#pragma once

// A small HTTP/1.1 endpoint in the test process that provider-sim delivers webhooks to. It
// records every request (raw body bytes and headers) and answers from a script of statuses
// (then 200); status 0 in the script means "never answer" (the sender's timeout). With a
// secret set it checks Stripe-Signature itself and answers 400 to a bad one, as a real
// receiver does. Needs the event loop (QTRY_* in the tests) to accept and answer.

#include <QHash>
#include <QList>
#include <QMessageAuthenticationCode>
#include <QTcpServer>
#include <QTcpSocket>
#include <memory>
#include <nlohmann/json.hpp>

namespace ops::test {

struct WebhookHit
{
    QByteArray path;
    QHash<QByteArray, QByteArray> headers; // names lower-cased
    QByteArray body;
    int answered = 0; // status sent, 0 when held

    nlohmann::json json() const
    {
        return nlohmann::json::parse(body.toStdString(), nullptr, false);
    }
    QByteArray signature() const { return headers.value("stripe-signature"); }
};

// t and the v1 values of a Stripe-Signature header.
struct ParsedSignature
{
    qint64 t = -1;
    QList<QByteArray> v1;
};

inline ParsedSignature parseSignature(const QByteArray &header)
{
    ParsedSignature p;
    for (const QByteArray &part : header.split(',')) {
        const qsizetype eq = part.indexOf('=');
        if (eq <= 0)
            continue;
        const QByteArray name = part.left(eq).trimmed();
        const QByteArray value = part.mid(eq + 1).trimmed();
        if (name == "t")
            p.t = value.toLongLong();
        else if (name == "v1")
            p.v1 << value;
    }
    return p;
}

// Computed here, independently of the simulator: hex HMAC-SHA256(secret, "<t>.<body>").
inline QByteArray expectedSignature(const QByteArray &secret, qint64 t, const QByteArray &body)
{
    return QMessageAuthenticationCode::hash(QByteArray::number(t) + '.' + body, secret,
                                            QCryptographicHash::Sha256)
        .toHex();
}

inline bool signatureHolds(const WebhookHit &hit, const QByteArray &secret)
{
    const ParsedSignature p = parseSignature(hit.signature());
    return p.t >= 0 && p.v1.contains(expectedSignature(secret, p.t, hit.body));
}

class WebhookReceiver
{
public:
    bool listen() { return m_server.listen(QHostAddress::LocalHost, 0); }
    QString url(const QString &path = QStringLiteral("/webhooks/stripe")) const
    {
        return QStringLiteral("http://127.0.0.1:%1%2").arg(m_server.serverPort()).arg(path);
    }
    void script(QList<int> statuses) { m_script = std::move(statuses); }
    void verifyWith(const QByteArray &secret) { m_secret = secret; }
    const QList<WebhookHit> &hits() const { return m_hits; }
    QList<QByteArray> eventTypes() const
    {
        QList<QByteArray> out;
        for (const WebhookHit &h : m_hits)
            out << QByteArray::fromStdString(h.json().value("type", std::string()));
        return out;
    }

    WebhookReceiver()
    {
        QObject::connect(&m_server, &QTcpServer::newConnection, [this] {
            while (QTcpSocket *socket = m_server.nextPendingConnection()) {
                m_buffers.insert(socket, {});
                QObject::connect(socket, &QTcpSocket::readyRead, socket,
                                 [this, socket] { onData(socket); });
                QObject::connect(socket, &QTcpSocket::disconnected, socket, [this, socket] {
                    m_buffers.remove(socket);
                    socket->deleteLater();
                });
            }
        });
    }

    ~WebhookReceiver()
    {
        // The sockets' handlers use the members: silence them before anything goes.
        for (QTcpSocket *socket : m_buffers.keys()) {
            QObject::disconnect(socket, nullptr, nullptr, nullptr);
            delete socket;
        }
        m_server.close();
    }
    WebhookReceiver(const WebhookReceiver &) = delete;
    WebhookReceiver &operator=(const WebhookReceiver &) = delete;

private:
    void onData(QTcpSocket *socket)
    {
        QByteArray &buffer = m_buffers[socket];
        buffer += socket->readAll();
        for (;;) {
            const qsizetype end = buffer.indexOf("\r\n\r\n");
            if (end < 0)
                return;
            WebhookHit hit;
            const QList<QByteArray> lines = buffer.left(end).split('\n');
            hit.path = lines.value(0).split(' ').value(1);
            for (qsizetype i = 1; i < lines.size(); ++i) {
                const qsizetype colon = lines[i].indexOf(':');
                if (colon > 0)
                    hit.headers.insert(lines[i].left(colon).trimmed().toLower(),
                                       lines[i].mid(colon + 1).trimmed());
            }
            const qsizetype length = hit.headers.value("content-length").toLongLong();
            if (buffer.size() < end + 4 + length)
                return;
            hit.body = buffer.mid(end + 4, length);
            buffer.remove(0, end + 4 + length);
            answer(socket, hit);
        }
    }

    void answer(QTcpSocket *socket, WebhookHit hit)
    {
        int status = m_script.isEmpty() ? 200 : m_script.takeFirst();
        if (status != 0 && !m_secret.isEmpty() && !signatureHolds(hit, m_secret))
            status = 400;
        hit.answered = status;
        m_hits << hit;
        if (status == 0)
            return; // held: the sender times out
        socket->write("HTTP/1.1 " + QByteArray::number(status) +
                      " X\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
    }

    QTcpServer m_server;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QList<int> m_script;
    QByteArray m_secret;
    QList<WebhookHit> m_hits;
};

} // namespace ops::test
