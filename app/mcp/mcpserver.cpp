#include "mcp/mcpserver.h"

#include "mcp/mcplogging.h"
#include "mcp/stdioserver.h"

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
    StdioServer server(pool, options.stdioAgent);
    return server.run();
}

} // namespace ops::mcp
