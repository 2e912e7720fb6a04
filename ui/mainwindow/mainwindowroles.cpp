// MainWindow and the operator's role (issue 6): the status bar names the operator and role,
// actions the role may not take are disabled with the reason as tooltip (the store refuses them
// too), and a supervisor gets the Approvals tab for four-eyes requests. Who is acting (issue 26):
// in team mode the database's login, said as checked; on a single-desk file or as the tables'
// owner, the typed name with a note that it is not authenticated.

#include "common/refusaltext.h"
#include "common/uilogging.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/mainwindow.h"
#include "supervisor/approvalspanel.h"
#include "widgets/elidingstatusbar.h"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStatusBar>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

// Qt matches no shortcut of a disabled action, so its key goes to the focus widget as an ordinary
// key press and does nothing: this watches the window's key presses and says why when one is the
// key of a disabled action. The press itself goes on unchanged.
class RefusedKeyFilter final : public QObject
{
public:
    explicit RefusedKeyFilter(MainWindow *window)
        : QObject(window)
        , m_window(window)
    {}

    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() != QEvent::KeyPress || !watched->isWidgetType())
            return false;
        // Each widget the press propagates to asks again; saying the same twice is harmless.
        if (static_cast<QWidget *>(watched)->window() != m_window)
            return false;
        const QKeySequence key(static_cast<QKeyEvent *>(event)->keyCombination());
        for (const QAction *action : m_window->actions()) {
            if (action->isEnabled() || !action->shortcuts().contains(key))
                continue;
            if (const QString why = m_window->refusalFor(action); !why.isEmpty())
                m_window->statusBar()->showMessage(why, 10000);
            break;
        }
        return false;
    }

private:
    MainWindow *m_window = nullptr;
};

// "close" in the person's language, for "needs the close right".
QString rightText(Right right)
{
    switch (right) {
    case Right::Attach:
        return MainWindow::tr("attach");
    case Right::Resend:
        return MainWindow::tr("resend");
    case Right::Close:
        return MainWindow::tr("close");
    case Right::Message:
        return MainWindow::tr("message");
    case Right::Audit:
        return MainWindow::tr("audit");
    case Right::Approve:
        return MainWindow::tr("approve");
    default:
        return toString(right);
    }
}

// The action's text as a person reads it: no mnemonic, no ellipsis.
QString plainText(const QAction *action)
{
    QString text = action->text();
    text.remove(u'&');
    if (text.endsWith(u'…'))
        text.chop(1);
    return text;
}

QString roleText(const OperatorAccess &a)
{
    if (!a.role)
        return MainWindow::tr("not in the operator directory — view only");
    if (a.disabled)
        return MainWindow::tr("disabled — view only");
    return roleLabel(*a.role);
}

} // namespace

void MainWindow::buildRoles()
{
    m_operatorLabel = new ElidingLabel(this);
    m_operatorLabel->setObjectName(u"operatorLabel"_s);
    statusBar()->insertPermanentWidget(0, m_operatorLabel);
    m_identityLabel = new ElidingLabel(this);
    m_identityLabel->setObjectName(u"identityLabel"_s);
    statusBar()->insertPermanentWidget(1, m_identityLabel);
    m_replicationLabel = new ElidingLabel(this);
    m_replicationLabel->setObjectName(u"replicationLabel"_s);
    statusBar()->insertPermanentWidget(2, m_replicationLabel);
    m_fourEyesLabel = new ElidingLabel(this);
    m_fourEyesLabel->setObjectName(u"fourEyesLabel"_s);
    m_fourEyesLabel->setStyleSheet(u"color: #b71c1c; font-weight: bold;"_s);
    m_fourEyesLabel->hide();
    statusBar()->insertPermanentWidget(3, m_fourEyesLabel);
    try {
        m_identity = m_reads->identity();
    } catch (const StoreError &e) {
        // Unchecked (the default) says less than the truth, never more.
        qCWarning(lcUi) << "reading who is logged in failed:" << e.message();
    }
    showIdentity();
    showReplication();
    reloadRoles();
    explainRefusedKeys();
}

void MainWindow::explainRefusedKeys()
{
    qApp->installEventFilter(new RefusedKeyFilter(this)); // removed with the window
}

std::optional<Right> MainWindow::rightOf(const QAction *action) const
{
    if (action == m_attach)
        return Right::Attach;
    if (action == m_closeSucceeded || action == m_closeFailed || action == m_applyProposals)
        return Right::Close;
    if (action == m_resend || action == m_resendSelected || action == m_newRefund)
        return Right::Resend; // a new refund sends money again
    if (action == m_message)
        return Right::Message;
    if (action == m_auditAction)
        return Right::Audit;
    if (action == tabAction(ApprovalsTab))
        return Right::Approve;
    return std::nullopt;
}

