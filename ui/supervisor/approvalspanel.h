#pragma once

// The supervisors' Approvals tab (issue 6, four-eyes): pending closes and resends, each decided
// with Approve or Reject and a reason typed inline (a rejection needs one). The window hands the
// rows in and acts on the signals; the panel itself stores nothing. Where the database does not
// authenticate names (a single-desk file, the tables' owner) the panel says that four-eyes there
// is a habit, not a control.

#include "domain/approval.h"
#include "domain/identity.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace ops {
class ApprovalListModel;
}

namespace ops::ui {

class ApprovalsPanel final : public QWidget
{
    Q_OBJECT
public:
    // actor: who is looking; their own requests can be rejected (withdrawn) but not approved.
    explicit ApprovalsPanel(QString actor, QWidget *parent = nullptr);

    void setApprovals(std::vector<Approval> pending);
    int count() const;
    bool selectApproval(qint64 id);
    qint64 selectedId() const;
    // The operation the selected request is about; empty when none is selected.
    QString selectedOperationId() const;

    ApprovalListModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLineEdit *reasonEdit() const { return m_reason; }
    QPushButton *approveButton() const { return m_approve; }
    QPushButton *rejectButton() const { return m_reject; }
    QString hint() const;
    // Who is logged in (identity.h): an unauthenticated one shows the note, an authenticated
    // one hides it (the database enforces four-eyes then).
    void setIdentity(const Identity &identity);
    // The note as shown; empty when hidden.
    QString identityNote() const;
    QLabel *identityNoteLabel() const { return m_note; }
    // The decision asked for by Approve or Reject has its answer (either way): the buttons
    // follow the selection again. Until then both are off, so a double-click decides once.
    void decisionAnswered();

signals:
    // The selection moved (a click, the arrows, a reload): the window shows its operation.
    void selectedApprovalChanged();
    // One per click while no decision is on its way; the window answers with decisionAnswered.
    void approveRequested(qint64 id, const QString &reason);
    void rejectRequested(qint64 id, const QString &reason);

private:
    void askDecision(bool approve);
    void updateButtons();

    QString m_actor;
    ApprovalListModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_reason = nullptr;
    QPushButton *m_approve = nullptr;
    QPushButton *m_reject = nullptr;
    QLabel *m_hint = nullptr;
    QLabel *m_note = nullptr;
    qint64 m_deciding = 0; // the approval whose decision is on its way; 0: none
};

} // namespace ops::ui
