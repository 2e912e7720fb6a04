#pragma once

// Bulk resolution in the console window's Checking list (docs/design.md §10 Bulk resolution,
// issue 14 item 3): several rows selected (Shift/Ctrl with arrows or clicks; the detail pane
// follows the current row), Select all with a proposal, and the previews for Apply proposals…
// and Resend selected…. The console reads a preview and runs a confirmed one off the UI thread
// (ConsoleRequests::bulkPreviewRequested, bulkRunRequested); the window only shows them.

#include "domain/rights.h"

#include <QObject>
#include <QPointer>

class QAction;
class QMenu;

namespace ops::ui {

class BulkApplyDialog;
class MainWindow;

class BulkActions final : public QObject
{
    Q_OBJECT
public:
    // Makes Checking multi-select and adds the three actions to `operation` and to Checking's
    // context menu.
    BulkActions(MainWindow &frame, QMenu *operation);

    // Enables the actions for the tab shown, Checking's selection and the operator's rights.
    void update();
    // The right `action` needs; nullopt for an action not of this area or needing none.
    std::optional<Right> rightOf(const QAction *action) const;
    // Whether `action` is Apply proposals… or Resend selected…, and why it is off now ('' when
    // it is on).
    bool owns(const QAction *action) const;
    QString refusalFor(const QAction *action) const;

    // Checking's selected rows, in list order.
    QStringList selectedIds() const;
    // Selects every row in Checking with an open proposal (loading the whole queue); how many.
    int selectAllWithProposal();
    // The previews; nullptr (the reason in the status bar) when the action is off.
    BulkApplyDialog *openApplyDialog();
    BulkApplyDialog *openResendDialog();
    BulkApplyDialog *dialog() const;

    QAction *selectProposalsAction() const { return m_selectProposals; }
    QAction *applyProposalsAction() const { return m_applyProposals; }
    QAction *resendSelectedAction() const { return m_resendSelected; }

private:
    QString blockedReason(Right right) const;
    // The status bar's note after Select all with a proposal: names the keys this operator may
    // use.
    QString selectedProposalsHint(int n) const;
    BulkApplyDialog *showDialog(BulkApplyDialog *dialog);
    BulkApplyDialog *startPreview(bool resend);

    MainWindow &m_frame;
    QAction *m_selectProposals = nullptr;
    QAction *m_applyProposals = nullptr;
    QAction *m_resendSelected = nullptr;
    QPointer<BulkApplyDialog> m_dialog;
};

} // namespace ops::ui
