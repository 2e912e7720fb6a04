// MainWindow's bulk resolution in the checking queue (docs/design.md §10 Bulk resolution, issue
// 14 item 3): several rows selected (Shift/Ctrl with arrows or clicks; the detail pane follows
// the current row), Select all with a proposal, and the previews for Apply proposals… and
// Resend selected…. The preview is the store's (previewApply, resendBlock; the console's
// bulkpreviewread.h): the console reads it (bulkPreviewRequested) and runs a confirmed preview
// (bulkRunRequested), both off the UI thread; the window only shows them.

#include "common/uilogging.h"
#include "dialogs/bulkapplydialog.h"
#include "domain/changefeed.h"
#include "domain/storeerror.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/mainwindow.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QItemSelectionModel>
#include <QMenu>
#include <QMetaMethod>
#include <QSet>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

using namespace Qt::StringLiterals;

namespace ops::ui {

void MainWindow::buildBulkActions(QMenu *operation)
{
    QTableView *table = m_checkingView->table();
    table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    const auto make = [this](const QString &text, const QString &key, const QString &tip,
                             auto slot) {
        auto *action = new QAction(text, this);
        action->setShortcut(QKeySequence(key));
        action->setShortcutContext(Qt::WindowShortcut);
        action->setToolTip(tip);
        action->setStatusTip(tip);
        connect(action, &QAction::triggered, this, slot);
        QMainWindow::addAction(action); // wherever the focus is in the window
        return action;
    };
    m_selectProposals = make(tr("Select all with a &proposal"), u"Ctrl+Shift+P"_s,
                             tr("Select every row in Checking the reconciler left a proposal for "
                                "(Ctrl+Shift+P)"),
                             [this] { selectAllWithProposal(); });
    m_applyProposals =
        make(tr("&Apply proposals…"), u"Ctrl+Shift+Y"_s, {}, [this] { openBulkApplyDialog(); });
    m_resendSelected =
        make(tr("Resend selecte&d…"), u"Ctrl+Shift+R"_s, {}, [this] { openBulkResendDialog(); });
    const QList<QAction *> bulk = {m_selectProposals, m_applyProposals, m_resendSelected};
    operation->addActions(bulk);
    table->addActions(bulk);
    connect(table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &MainWindow::updateBulkActions);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateBulkActions);
}

BulkApplyDialog *MainWindow::bulkDialog() const
{
    return m_bulkDialog.data();
}

QStringList MainWindow::selectedCheckingIds() const
{
    return m_checkingView->selectedOperationIds(); // in list order, whatever order they were picked
}

QString MainWindow::bulkBlockedReason(Right right) const
{
    if (!access().rights.testFlag(right))
        return tr("%1 may not %2; ask a supervisor.")
            .arg(accessLabel(access()),
                 right == Right::Close ? tr("close operations") : tr("resend"));
    if (m_tabs->currentIndex() != CheckingTab)
        return tr("Bulk actions work in the Checking tab (Ctrl+2).");
    if (!m_checkingView->table()->selectionModel()->hasSelection())
        return tr("Select rows in Checking first (Shift+arrows, or Ctrl+Shift+P).");
    if (m_bulkDialog)
        return tr("A bulk preview is already open.");
    return {};
}

void MainWindow::updateBulkActions()
{
    if (!m_applyProposals)
        return;
    const auto set = [](QAction *action, const QString &reason, const QString &tip) {
        action->setEnabled(reason.isEmpty());
        action->setToolTip(reason.isEmpty() ? tip : reason);
        action->setStatusTip(action->toolTip());
    };
    set(m_applyProposals, bulkBlockedReason(Right::Close),
        tr("Preview the selected rows' proposals, then apply them (Ctrl+Shift+Y)"));
    set(m_resendSelected, bulkBlockedReason(Right::Resend),
        tr("Preview, then resend the selected rows with their stored keys (Ctrl+Shift+R)"));
}

