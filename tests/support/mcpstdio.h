#pragma once

// `opsctl mcp` over stdio as a real process, for the suites that speak MCP the way a desktop host
// does (tst_mcpserver, tst_checkreply): JSON-RPC messages, one line out per line in.

#include "support/testpaths.h"

#include <QElapsedTimer>
#include <QProcess>
#include <nlohmann/json.hpp>

namespace ops::test {

using nlohmann::json;

inline json initializeMessage(const std::string &version = "2025-06-18")
{
    return {{"jsonrpc", "2.0"},
            {"id", 0},
            {"method", "initialize"},
            {"params",
             {{"protocolVersion", version},
              {"capabilities", json::object()},
              {"clientInfo", {{"name", "tst"}, {"version", "1"}}}}}};
}

inline json toolCall(int id, const std::string &tool, const json &arguments)
{
    return {{"jsonrpc", "2.0"},
            {"id", id},
            {"method", "tools/call"},
            {"params", {{"name", tool}, {"arguments", arguments}}}};
}

// One `opsctl mcp` over stdio; one line out per line in.
class StdioServer
{
public:
    explicit StdioServer(const QProcessEnvironment &env, const QStringList &args = {})
    {
        m_process.setProcessEnvironment(env);
        m_process.setProcessChannelMode(QProcess::SeparateChannels);
        m_process.start(ops::test::opsctlPath(), QStringList{QStringLiteral("mcp")} + args);
    }
    ~StdioServer()
    {
        m_process.closeWriteChannel();
        if (!m_process.waitForFinished(10000))
            m_process.kill();
    }
    void write(const QByteArray &bytes) { m_process.write(bytes); }
    void send(const json &message) { write(QByteArray::fromStdString(message.dump()) + '\n'); }
    json read(int timeoutMs = 10000)
    {
        QElapsedTimer timer;
        timer.start();
        while (!m_process.canReadLine() && timer.elapsed() < timeoutMs)
            m_process.waitForReadyRead(100);
        if (!m_process.canReadLine())
            return json::value_t::discarded;
        return json::parse(m_process.readLine().toStdString(), nullptr, false);
    }
    json ask(const json &message)
    {
        send(message);
        return read();
    }
    bool initialize() { return ask(initializeMessage()).contains("result"); }
    bool alive()
    {
        const json pong = ask({{"jsonrpc", "2.0"}, {"id", "ping"}, {"method", "ping"}});
        return pong.is_object() && pong.value("result", json()) == json::object();
    }
    QProcess &process() { return m_process; }

private:
    QProcess m_process;
};

} // namespace ops::test
