#include "mcp/mcpserver.h"

#include "mcp/mcplogging.h"
#include "mcp/stdioserver.h"
#include "transport/secrets.h"

using namespace Qt::StringLiterals;

namespace ops::mcp {

int runServer(const ServerOptions &options, QTextStream &out, QTextStream &err)
{
    RunnerConfig config = RunnerConfig::fromEnvironment(options.dbLocation);
    if (!config.stripe)
        qCWarning(lcMcp) << "refund answers not_configured:" << config.stripeProblem;
    if (!config.slen)
        qCInfo(lcMcp) << "credit and execute_flow answer not_configured:" << config.slenProblem;
    CallPool pool(ToolRunner(std::move(config)), options.workers);
    if (options.http) {
        HttpServer server(pool, *options.http);
        return server.run(out, err);
    }
    StdioServer server(pool);
    return server.run();
}

std::optional<QString> httpToken(QString *error)
{
    const QString fromEnv = qEnvironmentVariable("OPS_MCP_TOKEN").trimmed();
    if (!fromEnv.isEmpty())
        return fromEnv;
    const auto secret = EnvFileSecretSource().secret(u"mcp"_s, error);
    if (!secret && error->isEmpty())
        *error = u"--http needs a bearer token: set OPS_MCP_TOKEN or write it to a 0600 file "
                 "~/.config/opsconsole/mcp.key"_s;
    return secret;
}

} // namespace ops::mcp
