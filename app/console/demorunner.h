#pragma once

// opsconsole --demo (issue 17): starts the bundled provider-sim on a free loopback port, builds
// the demo story (demostory.h) in a database in a new temporary folder, and stops the simulator
// and removes the folder when it is destroyed. The simulator is found next to the executable
// (the package's /usr/bin), then on PATH, then where the build tree keeps it (a console run from
// its build tree: build/app/console/opsconsole beside build/app/tools/providersim/provider-sim).

#include "demo/demostory.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>
#include <memory>

namespace ops::console {

class DemoRunner final
{
public:
    // `opsctl` runs the story's commands (cli::runOpsctl, handed in by opsconsole's main).
    explicit DemoRunner(OpsctlRunner opsctl)
        : m_opsctl(std::move(opsctl))
    {}
    ~DemoRunner();
    DemoRunner(const DemoRunner &) = delete;
    DemoRunner &operator=(const DemoRunner &) = delete;

    // Starts the simulator and builds the story for `operatorName`; progress goes to `log`.
    // Returns '' on success, else what failed (the simulator is stopped again then).
    QString start(const QString &operatorName, QTextStream &log);

    QString simulatorUrl() const { return m_url; }
    QString databasePath() const;

    // provider-sim next to `applicationDir`, else on PATH, else the build tree's (its path
    // relative to `applicationDir`, when the build has provider-sim); '' when none has it.
    static QString findSimulator(const QString &applicationDir);

private:
    QString startSimulator(const QString &program);
    void stop();

    OpsctlRunner m_opsctl;
    std::unique_ptr<QTemporaryDir> m_dir; // made by start()
    QProcess m_sim;
    QString m_url;
};

} // namespace ops::console
