#pragma once

// The HTTP side of provider-sim on the product's one HTTP layer (app/core/httpserve): each
// request becomes a SimRequest handed to the dispatcher together with a ReplyChannel, through
// which the answer is written (now, later, or never).

#include "httpserve/httpwire.h"
#include "providersim/simtypes.h"

#include <QHostAddress>
#include <functional>
#include <memory>

namespace ops::sim {

// A Responder that speaks SimResponse. A JSON body without a Content-Type gets
// application/json (the provider routes answer nothing else).
class ReplyChannel
{
public:
    explicit ReplyChannel(ResponderPtr responder);

    // True while the client is still connected and nothing has been sent on this channel.
    bool isOpen() const { return m_responder->isOpen(); }
    bool answered() const { return m_responder->answered(); }
    // False (and nothing written) when the client is gone or this channel already answered.
    bool send(const SimResponse &response);
    // Resets the connection without an answer (the dropped-connection faults).
    void drop() { m_responder->reset(); }
    void whenGone(QObject *context, std::function<void()> fn)
    {
        m_responder->whenGone(context, std::move(fn));
    }

private:
    ResponderPtr m_responder;
};

using ReplyChannelPtr = std::shared_ptr<ReplyChannel>;

class SimServer final
{
public:
    using Dispatcher = std::function<void(SimRequest, ReplyChannelPtr)>;
    explicit SimServer(Dispatcher dispatcher);

    // The port listened on (the chosen one when `port` is 0), 0 when listening failed.
    quint16 listen(const QHostAddress &address, quint16 port)
    {
        return m_wire.listen(address, port);
    }

    // TLS on this server's listeners (see HttpWire::useTls); an error text or empty.
    QString useTls(const QString &certificatePemPath, const QString &keyPemPath)
    {
        return m_wire.useTls(certificatePemPath, keyPemPath);
    }

private:
    HttpWire m_wire;
};

} // namespace ops::sim
