#include "console/consoleconnections.h"

#include "console/connectionsservice.h"
#include "console/consolecontroller.h"
#include "dialogs/connectionsdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "domain/dblocation.h"
#include "domain/storeerror.h"
#include "mainwindow/consoleview.h"
#include "transport/secrets.h"

#include <QStatusBar>

using namespace Qt::StringLiterals;

namespace ops::console {

namespace {

QString keyTail(const QString &key)
{
    return key.size() > 8 ? maskedSecret(key.right(4)) : QString();
}

} // namespace

ModeReading modeOf(const JobConfig &config, const QString &simulatorUrl)
{
    const QUrl sim(simulatorUrl);
    // A live Adyen endpoint is reached even beside the demo's simulator.
    const bool adyenLive = config.adyen && adyenModeOf(config.adyen->baseUrl) == AdyenMode::Live;
    if (!adyenLive && !simulatorUrl.isEmpty() && config.stripe.baseUrl.host() == sim.host() &&
        config.stripe.baseUrl.port() == sim.port())
        return {ui::ConnectionMode::Simulator,
                ConsoleConnections::tr("provider-sim at %1, started by this console (--demo): "
                                       "no provider is reached.")
                    .arg(simulatorUrl)};
    const std::pair<QString, QString> keys[] = {
        {ConsoleConnections::tr("Stripe"), config.stripe.secret},
        {ConsoleConnections::tr("Slen"), config.slen.secret}};
    QStringList live;
    QStringList test;
    for (const auto &[provider, key] : keys) {
        if (ui::isLiveApiKey(key))
            live << ConsoleConnections::tr("%1 uses a live key %2").arg(provider, keyTail(key));
        else if (isTestApiKey(key))
            test << ConsoleConnections::tr("%1 uses a test key %2").arg(provider, keyTail(key));
    }
    // Adyen's platforms differ by endpoint, not by key (docs/adyen.md).
    if (adyenLive)
        live << ConsoleConnections::tr("Adyen uses its live endpoint %1")
                    .arg(config.adyen->baseUrl.host());
    else if (config.adyen && adyenModeOf(config.adyen->baseUrl) == AdyenMode::Test)
        test << ConsoleConnections::tr("Adyen uses its test endpoint");
    if (!live.isEmpty())
        return {ui::ConnectionMode::Live, live.join(u"; "_s) + u'.'};
    if (!test.isEmpty())
        return {ui::ConnectionMode::Test, test.join(u"; "_s) + u'.'};
    return {ui::ConnectionMode::Unconfigured,
            ConsoleConnections::tr("No sk_test_/sk_live_ provider key is configured: see Tools → "
                                   "Connections.")};
}

ConsoleConnections::ConsoleConnections(ui::ConsoleView &window, ConsoleController &controller,
                                       QString dbLocation, QString simulatorUrl, QString configDir)
    : QObject(window.dialogParent())
    , m_window(window)
    , m_controller(controller)
    , m_dbLocation(std::move(dbLocation))
    , m_simulatorUrl(std::move(simulatorUrl))
    , m_service(new ConnectionsService(std::move(configDir), m_simulatorUrl, this))
    , m_banner(&window.modeBanner())
{
    try {
        m_service->setRunningDatabase(DbLocation::parse(m_dbLocation).display());
    } catch (const StoreError &) {
        // The window opened it, so it parses; a test console may pass a bare name.
    }
    connect(&window.requests(), &ui::ConsoleRequests::connectionsRequested, this,
            [this] { openDialog(); });
    const ModeReading reading = modeOf(m_controller.config(), m_simulatorUrl);
    m_banner->setMode(reading.mode, reading.detail);
}

ConsoleConnections::~ConsoleConnections() = default;

ui::ConnectionsDialog *ConsoleConnections::openDialog()
{
    if (m_dialog)
        m_dialog->close();
    m_databaseBefore = m_service->savedDatabase();
    auto *dialog = new ui::ConnectionsDialog(*m_service, m_window.dialogParent());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &ui::ConnectionsDialog::saved, this, &ConsoleConnections::refresh);
    dialog->show();
    m_dialog = dialog;
    return dialog;
}

ui::ConnectionsDialog *ConsoleConnections::dialog() const
{
    return m_dialog.data();
}

void ConsoleConnections::refresh()
{
    m_controller.setConfig(jobConfigFromEnvironment(m_dbLocation));
    const ModeReading reading = modeOf(m_controller.config(), m_simulatorUrl);
    m_banner->setMode(reading.mode, reading.detail);
    showDatabaseChange();
}

void ConsoleConnections::showDatabaseChange()
{
    const QString saved = m_service->savedDatabase();
    if (saved == m_databaseBefore)
        return;
    m_databaseBefore = saved;
    QString running;
    try {
        running = DbLocation::parse(m_dbLocation).display();
    } catch (const StoreError &) {
        running = m_dbLocation;
    }
    m_window.showStatus(tr("Saved. This console keeps using %1; started without --db, it opens %2.")
                            .arg(running, saved.isEmpty() ? DbLocation::defaultLocation() : saved),
                        30'000);
}

} // namespace ops::console
