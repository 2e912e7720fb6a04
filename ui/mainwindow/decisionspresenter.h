#pragma once

// Who decides what, as the console window shows it (issues 6 and 26): the status bar's operator,
// identity, replication and four-eyes labels, and for a person with the Approve right the
// Approvals tab with its decisions. It reads through the frame's ConsoleReads and writes the
// decisions through its ConsoleWrites; an approved resend is asked of the console through its
// signal, as Resend is.

#include "domain/approval.h"
#include "domain/identity.h"
#include "domain/operatoraccess.h"
#include "domain/replicationstate.h"

#include <QObject>

class QLabel;

namespace ops::ui {

class ApprovalsPanel;
class MainWindow;

class DecisionsPresenter final : public QObject
{
    Q_OBJECT
public:
    // Puts the four labels into the frame's status bar and reads who is logged in, once.
    explicit DecisionsPresenter(MainWindow &frame);

    // Re-reads the operator's rights (a supervisor may change them while the console runs), the
    // pending approvals and whether four-eyes has its second person. Adds or removes the
    // Approvals tab as the Approve right comes and goes (approvalsTabChanged).
    void reload();
    // Team mode: the replication verdict, read again (after an outage: perhaps another server).
    void showReplication();

    const OperatorAccess &access() const { return m_access; }
    // Who the database says is logged in (identity.h), read when the window was built.
    const Identity &identity() const { return m_identity; }
    ApprovalsPanel *approvalsPanel() const { return m_approvals; } // null without Approve
    // The pending approvals as last read (none without the Approve right).
    const std::vector<Approval> &pending() const { return m_pending; }
    QLabel *operatorLabel() const { return m_operatorLabel; }
    // "checked by the database" in team mode, "name not authenticated (single-desk file)" on a
    // SQLite file or as the tables' owner.
    QLabel *identityLabel() const { return m_identityLabel; }
    QLabel *replicationLabel() const { return m_replicationLabel; } // hidden on a SQLite file
    QLabel *fourEyesLabel() const { return m_fourEyesLabel; }

signals:
    void approvalsTabChanged();
    void selectedApprovalChanged();
    // An approved resend is carried out at once, by the approver, through the resend job.
    void resendRequested(const QString &operationId);

private:
    void showIdentity();
    void showFourEyesCover();
    void updateApprovalsTab();
    void decide(qint64 id, bool approve, const QString &reason);
    void decided(const Approval &a, bool approved);
    void carryOutApprovedResend(const Approval &a);

    MainWindow &m_frame;
    OperatorAccess m_access;
    Identity m_identity;
    ApprovalsPanel *m_approvals = nullptr;
    std::vector<Approval> m_pending;
    QLabel *m_operatorLabel = nullptr;
    QLabel *m_identityLabel = nullptr;
    QLabel *m_replicationLabel = nullptr;
    QLabel *m_fourEyesLabel = nullptr;
};

} // namespace ops::ui
