#pragma once

// The demo story (issue 17): the rows `opsconsole --demo` and `opsctl demo story` build, made by
// real refunds and credit movements through opsctl's own commands against provider-sim with
// faults injected: confirmed refunds, refusals, and rows in the checking queue (a stored 500
// with the money moved, a stored 500 without, retries exhausted), and two Adyen refunds, one
// waiting for its notification and one closed by it (demoreceiver.h). One mechanism for the
// installed product, scripts/console-demo.sh and the tests.

#include <QString>
#include <QStringList>
#include <QTextStream>
#include <functional>

namespace ops {

// Runs one opsctl command in this process and returns its exit code: cli::runOpsctl, handed in by
// opsctl and opsconsole, so the story sits below the command line and the console.
using OpsctlRunner =
    std::function<int(const QStringList &args, QTextStream &out, QTextStream &err)>;

struct DemoStoryInput
{
    QString simUrl;     // a provider-sim this process may seed and inject faults into
    QString dbLocation; // an empty database (opsctl demo story checks; the console uses a new one)
    QString operatorName; // becomes the database's first supervisor
    OpsctlRunner opsctl;  // the story's commands; required
};

// Points this process's provider settings at the simulator (OPS_STRIPE_URL, OPS_STRIPE_KEY,
// OPS_ADYEN_*, OPS_SLEN_*, OPS_HELPDESK_*, short timeouts): the story, and a console opened on it
// afterwards, never reach a configured live provider or read the user's secret files.
void useSimulatorEnvironment(const QString &simUrl);

// Seeds the simulator (resources/sim/demo-seed.json, built in), then runs the story. Progress
// lines go to `log`. Returns '' on success, else what failed.
QString buildDemoStory(const DemoStoryInput &input, QTextStream &log);

} // namespace ops
