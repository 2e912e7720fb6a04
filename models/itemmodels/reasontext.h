#pragma once

// The engine stores why a row is unknown as an English sentence (the CLI, the MCP server and the
// audit read it as stored). The console shows it in the operator's language: reasonLabel()
// recognises the engine's sentences and translates them, keeping their variable part (an HTTP
// status, a provider's words) as stored. A sentence it does not know is shown as stored.

#include <QString>

namespace ops {

QString reasonLabel(const QString &stored);

} // namespace ops
