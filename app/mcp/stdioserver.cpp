#include "mcp/stdioserver.h"

#include "httpserve/signalwatch.h"
#include "mcp/mcplogging.h"

#include <QCoreApplication>
#include <QSocketNotifier>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace ops::mcp {

StdioServer::StdioServer(CallPool &pool, const QString &agent)
    : m_pool(pool)
{
    m_session.setAgent(agent);
}

StdioServer::~StdioServer()
{
    delete m_notifier;
}

int StdioServer::run()
{
    SignalWatch watch([this] {
        qCInfo(lcMcp) << "signal: finishing the calls in flight";
        stopReading();
    });
    m_notifier = new QSocketNotifier(STDIN_FILENO, QSocketNotifier::Read);
    QObject::connect(m_notifier, &QSocketNotifier::activated, m_notifier, [this] { readInput(); });
    QObject::connect(&m_pool, &CallPool::idle, m_notifier, [this] { quitWhenIdle(); });
    return QCoreApplication::exec();
}

void StdioServer::readInput()
{
    // One read per wake-up: the notifier said data (or end of input) is there, so it never blocks.
    char buffer[64 * 1024];
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
    if (n > 0) {
        takeBytes(buffer, qsizetype(n));
        return;
    }
    if (n < 0 && errno == EINTR)
        return;
    if (!m_pending.isEmpty() && !m_skippingLongLine)
        onLine(m_pending); // a last message without its newline still counts
    m_pending.clear();
    stopReading();
}

void StdioServer::takeBytes(const char *data, qsizetype size)
{
    qsizetype start = 0;
    while (start < size) {
        const char *newline =
            static_cast<const char *>(std::memchr(data + start, '\n', std::size_t(size - start)));
        const qsizetype end = newline ? qsizetype(newline - data) : size;
        if (!m_skippingLongLine)
            m_pending.append(data + start, end - start);
        if (qsizetype(m_pending.size()) > qsizetype(kMaxMessageBytes)) {
            send(errorMessage(nullptr, rpc::kParseError, "line is longer than 1 MiB; skipped"));
            m_pending.clear();
            m_skippingLongLine = true;
        }
        if (!newline)
            return;
        if (!m_skippingLongLine)
            onLine(m_pending);
        m_pending.clear();
        m_skippingLongLine = false;
        start = end + 1;
    }
}

void StdioServer::onLine(const QByteArray &raw)
{
    QByteArray line = raw;
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.trimmed().isEmpty())
        return;
    McpSession::Reply reply = m_session.handle(std::string_view(line.constData(), line.size()));
    for (const auto &message : reply.messages)
        send(message);
    if (!reply.call)
        return;
    const ToolCall call = std::move(*reply.call);
    if (!call.progressToken.is_null())
        send(McpSession::progress(call, 0, "started"));
    m_pool.start(call, [this, call](const RunOutcome &outcome) { finish(call, outcome); });
}

void StdioServer::finish(const ToolCall &call, const RunOutcome &outcome)
{
    if (!m_session.complete(call.id)) {
        qCInfo(lcMcp) << "tools/call" << call.id.dump().c_str() << "was cancelled; not answered";
        return;
    }
    if (!call.progressToken.is_null())
        send(McpSession::progress(call, 1, "finished"));
    if (!outcome.failure.isEmpty()) {
        send(errorMessage(call.id, rpc::kInternalError,
                          "database failure: " + outcome.failure.toStdString()));
        return;
    }
    send(resultMessage(call.id, McpSession::toolCallResult(outcome.toolResult)));
}

void StdioServer::send(const nlohmann::ordered_json &message)
{
    const std::string line = serialize(message) + '\n';
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
}

void StdioServer::stopReading()
{
    if (m_inputClosed)
        return;
    m_inputClosed = true;
    m_notifier->setEnabled(false);
    quitWhenIdle();
}

void StdioServer::quitWhenIdle()
{
    if (m_inputClosed && m_pool.running() == 0)
        QCoreApplication::exit(0);
}

} // namespace ops::mcp
