#pragma once

// `opsctl`: the command line the agent and scripts call (docs/design.md §9). Exit codes: 0 a result
// was printed (whatever its status), 2 usage or invalid input, 1 internal failure, 3 what a
// verification command checked does not hold (its result still says why).

#include <QStringList>
#include <QTextStream>

namespace ops::cli {

enum ExitCode
{
    Ok = 0,
    Internal = 1,
    Usage = 2,
    NotVerified = 3,
    NeedsApproval = 4, // batch run: the batch waits for a second supervisor; nothing was sent
    Interrupted = 130  // SIGINT or SIGTERM stopped the command between two steps (batch run)
};

// args without the program name. Writes results to out, diagnostics to err. A failing command
// asked for --json (or a tool command) that printed nothing gets a JSON error object on out.
int runOpsctl(const QStringList &args, QTextStream &out, QTextStream &err);

} // namespace ops::cli
