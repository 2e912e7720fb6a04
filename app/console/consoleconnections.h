#pragma once

// Ties Tools → Connections and the mode badge to the running console: opens the dialog when the
// window asks, and after a save re-reads the configuration (environment first, then the files)
// into the controller and the badge, so the next look-up or resend uses it without a restart.
//
// How the console knows it talks to the simulator: it started it (--demo) and the Stripe base
// URL is that simulator's address. A key alone never says "simulator"; sk_test_/rk_test_ say
// TEST, sk_live_/rk_live_ say LIVE, and LIVE wins when any provider has a live key.

#include "console/consolejobs.h"
#include "widgets/modebanner.h"

#include <QObject>
#include <QPointer>

namespace ops::ui {
class ConnectionsDialog;
class ConsoleView;
} // namespace ops::ui

namespace ops::console {

class ConsoleController;
class ConnectionsService;

struct ModeReading
{
    ui::ConnectionMode mode = ui::ConnectionMode::Unconfigured;
    QString detail;
};
ModeReading modeOf(const JobConfig &config, const QString &simulatorUrl);

class ConsoleConnections final : public QObject
{
    Q_OBJECT
public:
    // `simulatorUrl`: the provider-sim this console started, '' without --demo. `configDir`:
    // '' for the user's configuration folder.
    ConsoleConnections(ui::ConsoleView &window, ConsoleController &controller, QString dbLocation,
                       QString simulatorUrl, QString configDir = {});
    ~ConsoleConnections() override;

    // Window-modal, not blocking (tests drive it).
    ui::ConnectionsDialog *openDialog();
    ui::ConnectionsDialog *dialog() const;
    ui::ModeBanner *banner() const { return m_banner; }
    ConnectionsService &service() const { return *m_service; }
    // Re-reads the configuration into the controller and the badge.
    void refresh();

private:
    // After a save that names another database than the one open: the status bar says which
    // one the next start opens (the running console keeps its own).
    void showDatabaseChange();

    ui::ConsoleView &m_window;
    ConsoleController &m_controller;
    QString m_dbLocation;
    QString m_simulatorUrl;
    ConnectionsService *m_service = nullptr;
    ui::ModeBanner *m_banner = nullptr;
    QPointer<ui::ConnectionsDialog> m_dialog;
    QString m_databaseBefore; // the saved team database when the dialog opened
};

} // namespace ops::console
