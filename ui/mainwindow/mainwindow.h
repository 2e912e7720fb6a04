#pragma once

// The operator console's main window, a frame for one presenter per area (issue 55): the queue
// (the Operations, Checking and Mine lists), the detail pane, the row's actions, the team's
// actions (owners and notes) and tray notices, bulk resolution, provider events (Attention),
// decisions (rights, approvals) and supervision (audit, settings).
// The frame owns the tabs, the banner, the status bar's job line and the menus, and reloads its
// areas together. It reads through ConsoleReads and nothing else of storage, writes through
// ConsoleWrites, and is the console's one ConsoleView. Its tabs (MainWindow::CheckingTab,
// MainWindow::tabKeys) are ConsoleTabs'.

#include "common/consolereads.h"
#include "mainwindow/consoletabs.h"
#include "mainwindow/consoleview.h"
#include "mainwindow/queuepresenter.h"

#include <QMainWindow>
#include <memory>

class QAction;
class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTabWidget;

namespace ops::ui {

class BatchActions;
class BulkActions;
class DecisionsPresenter;
class DetailPresenter;
class EventsPresenter;
class NavigationActions;
class RowActions;
class SupervisorPresenter;
class TeamActions;
class TrayNotifier;

class MainWindow final : public QMainWindow, public ConsoleView, public ConsoleTabs
{
    Q_OBJECT
public:
    // Every read goes through `reads` (never null). See ConsoleView for actor and leaseHolder.
    MainWindow(std::unique_ptr<ConsoleReads> reads, QString actor, QString leaseHolder,
               QWidget *parent = nullptr);
    ~MainWindow() override;

    // ConsoleView (consoleview.h says what each does).
    ConsoleRequests &requests() override { return *m_requests; }
    void setWrites(ConsoleWrites &writes) override { m_writes = &writes; }
    QString actor() const override { return m_actor; }
    QString leaseHolder() const override { return m_leaseHolder; }
    QWidget *dialogParent() override { return this; }
    ModeBanner &modeBanner() override;
    void setLiveKeys(bool stripeLive, bool slenLive, bool adyenLive) override;
    void setHelpdeskProblem(const QString &problem) override;
    void setBusy(const QString &text, bool cancellable) override;
    void clearBusy(const QString &message = {}) override;
    void jobCancelled(const QString &text) override;
    void showError(const QString &what, const QString &next) override;
    void showStatus(const QString &text, int timeoutMs) override;
    void reloadAll() override;
    void catchUpWithDatabase() override;
    void applyOperation(const Operation &row, OperationState stateBefore, bool approvalRequested,
                        bool onlyWriter) override;
    void showLookupAnswer(const LookupAnswer &answer) override;
    void showResendOutcome(const QString &operationId, bool ok, const QString &text) override;
    void showNewRefundOutcome(const std::optional<Operation> &opened, const QString &message,
                              const QString &error, const QString &next) override;

    void startLiveRefresh(int intervalMs = 1000); // polls for others' commits
    // The row the tab shown points at: a list's current row, Attention's or an approval's.
    QString currentOperationId() const;
    // Selects the operation in the list shown; false when that list has no such row.
    bool selectOperation(const QString &operationId);
    // Re-reads the current row into the detail and the actions: a decision on fresh data.
    void reloadDetail();
    QString bannerText() const;
    QString statusText() const;
    void dismissBanner();

    // The areas, each owning its widgets and actions.
    QueuePresenter *queue() const { return m_queue; }
    DetailPresenter *detailArea() const { return m_detail; }
    RowActions *rows() const { return m_rows; }
    TeamActions *team() const { return m_team; }
    TrayNotifier *tray() const { return m_tray; }
    BulkActions *bulk() const { return m_bulk; }
    BatchActions *batch() const { return m_batch; }
    EventsPresenter *events() const { return m_events; }
    DecisionsPresenter *decisions() const { return m_decisions; }
    SupervisorPresenter *supervision() const { return m_supervision; }
    NavigationActions *navigation() const { return m_navigation; }
    ConsoleReads &reads() const { return *m_reads; }
    ConsoleWrites &writes() const { return *m_writes; }
    ChangeFeed *changes() const { return m_changes; }
    bool isBusy() const { return m_busy; }
    // The operator's rights as last read (DecisionsPresenter; none while the window is built).
    const OperatorAccess &access() const;
    // Why `action` cannot act now, said in the status bar when its key is pressed while it is
    // off (mainwindowroles.cpp): the right it needs and who the operator is, or what else stops
    // it. Empty while it is enabled.
    QString refusalFor(const QAction *action) const;
    // The right `action` needs; nullopt for actions anyone may take.
    std::optional<Right> rightOf(const QAction *action) const;

    QTabWidget *tabs() const { return m_tabs; }
    // The tab's page; nullptr while the window has no such tab (Approvals without the right).
    QWidget *tabPage(TabIndex tab) const;
    QSplitter *splitter() const { return m_split; }

private:
    void buildCentral();
    void buildAreas();
    void buildStatusBar();
    void watchChanges();
    QueuePresenter::Left reloadAreas();
    void onCurrentChanged();
    // The feed saw a commit: reloads, unless it is only what this window applied itself.
    void onDatabaseChanged();
    void tick();
    // Re-enables every area's actions for the row shown, the rights and a running job.
    void updateActions();
    // mainwindowroles.cpp: the rights read again, then what they allow.
    void reloadRoles();
    // A key of a disabled action says refusalFor in the status bar instead of nothing.
    void explainRefusedKeys();
    // On the Approvals tab the detail pane shows the selected request's operation.
    void followApprovalSelection();
    void reloadEvents();

    std::unique_ptr<ConsoleReads> m_reads;
    ConsoleWrites *m_writes = &ConsoleWrites::none(); // never null
    ConsoleRequests *m_requests = nullptr;
    ModeBanner *m_modeBanner = nullptr;
    QString m_actor;
    QString m_leaseHolder;
    QTabWidget *m_tabs = nullptr;
    QSplitter *m_split = nullptr;
    QLabel *m_banner = nullptr;
    ChangeFeed *m_changes = nullptr;
    bool m_busy = false;
    QLabel *m_busyLabel = nullptr;
    QProgressBar *m_progress = nullptr;
    QPushButton *m_cancelButton = nullptr;
    QueuePresenter *m_queue = nullptr;
    DetailPresenter *m_detail = nullptr;
    RowActions *m_rows = nullptr;
    TeamActions *m_team = nullptr;
    TrayNotifier *m_tray = nullptr;
    BulkActions *m_bulk = nullptr;
    BatchActions *m_batch = nullptr;
    EventsPresenter *m_events = nullptr;
    DecisionsPresenter *m_decisions = nullptr;
    SupervisorPresenter *m_supervision = nullptr;
    NavigationActions *m_navigation = nullptr;
};

} // namespace ops::ui