QString MainWindow::refusalFor(const QAction *action) const
{
    if (action->isEnabled())
        return {};
    if (const auto right = rightOf(action); right && !m_access.rights.testFlag(*right)) {
        const QString why = tr("%1 needs the %2 right; you are %3.")
                                .arg(plainText(action), rightText(*right), accessLabel(m_access));
        // The way on this person can take: a close goes through the look-up's request.
        if (*right == Right::Close && m_access.rights.testFlag(Right::Attach))
            return why + tr(" Look the row up (Ctrl+L) and ask a supervisor from there.");
        return why + tr(" Ask a supervisor.");
    }
    if (action == m_resend)
        return m_resendReason;
    if (action == m_applyProposals)
        return bulkBlockedReason(Right::Close);
    if (action == m_resendSelected)
        return bulkBlockedReason(Right::Resend);
    if (action == m_newRefund)
        return newRefundBlockedReason();
    if (action == m_cancel)
        return {}; // Esc with nothing running: nothing to say
    if (!m_current)
        return tr("%1: select an operation first.").arg(plainText(action));
    if (isFinal(m_current->state))
        return tr("%1: %2 is already closed (%3).")
            .arg(plainText(action), m_current->id, stateLabel(m_current->state));
    if (m_busy)
        return tr("%1: another action is running; wait for it or press Esc.")
            .arg(plainText(action));
    return tr("%1 is not available now.").arg(plainText(action));
}

void MainWindow::showIdentity()
{
    QString note;
    QString why;
    if (m_identity.authenticated()) {
        note = tr("checked by the database");
        why = tr("PostgreSQL authenticated the login %1; the database refuses any change made in "
                 "another name or beyond the login's group.")
                  .arg(m_identity.login);
    } else if (m_identity.teamMode) {
        note = tr("name not authenticated (owner of the tables)");
        why = tr("You are connected as %1, the owner of the tables, whom the database does not "
                 "check: names are typed, not proven. Log in as yourself for checked names and "
                 "enforced approvals (docs/team.md).")
                  .arg(m_identity.login);
    } else {
        note = tr("name not authenticated (single-desk file)");
        why = tr("On a SQLite file anyone at this desk can type any name: the audit trail records "
                 "the name typed, and four-eyes is a habit, not a control. Team mode (PostgreSQL, "
                 "one login per person) proves who acted (docs/team.md).");
    }
    m_identityLabel->setText(note);
    // Whole at any width the window allows: whether the name is proven is the point; the
    // receiver line and the message give way first.
    m_identityLabel->setMinimumWidth(m_identityLabel->sizeHint().width());
    m_identityLabel->setToolTip(why);
    m_identityLabel->setStyleSheet(m_identity.authenticated() ? u"color: #13532a;"_s
                                                              : u"color: #8a4b00;"_s);
}

QString MainWindow::replicationText(const ReplicationState &state, bool acceptedAsync)
{
    if (state.verdict == ReplicationVerdict::Synchronous)
        return tr("sync standby");
    if (state.verdict == ReplicationVerdict::Asynchronous)
        return state.refusesOpenings(acceptedAsync) ? tr("ASYNC standby — new refunds refused")
                                                    : tr("async standby (risk accepted)");
    return tr("standalone server");
}

void MainWindow::showReplication()
{
    m_replicationLabel->setVisible(m_identity.teamMode);
    if (!m_identity.teamMode)
        return;
    ReplicationState state;
    bool accepted = false;
    try {
        state = m_reads->replication();
        accepted = m_reads->acceptsAsyncReplication();
    } catch (const StoreError &e) {
        m_replicationLabel->setText(tr("replication unknown"));
        m_replicationLabel->setToolTip(e.message());
        return;
    }
    m_replicationLabel->setText(replicationText(state, accepted));
    m_replicationLabel->setToolTip(
        (QStringList{tr("How this database keeps a commit through a failover (opsctl db "
                        "check, docs/team.md).")} +
         state.advice)
            .join(u"\n"_s));
    m_replicationLabel->setStyleSheet(state.verdict == ReplicationVerdict::Asynchronous
                                          ? u"color: #b71c1c; font-weight: bold;"_s
                                          : QString());
}

void MainWindow::showFourEyesCover()
{
    FourEyesCover cover;
    try {
        cover = m_reads->fourEyesCover();
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "reading who may approve failed:" << e.message();
        m_fourEyesLabel->hide();
        return;
    }
    m_fourEyesLabel->setVisible(!cover.enough());
    if (cover.enough())
        return;
    m_fourEyesLabel->setText(tr("Four-eyes needs a second approver"));
    m_fourEyesLabel->setToolTip(
        tr("A four-eyes threshold is set (%1), but only %2 may approve: a close or resend above "
           "it waits until a second person with the approve right exists. Add a second "
           "supervisor (docs/team.md).")
            .arg(cover.thresholds.join(u", "_s),
                 cover.approvers.isEmpty() ? tr("nobody") : cover.approvers.join(u", "_s)));
}

