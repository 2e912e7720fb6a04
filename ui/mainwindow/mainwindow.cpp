#include "mainwindow/mainwindow.h"

#include "domain/changefeed.h"
#include "mainwindow/batchactions.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/eventspresenter.h"
#include "mainwindow/navigationactions.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "mainwindow/screenfit.h"
#include "mainwindow/supervisorpresenter.h"
#include "mainwindow/teamactions.h"
#include "mainwindow/traynotifier.h"
#include "mainwindow/windowaction.h"
#include "supervisor/approvalspanel.h"
#include "supervisor/supervisorwindow.h"
#include "widgets/attentionpanel.h"
#include "widgets/elidingstatusbar.h"
#include "widgets/focusring.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QLabel>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

MainWindow::MainWindow(std::unique_ptr<ConsoleReads> reads, QString actor, QString leaseHolder,
                       QWidget *parent)
    : QMainWindow(parent)
    , m_reads(std::move(reads))
    , m_requests(new ConsoleRequests(this))
    , m_actor(std::move(actor))
    , m_leaseHolder(std::move(leaseHolder))
{
    Q_ASSERT(m_reads);
    setObjectName(u"mainWindow"_s);
    setWindowTitle(tr("Operations console — %1").arg(m_actor));
    applyFocusRing(this);
    // The lists' first read may fail (a login that may not read): the banner that says so
    // exists before any area reads.
    buildCentral();
    buildAreas();
    buildStatusBar();
    m_decisions = new DecisionsPresenter(*this);
    connect(m_decisions, &DecisionsPresenter::approvalsTabChanged, m_navigation,
            &NavigationActions::update);
    connect(m_decisions, &DecisionsPresenter::selectedApprovalChanged, this,
            &MainWindow::followApprovalSelection);
    connect(m_decisions, &DecisionsPresenter::resendRequested, m_requests,
            &ConsoleRequests::resendRequested);
    m_tray->setTeamMode(m_decisions->identity().teamMode);
    reloadRoles();
    explainRefusedKeys();
    m_events = new EventsPresenter(*this);
    connect(m_events, &EventsPresenter::currentOperationChanged, this,
            &MainWindow::onCurrentChanged);
    m_navigation->update();
    reloadEvents();
    watchChanges();
    auto *ticker = new QTimer(this);
    connect(ticker, &QTimer::timeout, this, &MainWindow::tick);
    ticker->start(1000);
    m_queue->start();
    m_tray->look(); // the first look only remembers
    // The layout memory keeps no window geometry: every start opens at a size the screen holds.
    resize(firstStartSize(screen()));
}

MainWindow::~MainWindow()
{
    m_queue->saveLayout();
    // What reads through m_reads goes before it: QWidget would delete these children only after
    // the members are gone. Deleting the tabs' pages moves the current tab, which must not reach
    // this window any more.
    delete m_supervision->supervisorWindow();
    m_tabs->disconnect(); // every area's connection, not only the frame's
    delete centralWidget();
}

void MainWindow::buildCentral()
{
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"mainTabs"_s);
    m_queue = new QueuePresenter(*this); // the lists before the detail: Tab goes list → detail
    m_detail = new DetailPresenter(*this);
    connect(m_detail->pane(), &DetailPane::operationLinkActivated, this, [this](const QString &id) {
        if (!m_queue->reveal(id))
            showStatus(tr("%1 is not in the list shown; clear the search.").arg(id), 10000);
    });
    m_banner = new QLabel(this);
    m_banner->setObjectName(u"banner"_s);
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::RichText);
    m_banner->setStyleSheet(u"background: #fde2e2; color: #7a1212; padding: 6px; "
                            "border: 1px solid #e5a5a5;"_s);
    m_banner->hide();
    m_split = new QSplitter(Qt::Vertical, this);
    m_split->setObjectName(u"listDetailSplitter"_s);
    m_split->addWidget(m_tabs);
    m_split->addWidget(m_detail->pane());
    m_split->setStretchFactor(0, 3);
    m_split->setStretchFactor(1, 2);
    m_split->setSizes({480, 360});
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->addWidget(m_banner);
    layout->addWidget(m_split, 1);
    setCentralWidget(central);
    m_queue->restoreLayout(m_split);
    connect(m_queue, &QueuePresenter::currentOperationChanged, this, &MainWindow::onCurrentChanged);
    connect(m_queue, &QueuePresenter::operationActivated, this, [this] {
        reloadDetail();
        m_detail->pane()->focusTimeline();
    });
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        m_queue->currentView()->selectFirstRowIfNone();
        onCurrentChanged();
    });
}

