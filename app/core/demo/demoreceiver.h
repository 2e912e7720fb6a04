#pragma once

// The Adyen notification receiver the demo story runs while it builds its Adyen rows: the
// receiver component behind `opsctl webhook serve` (webhookreceiver.h) on a loopback port of this
// process, on its own session of the demo database, so the simulator's signed REFUND closes a row
// exactly as in production. It writes no heartbeat: once the story is built no receiver runs, and
// the console's status line must not say otherwise.

#include "domain/clock.h"
#include "domain/result.h"
#include "webhook/webhookreceiver.h"

#include <chrono>
#include <memory>

namespace ops {

class HttpWire;
class Session;

class DemoReceiver final
{
public:
    // `hmacKey` (hex) and `merchantAccount`: what the simulator's endpoint signs and names.
    DemoReceiver(const QString &dbLocation, const QByteArray &hmacKey,
                 const QString &merchantAccount);
    ~DemoReceiver();
    DemoReceiver(const DemoReceiver &) = delete;
    DemoReceiver &operator=(const DemoReceiver &) = delete;

    // Listens on 127.0.0.1 and returns the Adyen route's URL to register with the simulator;
    // a failure when the database cannot be opened or no port is free.
    Result<QString> start();
    // Serves until `events` notifications are stored in all (true), or one is refused or
    // `timeout` passes (false; refused() says why).
    bool waitForStored(qint64 events, std::chrono::milliseconds timeout);
    // The receiver's refusals so far, "reason ×count, …" ('' when none).
    QString refused() const;

private:
    QString m_dbLocation;
    WebhookOptions m_options;
    SystemClock m_clock;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<WebhookReceiver> m_receiver;
    std::unique_ptr<HttpWire> m_wire;
};

} // namespace ops
