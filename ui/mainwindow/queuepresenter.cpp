#include "mainwindow/queuepresenter.h"

#include "common/consolereads.h"
#include "common/uilogging.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/mainwindow.h"
#include "widgets/operationlistview.h"

#include <QHeaderView>
#include <QTabWidget>
#include <QTableView>

using namespace Qt::StringLiterals;

namespace ops::ui {

QueuePresenter::QueuePresenter(MainWindow &frame)
    : QObject(&frame)
    , m_frame(frame)
{
    ConsoleReads &reads = frame.reads();
    m_operationsModel =
        new OperationTableModel(reads.pages(), OperationTableModel::Scope::All, this);
    m_checkingModel =
        new OperationTableModel(reads.pages(), OperationTableModel::Scope::CheckingQueue, this);
    m_mineModel = new OperationTableModel(reads.pages(), OperationTableModel::Scope::All, this);
    m_operationsView = addList(m_operationsModel, tr("Operations"));
    m_checkingView = addList(m_checkingModel, tr("Checking"));
    // Added third; EventsPresenter then puts Attention before it (MainWindow::MineTab).
    m_mineView = addList(m_mineModel, tr("Mine"));
    m_mineView->setObjectName(u"mineList"_s);
    m_mineView->setEmptyText(tr("Nothing is yours yet"),
                             tr("Rows you take (Ctrl+T) or a supervisor gives you appear here. An "
                                "owner is a name, not a lock: the team sees who is on a row."));
    for (OperationTableModel *model : models()) {
        connect(model, &OperationTableModel::loadFailed, this, [this](const QString &message) {
            m_frame.showError(tr("Could not read the operations: ") + message,
                              tr("Check that the database file is reachable; the list retries on "
                                 "the next change or with F5."));
        });
    }
}

LayoutMemory::Headers QueuePresenter::headers() const
{
    return {{u"operations"_s, m_operationsView->table()->horizontalHeader()},
            {u"checking"_s, m_checkingView->table()->horizontalHeader()},
            {u"mine"_s, m_mineView->table()->horizontalHeader()}};
}

QList<OperationTableModel *> QueuePresenter::models() const
{
    return {m_operationsModel, m_checkingModel, m_mineModel};
}

void QueuePresenter::restoreLayout(QSplitter *split)
{
    m_split = split;
    LayoutMemory(m_frame.actor()).restore(m_split, headers());
}

OperationListView *QueuePresenter::addList(OperationTableModel *model, const QString &title)
{
    QTabWidget *tabs = m_frame.tabs();
    auto *view = new OperationListView(model, tabs);
    tabs->addTab(view, title);
    // Only the list on show drives the detail: a hidden list whose row left (an own resend's
    // result) must not reload the pane or dismiss the banner.
    connect(view, &OperationListView::currentOperationChanged, this, [this, view] {
        if (view == currentView())
            emit currentOperationChanged();
    });
    connect(view, &OperationListView::operationActivated, this,
            &QueuePresenter::operationActivated);
    return view;
}

void QueuePresenter::start()
{
    readTargets();
    QueryFilter all;
    all.targets = m_targets;
    QueryFilter checking = QueryFilter::checkingQueue();
    checking.targets = m_targets;
    QueryFilter mine = all;
    mine.ownedBy = m_frame.actor();
    m_operationsModel->setFilter(all);
    m_checkingModel->setFilter(checking);
    m_mineModel->setFilter(mine);
    updateCheckingTitle();
    updateMineTitle();
    m_frame.tabs()->setCurrentIndex(m_checkingModel->rowCount() > 0 ? MainWindow::CheckingTab
                                                                    : MainWindow::OperationsTab);
    currentView()->selectFirstRowIfNone();
    currentView()->table()->setFocus();
}

void QueuePresenter::saveLayout() const
{
    LayoutMemory(m_frame.actor()).save(m_split, headers());
}

OperationListView *QueuePresenter::currentView() const
{
    QWidget *shown = m_frame.tabs()->currentWidget();
    if (shown == m_checkingView)
        return m_checkingView;
    return shown == m_mineView ? m_mineView : m_operationsView;
}

bool QueuePresenter::readTargets()
{
    ServiceTargets read;
    try {
        read = m_frame.reads().serviceTargets();
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "service targets read failed:" << e.message();
        return false; // the lists keep the targets they had
    }
    if (read == m_targets)
        return false;
    m_targets = read;
    return true;
}

void QueuePresenter::applyTargets()
{
    for (OperationTableModel *model : models()) {
        QueryFilter f = model->filter();
        if (f.targets == m_targets)
            continue;
        f.targets = m_targets;
        model->setFilter(std::move(f));
    }
}

bool QueuePresenter::reveal(const QString &id)
{
    if (currentView()->selectOperation(id))
        return true;
    m_frame.tabs()->setCurrentIndex(MainWindow::OperationsTab);
    return m_operationsView->selectOperation(id);
}

QueuePresenter::Left QueuePresenter::reload()
{
    ++m_reloads;
    m_appliedVersion.reset();
    // A supervisor changed a target: the lists are read again under it (a reset, rare).
    if (readTargets())
        applyTargets();
    Left left{m_operationsView->reload(), m_checkingView->reload(), m_mineView->reload()};
    updateCheckingTitle();
    updateMineTitle();
    return left;
}

void QueuePresenter::reportLeft(const Left &left)
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
    say(left.mine, tr("Mine"));
    if (said.isEmpty())
        return;
    qCInfo(lcUi).noquote() << said.join(u' ');
    m_frame.showStatus(said.join(u' '), 30000);
}

