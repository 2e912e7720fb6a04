#pragma once

// The HTTP layer of provider-sim: the only class that touches Qt HttpServer. It turns each
// parsed request into a SimRequest and hands it to the dispatcher together with a ReplyChannel,
// through which the answer is written (now, later, or never). Qt HttpServer's API changes in
// 6.8; keeping it behind this one class keeps the rest of the simulator independent of it.

#include "simtypes.h"

#include <QAbstractHttpServer>
#include <QPointer>
#include <QTcpSocket>
#include <functional>
#include <memory>

namespace ops::sim {

// The way back to one client for one request. Holds the socket weakly: the server deletes a
// socket when its client disconnects, and a delayed reply must then be dropped silently.
class ReplyChannel
{
public:
    explicit ReplyChannel(QTcpSocket *socket, bool closeAfterReply);

    // True while the client is still connected and nothing has been sent on this channel.
    bool isOpen() const;
    bool answered() const { return m_answered; }
    // Writes a complete HTTP/1.1 response. False (and nothing written) when the client is gone
    // or this channel already answered.
    bool send(const SimResponse &response);
    // Closes the connection without an answer (dropped connection faults).
    void drop();
    // Runs fn once when the client disconnects (or at once if it already has). context bounds
    // the callback's lifetime.
    void whenGone(QObject *context, std::function<void()> fn);

private:
    QPointer<QTcpSocket> m_socket;
    bool m_closeAfterReply = false;
    bool m_answered = false;
};

using ReplyChannelPtr = std::shared_ptr<ReplyChannel>;

class SimServer final : public QAbstractHttpServer
{
    Q_OBJECT

public:
    using Dispatcher = std::function<void(SimRequest, ReplyChannelPtr)>;
    explicit SimServer(Dispatcher dispatcher, QObject *parent = nullptr);

protected:
    bool handleRequest(const QHttpServerRequest &request, QTcpSocket *socket) override;
    void missingHandler(const QHttpServerRequest &request, QTcpSocket *socket) override;

private:
    Dispatcher m_dispatcher;
};

// "HTTP/1.1 200 OK\r\n…" for a response (exposed for tests of the wire format).
QByteArray serializeResponse(const SimResponse &response, bool closeConnection);

} // namespace ops::sim
