#include "chaos/mcpagent.h"

#include "chaos/clirun.h"

#include <QEventLoop>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <stdexcept>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::chaos {

namespace {

const QString kAgent = u"chaos-mcp"_s;

json parsed(const QByteArray &bytes)
{
    return json::parse(bytes.constData(), nullptr, false);
}

// The agent's token, added by the run's supervisor. Throws when it cannot be added.
QByteArray addAgent(const QString &opsctl, const QProcessEnvironment &env)
{
    const CliResult r = runCli(
        opsctl, env, {u"--operator"_s, chaosSupervisor(opsctl, env), u"agent"_s, u"add"_s, kAgent});
    const json out = parsed(r.out);
    if (r.exitCode != 0 || !out.is_object() || !out.contains("token"))
        throw std::runtime_error("opsctl agent add failed: " + r.err.toStdString());
    return QByteArray::fromStdString(out.value("token", std::string()));
}

} // namespace

json toolArguments(const QStringList &cliArgs)
{
    json arguments = json::object();
    for (qsizetype i = 1; i + 1 < cliArgs.size(); i += 2) {
        const std::string key = cliArgs.at(i).mid(2).replace(u'-', u'_').toStdString();
        const QString value = cliArgs.at(i + 1);
        if (key == "amount")
            arguments[key] = value.toLongLong();
        else
            arguments[key] = value.toStdString();
    }
    return arguments;
}

McpAgent::McpAgent(const QString &opsctlPath, const QProcessEnvironment &env, const QString &dir)
{
    m_token = addAgent(opsctlPath, env);
    m_server = std::make_unique<ServeChild>(
        opsctlPath, env, dir + u"/mcp.out"_s, dir + u"/mcp.log"_s,
        QStringList{u"mcp"_s, u"--http"_s, u"127.0.0.1:0"_s}, u"opsctl mcp listening on http://"_s);
    m_network.setTransferTimeout(60000);
    QNetworkReply *reply = post({{"jsonrpc", "2.0"},
                                 {"id", 0},
                                 {"method", "initialize"},
                                 {"params",
                                  {{"protocolVersion", "2025-11-25"},
                                   {"capabilities", json::object()},
                                   {"clientInfo", {{"name", "opschaos"}, {"version", "1"}}}}}});
    QEventLoop wait;
    connect(reply, &QNetworkReply::finished, &wait, &QEventLoop::quit);
    wait.exec();
    reply->deleteLater();
    m_session = reply->rawHeader("Mcp-Session-Id");
    if (m_session.isEmpty())
        throw std::runtime_error("opsctl mcp --http opened no session: " +
                                 reply->readAll().toStdString());
}

McpAgent::~McpAgent() = default;

QNetworkReply *McpAgent::post(const json &message)
{
    QNetworkRequest request(QUrl(u"http://127.0.0.1:%1/mcp"_s.arg(m_server->port())));
    request.setRawHeader("Content-Type", "application/json");
    request.setRawHeader("Accept", "application/json, text/event-stream");
    request.setRawHeader("Authorization", "Bearer " + m_token);
    if (!m_session.isEmpty())
        request.setRawHeader("Mcp-Session-Id", m_session);
    return m_network.post(request, QByteArray::fromStdString(message.dump()));
}

QNetworkReply *McpAgent::call(const QStringList &cliArgs, Done done)
{
    QNetworkReply *reply =
        post({{"jsonrpc", "2.0"},
              {"id", m_nextId++},
              {"method", "tools/call"},
              {"params",
               {{"name", cliArgs.value(0).toStdString()}, {"arguments", toolArguments(cliArgs)}}}});
    connect(reply, &QNetworkReply::finished, this, [reply, done = std::move(done)] {
        reply->deleteLater();
        const bool aborted = reply->error() == QNetworkReply::OperationCanceledError;
        const json answer = aborted ? json() : parsed(reply->readAll());
        if (answer.is_object() && answer.contains("result") && answer["result"].is_object()) {
            done(answer["result"].value("structuredContent", json()), QString());
            return;
        }
        QString failure =
            u"HTTP %1"_s.arg(reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt());
        if (answer.is_object() && answer.contains("error") && answer["error"].is_object())
            failure += u": "_s + QString::fromStdString(answer["error"].value("message", ""));
        done(json(), failure);
    });
    return reply;
}

} // namespace ops::chaos
