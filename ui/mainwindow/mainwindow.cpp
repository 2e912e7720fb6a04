#include "mainwindow/mainwindow.h"

#include "common/uilogging.h"
#include "domain/changefeed.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/eventspresenter.h"
#include "mainwindow/layoutmemory.h"
#include "mainwindow/screenfit.h"
#include "mainwindow/supervisorpresenter.h"
#include "supervisor/approvalspanel.h"
#include "supervisor/supervisorwindow.h"
#include "widgets/attentionpanel.h"
#include "widgets/elidingstatusbar.h"
#include "widgets/focusring.h"
#include "widgets/operationlistview.h"

#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

MainWindow::MainWindow(std::unique_ptr<ConsoleReads> reads, QString actor, QString leaseHolder,
                       QWidget *parent)
    : QMainWindow(parent)
    , m_reads(std::move(reads))
    , m_actor(std::move(actor))
    , m_leaseHolder(std::move(leaseHolder))
{
    Q_ASSERT(m_reads);
    setObjectName(u"mainWindow"_s);
    setWindowTitle(tr("Operations console — %1").arg(m_actor));
    applyFocusRing(this);
    m_operationsModel =
        new OperationTableModel(m_reads->pages(), OperationTableModel::Scope::All, this);
    m_checkingModel =
        new OperationTableModel(m_reads->pages(), OperationTableModel::Scope::CheckingQueue, this);
    buildCentral();
    // After buildCentral(): its lists' first read may fail (a login that may not read), and the
    // banner that says so exists only now; the reads below report it.
    for (OperationTableModel *model : {m_operationsModel, m_checkingModel}) {
        connect(model, &OperationTableModel::loadFailed, this, [this](const QString &message) {
            showError(tr("Could not read the operations: ") + message,
                      tr("Check that the database file is reachable; the list retries on the next "
                         "change or with F5."));
        });
    }
    // Before any row is loaded: restoring a header resets its sections.
    LayoutMemory(m_actor).restore(m_split,
                                  {{u"operations"_s, m_operationsView->table()->horizontalHeader()},
                                   {u"checking"_s, m_checkingView->table()->horizontalHeader()}});
    buildActions();
    buildStatusBar();
    buildRoles();
    m_events = new EventsPresenter(*this);
    connect(m_events, &EventsPresenter::currentOperationChanged, this,
            &MainWindow::onCurrentChanged);
    updateTabActions();
    reloadEvents();
    m_watcher = m_reads->watchChanges(this);
    connect(m_watcher, &ChangeFeed::changed, this, &MainWindow::onDatabaseChanged);
    // Team mode: the shared PostgreSQL server went away; the watcher retries until it is back.
    connect(m_watcher, &ChangeFeed::unreachable, this, [this](const QString &why) {
        statusBar()->showMessage(tr("Database unreachable — retrying (%1)").arg(why));
    });
    connect(m_watcher, &ChangeFeed::reachable, this, [this] {
        statusBar()->showMessage(tr("Database reachable again"), 10000);
        // After a failover: another server, perhaps without its standby.
        m_decisions->showReplication();
    });
    m_ticker = new QTimer(this);
    connect(m_ticker, &QTimer::timeout, this, &MainWindow::tick);
    m_ticker->start(1000);

    m_operationsModel->setFilter({});
    m_checkingModel->setFilter(QueryFilter::checkingQueue());
    updateCheckingTitle();
    m_tabs->setCurrentIndex(m_checkingModel->rowCount() > 0 ? CheckingTab : OperationsTab);
    currentView()->selectFirstRowIfNone();
    currentView()->table()->setFocus();
    // The layout memory keeps no window geometry: every start opens at a size the screen holds.
    resize(firstStartSize(screen()));
}

MainWindow::~MainWindow()
{
    saveLayout();
    // What reads through m_reads goes before it: QWidget would delete these children only after
    // the members are gone. Deleting the tabs' pages moves the current tab, which must not reach
    // this window any more.
    delete m_supervision->supervisorWindow();
    m_tabs->disconnect(this);
    delete centralWidget();
}

void MainWindow::saveLayout() const
{
    LayoutMemory(m_actor).save(m_split,
                               {{u"operations"_s, m_operationsView->table()->horizontalHeader()},
                                {u"checking"_s, m_checkingView->table()->horizontalHeader()}});
}

OperationListView *MainWindow::addList(OperationTableModel *model, const QString &title)
{
    auto *view = new OperationListView(model, m_tabs);
    m_tabs->addTab(view, title);
    // Only the list on show drives the detail: a hidden list whose row left (an own resend's
    // result) must not reload the pane or dismiss the banner.
    connect(view, &OperationListView::currentOperationChanged, this, [this, view] {
        if (view == currentView())
            onCurrentChanged();
    });
    connect(view, &OperationListView::operationActivated, this, &MainWindow::openDetail);
    return view;
}

