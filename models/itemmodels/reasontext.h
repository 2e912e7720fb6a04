#pragma once

// The engine stores why a row is unknown, and proposal apply says what applying a proposal does or
// why a row is excluded, as English sentences (the CLI, the MCP server and the audit read them as
// stored). The console shows it in the operator's language: reasonLabel()
// recognises the engine's sentences and translates them, keeping their variable part (an HTTP
// status, a provider's words) as stored. A sentence it does not know is shown as stored.

#include <QString>

namespace ops {

QString reasonLabel(const QString &stored);
// A provider's status word ("pending", "received") in the operator's language; an unknown one as
// the provider wrote it.
QString providerStatusLabel(const QString &status);

} // namespace ops
