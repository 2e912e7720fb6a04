#pragma once

// Tray notifications (issue 53 item 5): when a row this person owns changes state or goes past a
// service target, and when an approval waits for them. Off by default; View → Tray
// notifications turns them on, stored in QSettings (kSettingKey). Not offered on a SQLite file
// database, which has one person at one desk (the action is off and says so). What to say is
// decided by trayNotices() (common/traynotices.h) from the window's own lists, each time the
// window reloads or its clock ticks; the first look only remembers. A notice is shown through
// QSystemTrayIcon while the console is not the active window (what the person does at the
// console is not announced back to them), and only where the desktop has a system tray
// (QSystemTrayIcon::isSystemTrayAvailable(); never offscreen): elsewhere nothing is shown.

#include "common/traynotices.h"

#include <QObject>
#include <optional>
#include <vector>

class QAction;
class QMenu;
class QSystemTrayIcon;

namespace ops::ui {

class MainWindow;

class TrayNotifier final : public QObject
{
    Q_OBJECT
public:
    static constexpr const char *kSettingKey = "notifications/tray";
    // One message per look; several notices are listed by title, this many at most.
    static constexpr int kMaxAtOnce = 3;

    explicit TrayNotifier(MainWindow &frame);

    // View → Tray notifications (checkable), appended to `view`.
    void buildAction(QMenu *view);
    QAction *action() const { return m_action; }
    // Whether the database is a team's (PostgreSQL): only then are notifications offered.
    void setTeamMode(bool teamMode);
    // The setting is on and offered.
    bool isOn() const;

    // Compares what the window shows now with the last look and shows what changed (when on).
    void look();
    // What the window shows now: the rows this person owns (the Mine list as loaded) and the
    // pending approvals they may decide.
    TraySnapshot snapshot() const;
    // What the last look found, shown or not (tests read it offscreen).
    const std::vector<TrayNotice> &lastNotices() const { return m_last; }
    // The tray icon, once one was shown; null without a system tray.
    QSystemTrayIcon *trayIcon() const { return m_icon; }

private:
    void show(const std::vector<TrayNotice> &notices);
    void updateAction();

    MainWindow &m_frame;
    QAction *m_action = nullptr;
    QSystemTrayIcon *m_icon = nullptr;
    bool m_teamMode = false;
    std::optional<TraySnapshot> m_before;
    std::vector<TrayNotice> m_last;
    QString m_lastOperation; // the row a click on the last message shows
};

} // namespace ops::ui
