#pragma once

// `opsctl mcp`: the agent tool server (docs/design.md §11) over stdio, or Streamable HTTP with
// --http. The caller has opened and migrated the database once; every call opens its own
// connection to the same location.

#include "mcp/httpserver.h"

#include <QTextStream>
#include <optional>

namespace ops::mcp {

struct ServerOptions
{
    QString dbLocation;
    std::optional<HttpOptions> http;            // none: stdio
    int workers = 32;                           // calls running at once; more wait their turn
    QString stdioAgent = QStringLiteral("mcp"); // team mode: an agent's login (DESIGN §13)
};

// 0 after end of input or SIGTERM with every call answered; 1 when it cannot start.
int runServer(const ServerOptions &options, QTextStream &out, QTextStream &err);

} // namespace ops::mcp