void MainWindow::buildCentral()
{
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"mainTabs"_s);
    m_operationsView = addList(m_operationsModel, tr("Operations"));
    m_checkingView = addList(m_checkingModel, tr("Checking"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this] {
        currentView()->selectFirstRowIfNone();
        onCurrentChanged();
    });
    m_detail = new DetailPane(this);
    connect(m_detail, &DetailPane::operationLinkActivated, this, [this](const QString &id) {
        if (!revealOperation(id))
            statusBar()->showMessage(tr("%1 is not in the list shown; clear the search.").arg(id),
                                     10000);
    });
    m_banner = new QLabel(this);
    m_banner->setObjectName(u"banner"_s);
    m_banner->setWordWrap(true);
    m_banner->setTextFormat(Qt::RichText);
    m_banner->setStyleSheet(u"background: #fde2e2; color: #7a1212; padding: 6px; "
                            "border: 1px solid #e5a5a5;"_s);
    m_banner->hide();

    auto *split = new QSplitter(Qt::Vertical, this);
    split->setObjectName(u"listDetailSplitter"_s);
    split->addWidget(m_tabs);
    split->addWidget(m_detail);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({480, 360});
    m_split = split;
    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 0, 6, 0);
    layout->addWidget(m_banner);
    layout->addWidget(split, 1);
    setCentralWidget(central);
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
    connect(m_cancelButton, &QPushButton::clicked, this, &MainWindow::cancelRequested);
    statusBar()->addPermanentWidget(m_busyLabel);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    m_progress->hide();
    m_cancelButton->hide();
    // Who is acting, and whether the database checks it, are the permanent labels on the right
    // (mainwindowroles.cpp): a name typed at a single-desk file is not "signed in".
    statusBar()->showMessage(tr("Press / to search, Enter to open the detail."));
}

OperationListView *MainWindow::currentView() const
{
    return m_tabs->currentIndex() == CheckingTab ? m_checkingView : m_operationsView;
}

QString MainWindow::currentOperationId() const
{
    if (m_events && m_tabs->currentWidget() == m_events->panel())
        return m_events->panel()->currentOperationId();
    if (ApprovalsPanel *approvals = m_decisions ? m_decisions->approvalsPanel() : nullptr;
        approvals && m_tabs->currentWidget() == approvals)
        return approvals->selectedOperationId();
    return currentView()->currentOperationId();
}

bool MainWindow::selectOperation(const QString &operationId)
{
    return currentView()->selectOperation(operationId);
}

void MainWindow::setWrites(ConsoleWrites &writes)
{
    m_writes = &writes;
}

void MainWindow::startLiveRefresh(int intervalMs)
{
    m_watcher->start(intervalMs);
}

void MainWindow::reloadAll()
{
    reloadLists();
}

MainWindow::LeftSelection MainWindow::reloadLists()
{
    ++m_fullReloads;
    m_appliedVersion.reset();
    LeftSelection left{m_operationsView->reload(), m_checkingView->reload()};
    updateCheckingTitle();
    loadDetail();
    reloadRoles();
    reloadEvents();
    return left;
}

void MainWindow::reportLeftSelection(const LeftSelection &left)
{
    QStringList said;
    const auto say = [&said](const QStringList &ids, const QString &list) {
        if (!ids.isEmpty())
            said << tr("%n selected row(s) left %1 after a change made elsewhere: %2", nullptr,
                       int(ids.size()))
                        .arg(list, ids.join(u", "_s));
    };
    say(left.checking, tr("Checking"));
    say(left.operations, tr("Operations"));
    if (said.isEmpty())
        return;
    qCInfo(lcUi).noquote() << said.join(u' ');
    statusBar()->showMessage(said.join(u' '), 30000);
}

void MainWindow::onDatabaseChanged()
{
    if (m_appliedVersion) {
        try {
            if (m_reads->dataVersion() == *m_appliedVersion)
                return; // only the commits this window applied itself
        } catch (const StoreError &e) {
            qCWarning(lcUi) << "data version read failed:" << e.message();
        }
    }
    reportLeftSelection(reloadLists());
}

void MainWindow::catchUpWithDatabase()
{
    m_watcher->checkNow(); // reports (onDatabaseChanged) what moved since its last poll
}

