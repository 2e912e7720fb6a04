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
    m_operationsView = addList(m_operationsModel, tr("Operations"));
    m_checkingView = addList(m_checkingModel, tr("Checking"));
    for (OperationTableModel *model : {m_operationsModel, m_checkingModel}) {
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
            {u"checking"_s, m_checkingView->table()->horizontalHeader()}};
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
    m_operationsModel->setFilter({});
    m_checkingModel->setFilter(QueryFilter::checkingQueue());
    updateCheckingTitle();
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
    return m_frame.tabs()->currentIndex() == MainWindow::CheckingTab ? m_checkingView
                                                                     : m_operationsView;
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
    Left left{m_operationsView->reload(), m_checkingView->reload()};
    updateCheckingTitle();
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
    m_operationsModel->updateRow(row, evidence);
    m_checkingModel->updateRow(row, evidence);
    const int delta =
        int(row.state == OperationState::Unknown) - int(stateBefore == OperationState::Unknown);
    if (delta != 0 && m_checkingCount >= 0)
        setCheckingCount(m_checkingCount + delta);
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
    m_frame.tabs()->setTabText(MainWindow::CheckingTab, tr("Checking (%1)").arg(count));
}

void QueuePresenter::tick()
{
    m_operationsModel->refreshCountdown();
    m_checkingModel->refreshCountdown();
}

} // namespace ops::ui