bool QueuePresenter::isOwnChange() const
{
    if (!m_appliedVersion)
        return false;
    try {
        return m_frame.reads().dataVersion() == *m_appliedVersion;
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "data version read failed:" << e.message();
        return false;
    }
}

void QueuePresenter::applyRow(const Operation &row, OperationState stateBefore,
                              std::optional<int> evidence, bool onlyWriter)
{
    for (OperationTableModel *model : models())
        model->updateRow(row, evidence);
    const int delta =
        int(row.state == OperationState::Unknown) - int(stateBefore == OperationState::Unknown);
    if (delta != 0 && m_checkingCount >= 0)
        setCheckingCount(m_checkingCount + delta);
    else
        showCheckingTitle(); // a row that stays may have stopped being late
    m_appliedVersion.reset();
    if (!onlyWriter)
        return; // the change feed's next report reloads what the others wrote
    try {
        m_appliedVersion = m_frame.reads().dataVersion();
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "data version read failed:" << e.message();
    }
}

void QueuePresenter::updateCheckingTitle()
{
    try {
        setCheckingCount(m_frame.reads().pages().count(QueryFilter::checkingQueue()));
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "checking count failed:" << e.message();
    }
}

void QueuePresenter::setCheckingCount(qint64 count)
{
    m_checkingCount = count;
    showCheckingTitle();
}

void QueuePresenter::showCheckingTitle()
{
    if (m_checkingCount < 0)
        return;
    // Late among the rows loaded: the queue is ordered by what falls due first, so the late
    // ones are at its top and loaded first.
    const int late = m_checkingModel->lateCount();
    QString title = late > 0 ? tr("Checking (%1, %2 late)").arg(m_checkingCount).arg(late)
                             : tr("Checking (%1)").arg(m_checkingCount);
    QTabWidget *tabs = m_frame.tabs();
    if (tabs->tabText(MainWindow::CheckingTab) != title)
        tabs->setTabText(MainWindow::CheckingTab, title);
    tabs->setTabToolTip(MainWindow::CheckingTab,
                        late > 0 ? tr("%n row(s) past a service target: the late mark in the "
                                      "Window left column says which.",
                                      nullptr, late)
                                 : QString());
}

void QueuePresenter::updateMineTitle()
{
    QueryFilter mine;
    mine.ownedBy = m_frame.actor();
    try {
        m_mineCount = m_frame.reads().pages().count(mine);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "mine count failed:" << e.message();
        return;
    }
    QTabWidget *tabs = m_frame.tabs();
    tabs->setTabText(tabs->indexOf(m_mineView), tr("Mine (%1)").arg(m_mineCount));
}

void QueuePresenter::tick()
{
    for (OperationTableModel *model : models())
        model->refreshCountdown();
    showCheckingTitle(); // a row turns late as the clock passes its target
}

} // namespace ops::ui