void MainWindow::applyOperation(const Operation &row, OperationState stateBefore,
                                bool approvalRequested, bool onlyWriter)
{
    const bool shown = currentOperationId() == row.id;
    if (shown) {
        try {
            showRow(row, false, onlyWriter);
        } catch (const StoreError &e) {
            showError(tr("Could not read %1: %2").arg(row.id, e.message()),
                      tr("Try again in a moment (F5)."));
        }
    }
    // The evidence count as the pane just read it (a resend's close adds its answer); a row
    // not shown keeps the count its list shows.
    const auto count = shown && m_shown.operation.id == row.id
                           ? std::optional<int>(int(m_shown.evidence.size()))
                           : std::nullopt;
    m_operationsModel->updateRow(row, count);
    m_checkingModel->updateRow(row, count);
    const int delta =
        int(row.state == OperationState::Unknown) - int(stateBefore == OperationState::Unknown);
    if (delta != 0 && m_checkingCount >= 0)
        setCheckingCount(m_checkingCount + delta);
    if (approvalRequested)
        reloadRoles();
    updateActions();
    m_appliedVersion.reset();
    if (!onlyWriter)
        return; // the watcher's next report reloads what the others wrote
    try {
        m_appliedVersion = m_reads->dataVersion();
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "data version read failed:" << e.message();
    }
}

void MainWindow::updateCheckingTitle()
{
    try {
        setCheckingCount(m_reads->pages().count(QueryFilter::checkingQueue()));
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "checking count failed:" << e.message();
    }
}

void MainWindow::setCheckingCount(qint64 count)
{
    m_checkingCount = count;
    m_tabs->setTabText(CheckingTab, tr("Checking (%1)").arg(count));
}

void MainWindow::onCurrentChanged()
{
    dismissBanner();
    loadDetail();
}

void MainWindow::loadDetail()
{
    const QString id = currentOperationId();
    m_currentLease.reset();
    if (id.isEmpty()) {
        m_current.reset();
        m_shown = {};
        m_detail->clear();
        updateActions();
        return;
    }
    try {
        const auto op = m_reads->operation(id);
        if (!op) {
            m_current.reset();
            m_shown = {};
            m_detail->clear();
            updateActions();
            return;
        }
        showRow(*op, true);
    } catch (const StoreError &e) {
        showError(tr("Could not read %1: %2").arg(id, e.message()),
                  tr("Try again in a moment (F5)."));
    }
    updateActions();
}

void MainWindow::showRow(const Operation &op, bool all, bool leaseFree)
{
    OperationDetail d;
    d.operation = op;
    d.attempts = m_reads->attempts(op.id);
    d.evidence = m_reads->evidence(op.id);
    d.audit = m_reads->audit(op.id);
    if (all || m_shown.operation.id != op.id) {
        d.messages = m_reads->messages(op.id);
        d.events = m_reads->events(op.id);
        if (op.kind == OperationKind::Refund) {
            d.replacedBy = m_reads->replacementsOf(op.id);
            if (!op.replaces.isEmpty())
                d.replaces = m_reads->operation(op.replaces);
        }
    } else {
        d.messages = m_shown.messages;
        d.events = m_shown.events;
        d.replacedBy = m_shown.replacedBy;
        d.replaces = m_shown.replaces;
    }
    const QDateTime now = m_reads->clock().now();
    m_currentLease = leaseFree ? std::nullopt : m_reads->resendLease(op.id);
    d.resendBlockedReason = ops::resendBlockedReason(op, m_currentLease, m_leaseHolder, now);
    m_current = op;
    m_detail->showDetail(d, now);
    m_shown = std::move(d);
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
    m_operationsModel->refreshCountdown();
    m_checkingModel->refreshCountdown();
    m_detail->refreshWindow(m_reads->clock().now());
    m_events->tick(); // a receiver that stopped beating turns stale with the clock
    updateActions();  // a window that just closed turns Resend off
}

QString MainWindow::bannerText() const
{
    return m_banner->isVisible() ? m_banner->text() : QString();
}

QString MainWindow::statusText() const
{
    return statusBar()->currentMessage();
}

void MainWindow::dismissBanner()
{
    m_banner->hide();
}

void MainWindow::showError(const QString &what, const QString &next)
{
    m_banner->setText(
        tr("<b>%1</b><br>What to do next: %2").arg(what.toHtmlEscaped(), next.toHtmlEscaped()));
    m_banner->show();
    statusBar()->showMessage(what, 10000);
}

void MainWindow::setBusy(const QString &text, bool cancellable)
{
    m_busy = true;
    m_busyLabel->setText(text);
    m_progress->show();
    m_cancelButton->setVisible(cancellable);
    m_cancel->setEnabled(cancellable);
    updateActions();
}

void MainWindow::clearBusy(const QString &message)
{
    m_busy = false;
    m_busyLabel->clear();
    m_progress->hide();
    m_cancelButton->hide();
    m_cancel->setEnabled(false);
    if (!message.isEmpty())
        statusBar()->showMessage(message, 15000);
    updateActions();
}

} // namespace ops::ui