// Re-reads the operator's rights (a supervisor may change them while the console runs), the
// pending approvals and whether four-eyes has its second person.
void MainWindow::reloadRoles()
{
    if (!m_operatorLabel)
        return; // still constructing
    try {
        m_access = m_reads->accessOf(m_actor);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "reading the operator's rights failed:" << e.message();
        m_access = OperatorAccess{operatorName(m_actor), {}, false, kUnknownOperatorRights};
    }
    // Authenticated, the name is the database's login, whatever name the window was handed.
    m_operatorLabel->setText(
        m_identity.authenticated()
            ? tr("Logged in as %1 (%2)").arg(m_identity.login, roleText(m_access))
            : tr("Operator: %1 (%2)").arg(m_access.name, roleText(m_access)));
    m_operatorLabel->setToolTip(tr("Rights: %1").arg(formatRights(m_access.rights)));
    showFourEyesCover();
    setAuditAllowed(m_access.rights.testFlag(Right::Audit));
    setExportAllowed(m_access.rights.testFlag(Right::Export));
    const bool approver = m_access.rights.testFlag(Right::Approve);
    if (approver && !m_approvals) {
        m_approvals = new ApprovalsPanel(m_actor, m_tabs);
        m_approvals->setIdentity(m_identity);
        m_tabs->addTab(m_approvals, tr("Approvals"));
        connect(m_approvals, &ApprovalsPanel::approveRequested, this,
                [this](qint64 id, const QString &why) { decideApproval(id, true, why); });
        connect(m_approvals, &ApprovalsPanel::rejectRequested, this,
                [this](qint64 id, const QString &why) { decideApproval(id, false, why); });
        connect(m_approvals, &ApprovalsPanel::selectedApprovalChanged, this,
                &MainWindow::followApprovalSelection);
        updateTabActions();
    } else if (!approver && m_approvals) {
        m_tabs->removeTab(m_tabs->indexOf(m_approvals));
        m_approvals->deleteLater();
        m_approvals = nullptr;
        updateTabActions();
    }
    if (m_approvals) {
        try {
            m_approvals->setApprovals(m_reads->approvals(ApprovalState::Pending));
        } catch (const StoreError &e) {
            qCWarning(lcUi) << "reading approvals failed:" << e.message();
        }
        followApprovalSelection(); // a reload that emptied the list says so too
        const int n = m_approvals->count();
        m_tabs->setTabText(m_tabs->indexOf(m_approvals),
                           n > 0 ? tr("Approvals (%1)").arg(n) : tr("Approvals"));
    }
    updateActions();
}

void MainWindow::applyRights()
{
    const QString who = accessLabel(m_access); // "carol (support)", "erin (disabled)"
    const auto deny = [&](QAction *action, Right right, const QString &what) {
        if (m_access.rights.testFlag(right))
            return false;
        action->setEnabled(false);
        action->setToolTip(tr("%1 may not %2; ask a supervisor.").arg(who, what));
        action->setStatusTip(action->toolTip());
        return true;
    };
    deny(m_attach, Right::Attach, tr("attach evidence"));
    deny(m_closeSucceeded, Right::Close, tr("close operations"));
    deny(m_closeFailed, Right::Close, tr("close operations"));
    deny(m_message, Right::Message, tr("message customers"));
    if (deny(m_resend, Right::Resend, tr("resend")))
        m_resendReason = m_resend->toolTip();
    updateBulkActions();
}

void MainWindow::followApprovalSelection()
{
    if (!m_approvals || m_tabs->currentWidget() != m_approvals)
        return;
    const QString shown = m_current ? m_current->id : QString();
    if (currentOperationId() != shown)
        onCurrentChanged();
}

void MainWindow::decideApproval(qint64 id, bool approve, const QString &reason)
{
    m_writes->decideApproval(
        id, approve, m_actor, reason, this, [this, id, approve](const Written<Approval> &w) {
            if (m_approvals)
                m_approvals->decisionAnswered();
            try {
                approvalDecided(w.get(), approve);
            } catch (const StoreError &e) {
                showError(tr("Approval #%1 was not decided: %2").arg(id).arg(storeErrorText(e)),
                          tr("Nothing changed; reload (F5) to see the "
                             "request as it is now."));
            }
            reloadAll();
        });
}

void MainWindow::approvalDecided(const Approval &a, bool approved)
{
    statusBar()->showMessage(
        tr("Approval #%1 %2 (%3 of %4)")
            .arg(a.id)
            .arg(approvalStateLabel(a.state), approvalActionLabel(a.action), a.operationId),
        10000);
    if (m_approvals)
        m_approvals->reasonEdit()->clear();
    if (approved && a.action == ApprovalAction::Resend)
        carryOutApprovedResend(a);
}

// "Approve carries out … at once" (the panel's hint): an approved resend is sent now, by the
// approver, through the console's resend job, which spends the approval (issue 50 item 3).
void MainWindow::carryOutApprovedResend(const Approval &a)
{
    if (m_busy) {
        showError(tr("Approval #%1 is approved, and %2 was not resent: another job is running.")
                      .arg(a.id)
                      .arg(a.operationId),
                  tr("Resend %1 once the job ends; the approval waits for you or %2.")
                      .arg(a.operationId, operatorName(a.requestedBy)));
        return;
    }
    dismissBanner();
    emit resendRequested(a.operationId);
}

} // namespace ops::ui