// The toolbar, the menus and the lists' context menus, over the areas' actions.
void MainWindow::buildAreas()
{
    m_rows = new RowActions(*this);
    m_team = new TeamActions(*this);
    m_detail->pane()->setAddNoteAction(m_team->addNoteAction());
    m_navigation = new NavigationActions(*this);
    QAction *search =
        addWindowAction(*this, this, tr("&Search"), {QKeySequence(u"/"_s), QKeySequence::Find},
                        tr("Search operations"));
    connect(search, &QAction::triggered, this, [this] { m_queue->currentView()->focusSearch(); });
    QAction *refresh = addWindowAction(*this, this, tr("Re&fresh"), {QKeySequence::Refresh},
                                       tr("Read the lists again"));
    connect(refresh, &QAction::triggered, this, &MainWindow::reloadAll);
    auto *toolbar = addToolBar(tr("Actions"));
    toolbar->setObjectName(u"actions"_s);
    toolbar->setMovable(false);
    toolbar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    toolbar->addActions({m_rows->lookUpAction(), m_rows->resendAction(), m_rows->attachAction()});
    toolbar->addSeparator();
    // Only the row's decisions, so the toolbar fits 1024 px in every language (issue 31 item 5):
    // Copy key and Refresh stay in the menus, the context menu and their shortcuts.
    toolbar->addActions(
        {m_rows->closeSucceededAction(), m_rows->closeFailedAction(), m_rows->messageAction()});
    m_navigation->buildFileMenu();
    QMenu *operation = menuBar()->addMenu(tr("&Operation"));
    operation->addActions(m_rows->all());
    operation->addSeparator();
    operation->addActions(m_team->all());
    operation->addSeparator();
    m_bulk = new BulkActions(*this, operation);
    m_batch = new BatchActions(*this, operation);
    operation->addSeparator();
    operation->addAction(m_rows->cancelAction());
    QMenu *view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(u"viewMenu"_s);
    view->addActions({search, refresh});
    m_navigation->buildTabActions(view);
    for (OperationListView *list :
         {m_queue->operationsView(), m_queue->checkingView(), m_queue->mineView()}) {
        list->table()->setContextMenuPolicy(Qt::ActionsContextMenu);
        list->table()->addActions(m_rows->all());
        auto *separator = new QAction(list->table());
        separator->setSeparator(true);
        list->table()->addAction(separator);
        list->table()->addActions(m_team->all());
    }
    m_supervision = new SupervisorPresenter(*this);
    m_supervision->buildMenus(menuBar());
    connect(m_supervision, &SupervisorPresenter::resendRequested, m_requests,
            &ConsoleRequests::resendRequested);
    connect(m_supervision, &SupervisorPresenter::connectionsRequested, m_requests,
            &ConsoleRequests::connectionsRequested);
    connect(m_supervision, &SupervisorPresenter::agentsRequested, m_requests,
            &ConsoleRequests::agentsRequested);
    m_navigation->buildKeyboardActions(view);
    m_tray = new TrayNotifier(*this);
    m_tray->buildAction(view);
    updateActions();
}

