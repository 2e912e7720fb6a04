// BulkActions: Checking's multi-select, Select all with a proposal, and the bulk previews the
// console reads and runs. The preview is the store's (previewApply, resendBlock; the console's
// bulkpreviewread.h).

#include "mainwindow/bulkactions.h"

#include "common/consolereads.h"
#include "common/refusaltext.h"
#include "common/uilogging.h"
#include "dialogs/bulkapplydialog.h"
#include "domain/changefeed.h"
#include "domain/storeerror.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/windowaction.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QItemSelectionModel>
#include <QMenu>
#include <QSet>
#include <QTabWidget>
#include <QTableView>

using namespace Qt::StringLiterals;

namespace ops::ui {

BulkActions::BulkActions(MainWindow &frame, QMenu *operation)
    : QObject(&frame)
    , m_frame(frame)
{
    QTableView *table = frame.queue()->checkingView()->table();
    table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // The previews' tips say why they are off, or what they do (update).
    m_selectProposals = addWindowAction(
        frame, this, tr("Select all with a &proposal"), {QKeySequence(u"Ctrl+Shift+P"_s)},
        tr("Select every row in Checking the reconciler left a proposal for"),
        [this] { selectAllWithProposal(); });
    m_applyProposals =
        addWindowAction(frame, this, tr("&Apply proposals…"), {QKeySequence(u"Ctrl+Shift+Y"_s)}, {},
                        [this] { openApplyDialog(); });
    m_resendSelected =
        addWindowAction(frame, this, tr("Resend selecte&d…"), {QKeySequence(u"Ctrl+Shift+R"_s)}, {},
                        [this] { openResendDialog(); });
    const QList<QAction *> bulk = {m_selectProposals, m_applyProposals, m_resendSelected};
    operation->addActions(bulk);
    table->addActions(bulk);
    connect(table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &BulkActions::update);
    connect(frame.tabs(), &QTabWidget::currentChanged, this, &BulkActions::update);
}

std::optional<Right> BulkActions::rightOf(const QAction *action) const
{
    if (action == m_applyProposals)
        return Right::Close;
    if (action == m_resendSelected)
        return Right::Resend;
    return std::nullopt;
}

bool BulkActions::owns(const QAction *action) const
{
    return action == m_applyProposals || action == m_resendSelected;
}

QString BulkActions::refusalFor(const QAction *action) const
{
    return blockedReason(action == m_applyProposals ? Right::Close : Right::Resend);
}

BulkApplyDialog *BulkActions::dialog() const
{
    return m_dialog.data();
}

QStringList BulkActions::selectedIds() const
{
    // In list order, whatever order they were picked.
    return m_frame.queue()->checkingView()->selectedOperationIds();
}

QString BulkActions::blockedReason(Right right) const
{
    if (!m_frame.access().rights.testFlag(right))
        return rightRefusal(accessLabel(m_frame.access()), right);
    if (m_frame.tabs()->currentIndex() != MainWindow::CheckingTab)
        return tr("Bulk actions work in the Checking tab (Ctrl+2).");
    if (!m_frame.queue()->checkingView()->table()->selectionModel()->hasSelection())
        return tr("Select rows in Checking first (Shift+arrows, or Ctrl+Shift+P).");
    if (m_dialog)
        return tr("A bulk preview is already open.");
    return {};
}

void BulkActions::update()
{
    if (!m_applyProposals)
        return;
    const auto set = [](QAction *action, const QString &reason, const QString &tip) {
        action->setEnabled(reason.isEmpty());
        action->setToolTip(reason.isEmpty() ? tip : reason);
        action->setStatusTip(action->toolTip());
    };
    set(m_applyProposals, blockedReason(Right::Close),
        tr("Preview the selected rows' proposals, then apply them (Ctrl+Shift+Y)"));
    set(m_resendSelected, blockedReason(Right::Resend),
        tr("Preview, then resend the selected rows with their stored keys (Ctrl+Shift+R)"));
}

int BulkActions::selectAllWithProposal()
{
    m_frame.tabs()->setCurrentIndex(MainWindow::CheckingTab);
    QSet<QString> proposed;
    try {
        for (const Proposal &p : m_frame.reads().openProposals())
            proposed.insert(p.operationId);
    } catch (const StoreError &e) {
        m_frame.showError(tr("Could not read the proposals: %1").arg(e.message()),
                          tr("Nothing was selected; try again (F5 reloads)."));
        return 0;
    }
    OperationTableModel *checking = m_frame.queue()->checkingModel();
    QTableView *table = m_frame.queue()->checkingView()->table();
    // Load the whole queue: a proposal's row may be further down than the first page.
    while (checking->canFetchMore({}))
        checking->fetchMore({});
    // Adjacent rows go into one range: a selection of 1,000 single-row ranges makes every
    // later look at it (painting, isRowSelected) walk 1,000 ranges.
    QItemSelection selection;
    int n = 0;
    int first = -1;
    const int columns = checking->columnCount();
    const auto closeRange = [&](int end) {
        if (first >= 0)
            selection.append(QItemSelectionRange(checking->index(first, 0),
                                                 checking->index(end - 1, columns - 1)));
        first = -1;
    };
    for (int row = 0; row < checking->rowCount(); ++row) {
        const QModelIndex index = checking->index(row, 0);
        if (!proposed.contains(index.data(OperationTableModel::OperationIdRole).toString())) {
            closeRange(row);
            continue;
        }
        ++n;
        if (first < 0)
            first = row;
    }
    closeRange(checking->rowCount());
    QItemSelectionModel *model = table->selectionModel();
    model->select(selection, QItemSelectionModel::ClearAndSelect);
    if (n > 0 && !model->isRowSelected(table->currentIndex().row(), {}))
        model->setCurrentIndex(selection.first().topLeft(), QItemSelectionModel::NoUpdate);
    table->setFocus();
    m_frame.showStatus(n > 0 ? selectedProposalsHint(n) : tr("No row in Checking has a proposal."),
                       10000);
    update();
    return n;
}

QString BulkActions::selectedProposalsHint(int n) const
{
    // Names only a key this operator may use (issue 31 item 4).
    if (m_frame.access().rights.testFlag(Right::Close))
        return tr("%n row(s) with a proposal selected; Ctrl+Shift+Y previews applying them.",
                  nullptr, n);
    if (m_frame.access().rights.testFlag(Right::Resend))
        return tr("%n row(s) with a proposal selected; Ctrl+Shift+R previews resending them. "
                  "Applying proposals needs a supervisor.",
                  nullptr, n);
    return tr("%n row(s) with a proposal selected; applying them needs a supervisor.", nullptr, n);
}

BulkApplyDialog *BulkActions::showDialog(BulkApplyDialog *dialog)
{
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    // While the run commits row after row the lists behind the modal dialog do not follow each
    // commit (re-reading a long queue every second would stall the UI thread); they are read
    // once when it ends.
    connect(dialog, &BulkApplyDialog::confirmed, this, [this](BulkJob *job) {
        m_frame.changes()->blockSignals(true);
        emit m_frame.requests().bulkRunRequested(job);
    });
    connect(dialog, &BulkApplyDialog::rowsChanged, this, [this] {
        m_frame.changes()->blockSignals(false);
        m_frame.reloadAll();
    });
    // Not on destroyed: that also fires while the window itself is being torn down.
    connect(dialog, &QDialog::finished, this, [this] {
        m_dialog = nullptr;
        update();
    });
    update();
    dialog->open();
    return dialog;
}

BulkApplyDialog *BulkActions::openApplyDialog()
{
    if (const QString why = blockedReason(Right::Close); !why.isEmpty()) {
        m_frame.showStatus(why, 10000);
        return nullptr;
    }
    return startPreview(false);
}

BulkApplyDialog *BulkActions::openResendDialog()
{
    if (const QString why = blockedReason(Right::Resend); !why.isEmpty()) {
        m_frame.showStatus(why, 10000);
        return nullptr;
    }
    return startPreview(true);
}

BulkApplyDialog *BulkActions::startPreview(bool resend)
{
    const BulkPreviewRequest request{selectedIds(), m_frame.actor(), m_frame.leaseHolder(), resend};
    const auto mode =
        resend ? BulkApplyDialog::Mode::Resend : BulkApplyDialog::Mode::ApplyProposals;
    auto *dialog =
        showDialog(new BulkApplyDialog(mode, int(request.operationIds.size()), &m_frame));
    // The console reads it on its bulk thread (several queries per row: seconds for a long
    // selection); the dialog is open and cancellable meanwhile.
    if (!m_frame.requests().readsBulkPreviews()) {
        dialog->previewFailed(tr("no console is attached to read it."));
        return dialog;
    }
    emit m_frame.requests().bulkPreviewRequested(dialog->readJob(request));
    return dialog;
}

} // namespace ops::ui
