#include "mainwindow/traynotifier.h"

#include "itemmodels/operationtablemodel.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QSettings>
#include <QStyle>
#include <QSystemTrayIcon>

using namespace Qt::StringLiterals;

namespace ops::ui {

TrayNotifier::TrayNotifier(MainWindow &frame)
    : QObject(&frame)
    , m_frame(frame)
{}

void TrayNotifier::buildAction(QMenu *view)
{
    m_action = new QAction(tr("Tra&y notifications"), this);
    m_action->setObjectName(u"trayAction"_s);
    m_action->setCheckable(true);
    m_action->setChecked(QSettings().value(QLatin1StringView(kSettingKey), false).toBool());
    connect(m_action, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(QLatin1StringView(kSettingKey), on);
        if (!on && m_icon)
            m_icon->hide();
    });
    view->addSeparator();
    view->addAction(m_action);
    updateAction();
}

void TrayNotifier::setTeamMode(bool teamMode)
{
    m_teamMode = teamMode;
    updateAction();
}

void TrayNotifier::updateAction()
{
    if (!m_action)
        return;
    m_action->setEnabled(m_teamMode);
    QString tip;
    if (!m_teamMode)
        tip = tr("Not on a SQLite file database: it has one person at one desk, who sees every "
                 "change in this window.");
    else if (!QSystemTrayIcon::isSystemTrayAvailable())
        tip = tr("This desktop has no system tray: nothing is shown while it has none.");
    else
        tip = tr("A message in the system tray when a row you own changes state or is late, and "
                 "when an approval waits for you, while the console is not the active window.");
    m_action->setToolTip(tip);
    m_action->setStatusTip(tip);
}

bool TrayNotifier::isOn() const
{
    return m_teamMode && m_action && m_action->isChecked();
}

TraySnapshot TrayNotifier::snapshot() const
{
    TraySnapshot s;
    const OperationTableModel *mine = m_frame.queue()->mineModel();
    for (int row = 0; row < mine->rowCount(); ++row) {
        const OperationSummary *r = mine->summaryAt(row);
        s.mine.push_back({r->id, r->state, mine->lateReasonOf(*r)});
    }
    if (!m_frame.access().rights.testFlag(Right::Approve) || !m_frame.decisions())
        return s;
    for (const Approval &a : m_frame.decisions()->pending()) {
        if (a.requestedBy != m_frame.actor()) // nobody decides their own request
            s.approvals.push_back({a.id, a.operationId, a.action, a.requestedBy});
    }
    return s;
}

void TrayNotifier::look()
{
    TraySnapshot now = snapshot();
    if (m_before && *m_before == now) {
        m_last.clear();
        return;
    }
    m_last = trayNotices(m_before, now, m_frame.queue()->targets());
    m_before = std::move(now);
    if (!m_last.empty() && isOn() && !m_frame.isActiveWindow())
        show(m_last);
}

void TrayNotifier::show(const std::vector<TrayNotice> &notices)
{
    if (!QSystemTrayIcon::isSystemTrayAvailable())
        return; // offscreen, or a desktop without a tray: nothing to show it in
    if (!m_icon) {
        m_icon = new QSystemTrayIcon(this);
        m_icon->setIcon(m_frame.windowIcon().isNull()
                            ? QApplication::style()->standardIcon(QStyle::SP_MessageBoxInformation)
                            : m_frame.windowIcon());
        m_icon->setToolTip(m_frame.windowTitle());
        connect(m_icon, &QSystemTrayIcon::messageClicked, this, [this] {
            m_frame.showNormal();
            m_frame.raise();
            m_frame.activateWindow();
            if (!m_lastOperation.isEmpty())
                m_frame.queue()->reveal(m_lastOperation);
        });
    }
    m_icon->show();
    m_lastOperation = notices.back().operationId;
    // One message per look: a tray shows one at a time, and a later one replaces it.
    if (notices.size() == 1) {
        m_icon->showMessage(notices.front().title, notices.front().text,
                            QSystemTrayIcon::Information, 15000);
        return;
    }
    QStringList lines;
    for (const TrayNotice &n : notices) {
        if (lines.size() == kMaxAtOnce) {
            lines << u"…"_s;
            break;
        }
        lines << n.title;
    }
    m_icon->showMessage(tr("%n change(s) on your rows and approvals", nullptr, int(notices.size())),
                        lines.join(u'\n'), QSystemTrayIcon::Information, 15000);
}

} // namespace ops::ui
