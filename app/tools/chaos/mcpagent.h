#pragma once

// An MCP host among the chaos agents (--mcp-percent, issue 29): one `opsctl mcp --http` server
// on the run's database, and refund calls sent to it as tools/call over Streamable HTTP instead
// of as opsctl processes. The run's supervisor (clirun.h) adds an agent first (the HTTP server
// takes agents' own tokens only), and one session is opened with the agent's token.
// Calls run on the caller's event loop; the server lives until the object goes.

#include "chaos/servechild.h"

#include <QNetworkAccessManager>
#include <QObject>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>

class QNetworkReply;

namespace ops::chaos {

// opsctl arguments ("refund --order O --charge C --amount N") as the tool's arguments
// ({"order":"O","charge":"C","amount":N}): options lose their dashes, --amount is a number.
nlohmann::json toolArguments(const QStringList &cliArgs);

class McpAgent final : public QObject
{
    Q_OBJECT
public:
    // The tool result (the answer's structuredContent), or null with why not: the HTTP status
    // (0: no answer, e.g. aborted) and the JSON-RPC error's message when there was one.
    using Done = std::function<void(const nlohmann::json &result, const QString &failure)>;

    // Throws std::runtime_error when the agent cannot be added or the server does not start or
    // open a session. `dir` holds the server's output and log.
    McpAgent(const QString &opsctlPath, const QProcessEnvironment &env, const QString &dir);
    ~McpAgent() override;

    // Sends the call `cliArgs` describes; `done` runs once, on this thread. Aborting the reply
    // (an agent that gives up) ends it with status 0; the server carries the call on.
    QNetworkReply *call(const QStringList &cliArgs, Done done);
    // Whether the server is still running (it must outlive a failover).
    bool running() const { return m_server && m_server->running(); }
    // SIGTERM: the server answers the calls it still runs (an aborted request's call goes on)
    // and exits; true when it exited 0. After it, the database holds everything it will write.
    bool stop() { return m_server && m_server->stop(); }

private:
    QNetworkReply *post(const nlohmann::json &message);

    QNetworkAccessManager m_network;
    std::unique_ptr<ServeChild> m_server;
    QByteArray m_token;
    QByteArray m_session;
    int m_nextId = 1;
};

} // namespace ops::chaos