void MainWindow::buildStatusBar()
{
    // Permanent texts and the message elide at 1024 px instead of running into each other.
    setStatusBar(new ElidingStatusBar(this));
    m_busyLabel = new ElidingLabel(this);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(140);
    m_cancelButton = new QPushButton(tr("Cancel (Esc)"), this);
    m_cancelButton->setObjectName(u"cancelButton"_s);
    connect(m_cancelButton, &QPushButton::clicked, m_requests, &ConsoleRequests::cancelRequested);
    statusBar()->addPermanentWidget(m_busyLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    m_progress->hide();
    m_cancelButton->hide();
    // Who is acting, and whether the database checks it, are the permanent labels on the right
    // (DecisionsPresenter): a name typed at a single-desk file is not "signed in".
    statusBar()->showMessage(tr("Press / to search, Enter to open the detail."));
}

void MainWindow::watchChanges()
{
    m_changes = m_reads->watchChanges(this);
    connect(m_changes, &ChangeFeed::changed, this, &MainWindow::onDatabaseChanged);
    // Team mode: the shared PostgreSQL server went away; the feed retries until it is back.
    connect(m_changes, &ChangeFeed::unreachable, this, [this](const QString &why) {
        statusBar()->showMessage(tr("Database unreachable — retrying (%1)").arg(why));
    });
    connect(m_changes, &ChangeFeed::reachable, this, [this] {
        statusBar()->showMessage(tr("Database reachable again"), 10000);
        // After a failover: another server, perhaps without its standby.
        m_decisions->showReplication();
    });
}

QWidget *MainWindow::tabPage(TabIndex tab) const
{
    switch (tab) {
    case OperationsTab:
        return m_queue->operationsView();
    case CheckingTab:
        return m_queue->checkingView();
    case MineTab:
        return m_queue->mineView();
    case AttentionTab:
        return m_events ? m_events->panel() : nullptr;
    case ApprovalsTab:
        return m_decisions ? m_decisions->approvalsPanel() : nullptr;
    }
    return nullptr;
}

QString MainWindow::currentOperationId() const
{
    if (m_events && m_tabs->currentWidget() == m_events->panel())
        return m_events->panel()->currentOperationId();
    if (ApprovalsPanel *approvals = m_decisions ? m_decisions->approvalsPanel() : nullptr;
        approvals && m_tabs->currentWidget() == approvals)
        return approvals->selectedOperationId();
    return m_queue->currentView()->currentOperationId();
}

bool MainWindow::selectOperation(const QString &operationId)
{
    return m_queue->currentView()->selectOperation(operationId);
}

void MainWindow::startLiveRefresh(int intervalMs)
{
    m_changes->start(intervalMs);
}

void MainWindow::reloadAll()
{
    reloadAreas();
}

QueuePresenter::Left MainWindow::reloadAreas()
{
    QueuePresenter::Left left = m_queue->reload();
    reloadDetail();
    reloadRoles();
    reloadEvents();
    m_tray->look();
    return left;
}

void MainWindow::onDatabaseChanged()
{
    if (!m_queue->isOwnChange()) // else only the commits this window applied itself
        m_queue->reportLeft(reloadAreas());
}

void MainWindow::catchUpWithDatabase()
{
    m_changes->checkNow(); // reports (onDatabaseChanged) what moved since its last poll
}

void MainWindow::applyOperation(const Operation &row, OperationState stateBefore,
                                bool approvalRequested, bool onlyWriter)
{
    const bool shown = currentOperationId() == row.id;
    if (shown)
        m_detail->show(row, DetailPresenter::Reread::Changes, onlyWriter);
    // The evidence count as the pane just read it (a resend's close adds its answer); a row
    // not shown keeps the count its list shows.
    m_queue->applyRow(row, stateBefore, shown ? m_detail->evidenceCountOf(row.id) : std::nullopt,
                      onlyWriter);
    if (approvalRequested)
        reloadRoles();
    updateActions();
}

void MainWindow::onCurrentChanged()
{
    dismissBanner();
    reloadDetail();
}

void MainWindow::reloadDetail()
{
    m_detail->load(currentOperationId());
    updateActions();
}

void MainWindow::updateActions()
{
    m_rows->update();
    m_team->update();
    m_bulk->update();
    m_batch->update();
}

const OperatorAccess &MainWindow::access() const
{
    static const OperatorAccess nobody; // while the window is built: no rights yet
    return m_decisions ? m_decisions->access() : nobody;
}

void MainWindow::reloadEvents()
{
    if (m_events && m_events->reload(access()))
        m_supervision->eventsChanged();
}

void MainWindow::tick()
{
    m_queue->tick();
    m_detail->tick();
    m_events->tick(); // a receiver that stopped beating turns stale with the clock
    updateActions();  // a window that just closed turns Resend off
    m_tray->look();   // a row of this person's turns late with the clock
}

} // namespace ops::ui
