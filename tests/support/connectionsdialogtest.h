#pragma once

// What the Tools → Connections suites share (tst_connections, tst_connectionsadyen,
// tst_connectionsdatabase, tst_failoverconsole): a configuration folder and provider-sim of the
// suite's own, pressing Check connection and waiting for its answer, and the permission bits a
// secret file must not have. Header-only; the suites link ops_console themselves.

#include "console/connectionsservice.h"
#include "dialogs/connectionsdialog.h"
#include "support/simprocess.h"
#include "transport/secrets.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

namespace ops::test {

// Every variable that wins over what the dialog saves.
inline const char *const kConnectionVariables[] = {"OPS_STRIPE_URL",
                                                   "OPS_STRIPE_KEY",
                                                   "OPS_SLEN_URL",
                                                   "OPS_SLEN_KEY",
                                                   "OPS_SLEN_PROJECT",
                                                   "OPS_HELPDESK_URL",
                                                   "OPS_HELPDESK_KEY",
                                                   "OPS_HELPDESK_VENDOR",
                                                   "OPS_HELPDESK_USER",
                                                   "OPS_HELPDESK_AUTHOR",
                                                   "OPS_HELPDESK_RATE",
                                                   "OPS_STRIPE_WEBHOOK_SECRET",
                                                   "OPS_DB",
                                                   "PGPASSWORD",
                                                   "OPS_ADYEN_URL",
                                                   "OPS_ADYEN_KEY",
                                                   "OPS_ADYEN_MERCHANT",
                                                   "OPS_ADYEN_HMAC_KEY"};

// A suite's own configuration folder (QStandardPaths reads XDG_CONFIG_HOME on every call), the
// provider-sim with the demo seed, and a fresh service per test.
class ConnectionsFixture
{
protected:
    QString configDir() const { return m_xdg.path() + QStringLiteral("/opsconsole"); }
    // initTestCase: '' when the configuration folder is this suite's, else what failed.
    QString enterHome()
    {
        if (!m_xdg.isValid())
            return QStringLiteral("no temporary folder");
        qputenv("XDG_CONFIG_HOME", m_xdg.path().toUtf8());
        if (opsConfigDir() != configDir())
            return QStringLiteral("the configuration folder is ") + opsConfigDir();
        return {};
    }
    // enterHome(), and provider-sim (`simPath`, the demo seed under `sourceDir`) started.
    QString setUpHome(const QString &simPath, const QString &sourceDir)
    {
        if (const QString failed = enterHome(); !failed.isEmpty())
            return failed;
        m_sim = std::make_unique<SimProcess>(simPath, SimProcess::demoSeedPath(sourceDir));
        return m_sim->start() ? QString() : m_sim->error();
    }
    // init: no variable set, nothing saved, a new service.
    void resetConnections()
    {
        for (const char *name : kConnectionVariables)
            qunsetenv(name);
        QDir(configDir()).removeRecursively();
        m_service = std::make_unique<console::ConnectionsService>();
    }
    std::unique_ptr<ui::ConnectionsDialog> openDialog()
    {
        auto d = std::make_unique<ui::ConnectionsDialog>(*m_service);
        d->show();
        return d;
    }

    QTemporaryDir m_xdg;
    std::unique_ptr<SimProcess> m_sim;
    std::unique_ptr<console::ConnectionsService> m_service;
};

// Group or others may do anything: a secret file with any of these is refused.
inline constexpr auto kGroupOrOther = QFileDevice::ReadGroup | QFileDevice::WriteGroup |
                                      QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                      QFileDevice::WriteOther | QFileDevice::ExeOther;

inline QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Shows row `id`'s tab (a button on a hidden tab takes no click), presses its Check connection
// and waits up to `timeoutMs` for a result containing `expected`; says what it shows otherwise.
inline bool checkShows(ui::ConnectionsDialog &d, const QString &id, const QString &expected,
                       int timeoutMs = 10000)
{
    d.revealRow(id);
    QTest::mouseClick(d.checkButton(id), Qt::LeftButton);
    const bool shown =
        QTest::qWaitFor([&] { return d.checkResult(id)->text().contains(expected); }, timeoutMs);
    if (!shown)
        qWarning() << id << "shows" << d.checkResult(id)->text();
    return shown;
}

} // namespace ops::test
