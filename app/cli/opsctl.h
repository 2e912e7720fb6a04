#pragma once

// `opsctl`: the command line the agent and scripts call (DESIGN §9). Exit codes: 0 a result
// was printed (whatever its status), 2 usage or invalid input, 1 internal failure.

#include <QStringList>
#include <QTextStream>

namespace ops::cli {

enum ExitCode { Ok = 0, Internal = 1, Usage = 2 };

// args without the program name. Writes results to out, diagnostics to err.
int runOpsctl(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace ops::cli
