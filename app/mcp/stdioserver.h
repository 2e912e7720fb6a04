#pragma once

// The stdio transport: one JSON-RPC message per line on stdin, answers one per line on stdout
// (nothing else is ever written there; logs go to stderr). A line over 1 MiB is refused with a
// parse error and skipped up to its end. At end of input or on SIGTERM the calls in flight are
// finished and answered, then run() returns 0.

#include "mcp/callpool.h"
#include "mcp/mcpsession.h"

#include <QByteArray>

class QSocketNotifier;

namespace ops::mcp {

class StdioServer final
{
public:
    // agent: the second part of every call's actor (mcpsession.h).
    StdioServer(CallPool &pool, const QString &agent);
    ~StdioServer();
    StdioServer(const StdioServer &) = delete;
    StdioServer &operator=(const StdioServer &) = delete;

    int run(); // runs the event loop until input ends and every call is answered

private:
    void readInput();
    void takeBytes(const char *data, qsizetype size);
    void onLine(const QByteArray &line);
    void send(const nlohmann::ordered_json &message);
    void finish(const ToolCall &call, const RunOutcome &outcome);
    void stopReading();
    void quitWhenIdle();

    CallPool &m_pool;
    McpSession m_session;
    QSocketNotifier *m_notifier = nullptr;
    QByteArray m_pending;
    bool m_skippingLongLine = false;
    bool m_inputClosed = false;
};

} // namespace ops::mcp
