#pragma once

// `opsctl mcp --http` as a real process, for the suites that speak MCP over Streamable HTTP
// with agents' tokens (tst_mcpagents, tst_mcpservers): the server started on a free loopback
// port, JSON-RPC messages, and one POST per fresh connection.

#include "support/rawhttp.h"

#include <QProcess>
#include <QRegularExpression>
#include <memory>
#include <nlohmann/json.hpp>

namespace ops::test {

struct McpHttpServer
{
    std::unique_ptr<QProcess> process;
    quint16 port = 0; // 0: it did not start
};

// Starts `opsctl mcp --http 127.0.0.1:0` (plus `extraArgs`) and reads the port it announces.
inline McpHttpServer startMcpHttp(const QString &opsctl, const QProcessEnvironment &env,
                                  const QStringList &extraArgs = {})
{
    McpHttpServer server;
    server.process = std::make_unique<QProcess>();
    server.process->setProcessEnvironment(env);
    server.process->start(opsctl, QStringList{QStringLiteral("mcp"), QStringLiteral("--http"),
                                              QStringLiteral("127.0.0.1:0")} +
                                      extraArgs);
    if (!server.process->waitForReadyRead(10000))
        return server;
    static const QRegularExpression first(
        QStringLiteral("^opsctl mcp listening on http://127\\.0\\.0\\.1:(\\d+)/mcp$"));
    const auto match = first.match(QString::fromUtf8(server.process->readLine()).trimmed());
    if (match.hasMatch())
        server.port = quint16(match.captured(1).toUInt());
    return server;
}

inline nlohmann::json mcpInitialize(const std::string &client)
{
    return {{"jsonrpc", "2.0"},
            {"id", 0},
            {"method", "initialize"},
            {"params",
             {{"protocolVersion", "2025-11-25"},
              {"capabilities", nlohmann::json::object()},
              {"clientInfo", {{"name", client}, {"version", "1"}}}}}};
}

inline nlohmann::json mcpRefundCall(int id, const std::string &order, const std::string &charge,
                                    int amount)
{
    return {{"jsonrpc", "2.0"},
            {"id", id},
            {"method", "tools/call"},
            {"params",
             {{"name", "refund"},
              {"arguments", {{"order", order}, {"charge", charge}, {"amount", amount}}}}}};
}

// The headers of a POST to /mcp; a null `authorization` sends no Authorization header.
inline HeaderList mcpHeaders(const QByteArray &authorization, const QByteArray &session = {})
{
    HeaderList headers = {{"Content-Type", "application/json"},
                          {"Accept", "application/json, text/event-stream"}};
    if (!authorization.isNull())
        headers.append({"Authorization", authorization});
    if (!session.isEmpty())
        headers.append({"Mcp-Session-Id", session});
    return headers;
}

// One POST on a fresh connection.
inline HttpReply mcpPost(quint16 port, const nlohmann::json &message,
                         const QByteArray &authorization, const QByteArray &session = {})
{
    return httpRequest(port, "POST", QStringLiteral("/mcp"),
                       QByteArray::fromStdString(message.dump()),
                       mcpHeaders(authorization, session));
}

// The Mcp-Session-Id of a new session opened with the bearer `token`; empty when refused.
inline QByteArray mcpOpenSession(quint16 port, const QByteArray &token, const std::string &client)
{
    const HttpReply reply = mcpPost(port, mcpInitialize(client), "Bearer " + token);
    return reply.status == 200 ? reply.header("mcp-session-id") : QByteArray();
}

} // namespace ops::test
