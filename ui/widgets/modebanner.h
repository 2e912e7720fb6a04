#pragma once

// The mode is always visible (docs/design.md §12): a TEST or SIMULATOR badge in the menu bar's
// corner, and with a live key a red banner across the whole window under the menu bar saying
// that real money moves. Installed onto a QMainWindow over its own layout, which it leaves
// untouched (the console window makes it when first asked, ConsoleView::modeBanner); app/console
// decides the mode from the configured keys and URLs.

#include <QObject>

class QLabel;
class QMainWindow;
class QToolBar;

namespace ops::ui {

enum class ConnectionMode
{
    Unconfigured, // no provider key: nothing can be sent
    Test,         // sk_test_… / rk_test_…: the provider's test mode
    Simulator,    // the bundled provider-sim this console started (--demo)
    Live          // sk_live_… / rk_live_…: real money
};

class ModeBanner final : public QObject
{
    Q_OBJECT
public:
    explicit ModeBanner(QMainWindow &window);

    // `detail`: which providers are in this mode, e.g. "Stripe: live key sk_live_…1234".
    void setMode(ConnectionMode mode, const QString &detail);
    ConnectionMode mode() const { return m_mode; }
    QLabel *badge() const { return m_badge; }
    QToolBar *liveBanner() const { return m_bar; }
    QLabel *liveText() const { return m_liveText; }

private:
    ConnectionMode m_mode = ConnectionMode::Unconfigured;
    QLabel *m_badge = nullptr;
    QToolBar *m_bar = nullptr;
    QLabel *m_liveText = nullptr;
};

} // namespace ops::ui