int MainWindow::selectAllWithProposal()
{
    m_tabs->setCurrentIndex(CheckingTab);
    QSet<QString> proposed;
    try {
        for (const Proposal &p : m_reads->openProposals())
            proposed.insert(p.operationId);
    } catch (const StoreError &e) {
        showError(tr("Could not read the proposals: %1").arg(e.message()),
                  tr("Nothing was selected; try again (F5 reloads)."));
        return 0;
    }
    // Load the whole queue: a proposal's row may be further down than the first page.
    while (m_checkingModel->canFetchMore({}))
        m_checkingModel->fetchMore({});
    // Adjacent rows go into one range: a selection of 1,000 single-row ranges makes every
    // later look at it (painting, isRowSelected) walk 1,000 ranges.
    QItemSelection selection;
    int n = 0;
    int first = -1;
    const int columns = m_checkingModel->columnCount();
    const auto closeRange = [&](int end) {
        if (first >= 0)
            selection.append(QItemSelectionRange(m_checkingModel->index(first, 0),
                                                 m_checkingModel->index(end - 1, columns - 1)));
        first = -1;
    };
    for (int row = 0; row < m_checkingModel->rowCount(); ++row) {
        const QModelIndex index = m_checkingModel->index(row, 0);
        if (!proposed.contains(index.data(OperationTableModel::OperationIdRole).toString())) {
            closeRange(row);
            continue;
        }
        ++n;
        if (first < 0)
            first = row;
    }
    closeRange(m_checkingModel->rowCount());
    QItemSelectionModel *model = m_checkingView->table()->selectionModel();
    model->select(selection, QItemSelectionModel::ClearAndSelect);
    if (n > 0 && !model->isRowSelected(m_checkingView->table()->currentIndex().row(), {}))
        model->setCurrentIndex(selection.first().topLeft(), QItemSelectionModel::NoUpdate);
    m_checkingView->table()->setFocus();
    statusBar()->showMessage(
        n > 0 ? selectedProposalsHint(n) : tr("No row in Checking has a proposal."), 10000);
    updateBulkActions();
    return n;
}

QString MainWindow::selectedProposalsHint(int n) const
{
    // Names only a key this operator may use (issue 31 item 4).
    if (access().rights.testFlag(Right::Close))
        return tr("%n row(s) with a proposal selected; Ctrl+Shift+Y previews applying them.",
                  nullptr, n);
    if (access().rights.testFlag(Right::Resend))
        return tr("%n row(s) with a proposal selected; Ctrl+Shift+R previews resending them. "
                  "Applying proposals needs a supervisor.",
                  nullptr, n);
    return tr("%n row(s) with a proposal selected; applying them needs a supervisor.", nullptr, n);
}

BulkApplyDialog *MainWindow::showBulkDialog(BulkApplyDialog *dialog)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_bulkDialog = dialog;
    // While the run commits row after row the lists behind the modal dialog do not follow each
    // commit (re-reading a long queue every second would stall the UI thread); they are read
    // once when it ends.
    connect(dialog, &BulkApplyDialog::confirmed, this, [this, dialog] {
        m_watcher->blockSignals(true);
        emit bulkRunRequested(dialog);
    });
    connect(dialog, &BulkApplyDialog::rowsChanged, this, [this] {
        m_watcher->blockSignals(false);
        reloadAll();
    });
    // Not on destroyed: that also fires while the window itself is being torn down.
    connect(dialog, &QDialog::finished, this, [this] {
        m_bulkDialog = nullptr;
        updateBulkActions();
    });
    updateBulkActions();
    dialog->open();
    return dialog;
}

BulkApplyDialog *MainWindow::openBulkApplyDialog()
{
    if (const QString why = bulkBlockedReason(Right::Close); !why.isEmpty()) {
        statusBar()->showMessage(why, 10000);
        return nullptr;
    }
    return startBulkPreview(false);
}

BulkApplyDialog *MainWindow::openBulkResendDialog()
{
    if (const QString why = bulkBlockedReason(Right::Resend); !why.isEmpty()) {
        statusBar()->showMessage(why, 10000);
        return nullptr;
    }
    return startBulkPreview(true);
}

BulkApplyDialog *MainWindow::startBulkPreview(bool resend)
{
    const BulkPreviewRequest request{selectedCheckingIds(), m_actor, m_leaseHolder, resend};
    const auto mode =
        resend ? BulkApplyDialog::Mode::Resend : BulkApplyDialog::Mode::ApplyProposals;
    auto *dialog =
        showBulkDialog(new BulkApplyDialog(mode, int(request.operationIds.size()), this));
    // The console reads it on its bulk thread (several queries per row: seconds for a long
    // selection); the dialog is open and cancellable meanwhile.
    if (!isSignalConnected(QMetaMethod::fromSignal(&MainWindow::bulkPreviewRequested))) {
        dialog->previewFailed(tr("no console is attached to read it."));
        return dialog;
    }
    emit bulkPreviewRequested(dialog, request);
    return dialog;
}

} // namespace ops::ui
