#include "mainwindow/decisionspresenter.h"

#include "common/consolereads.h"
#include "common/consolewrites.h"
#include "common/refusaltext.h"
#include "common/replicationtext.h"
#include "common/uilogging.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/mainwindow.h"
#include "supervisor/approvalspanel.h"
#include "widgets/elidingstatusbar.h"

#include <QLineEdit>
#include <QStatusBar>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

QString roleText(const OperatorAccess &a)
{
    if (!a.role)
        return DecisionsPresenter::tr("not in the operator directory — view only");
    if (a.disabled)
        return DecisionsPresenter::tr("disabled — view only");
    return roleLabel(*a.role);
}

} // namespace

DecisionsPresenter::DecisionsPresenter(MainWindow &frame)
    : QObject(&frame)
    , m_frame(frame)
{
    QStatusBar *bar = frame.statusBar();
    const auto label = [&](const QString &name, int at) {
        auto *l = new ElidingLabel(&frame);
        l->setObjectName(name);
        bar->insertPermanentWidget(at, l);
        return l;
    };
    m_operatorLabel = label(u"operatorLabel"_s, 0);
    m_identityLabel = label(u"identityLabel"_s, 1);
    m_replicationLabel = label(u"replicationLabel"_s, 2);
    m_fourEyesLabel = label(u"fourEyesLabel"_s, 3);
    m_fourEyesLabel->setStyleSheet(u"color: #b71c1c; font-weight: bold;"_s);
    m_fourEyesLabel->hide();
    try {
        m_identity = frame.reads().identity();
    } catch (const StoreError &e) {
        // Unchecked (the default) says less than the truth, never more.
        qCWarning(lcUi) << "reading who is logged in failed:" << e.message();
    }
    showIdentity();
    showReplication();
}

void DecisionsPresenter::showIdentity()
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

void DecisionsPresenter::showReplication()
{
    m_replicationLabel->setVisible(m_identity.teamMode);
    if (!m_identity.teamMode)
        return;
    ReplicationState state;
    bool accepted = false;
    try {
        state = m_frame.reads().replication();
        accepted = m_frame.reads().acceptsAsyncReplication();
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

void DecisionsPresenter::showFourEyesCover()
{
    FourEyesCover cover;
    try {
        cover = m_frame.reads().fourEyesCover();
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

void DecisionsPresenter::reload()
{
    const QString actor = m_frame.actor();
    try {
        m_access = m_frame.reads().accessOf(actor);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "reading the operator's rights failed:" << e.message();
        m_access = OperatorAccess{operatorName(actor), {}, false, kUnknownOperatorRights};
    }
    // Authenticated, the name is the database's login, whatever name the window was handed.
    m_operatorLabel->setText(
        m_identity.authenticated()
            ? tr("Logged in as %1 (%2)").arg(m_identity.login, roleText(m_access))
            : tr("Operator: %1 (%2)").arg(m_access.name, roleText(m_access)));
    m_operatorLabel->setToolTip(tr("Rights: %1").arg(formatRights(m_access.rights)));
    showFourEyesCover();
    updateApprovalsTab();
    if (!m_approvals) {
        m_pending.clear();
        return;
    }
    try {
        m_pending = m_frame.reads().approvals(ApprovalState::Pending);
        m_approvals->setApprovals(m_pending);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "reading approvals failed:" << e.message();
    }
    emit selectedApprovalChanged(); // a reload that emptied the list says so too
    const int n = m_approvals->count();
    QTabWidget *tabs = m_frame.tabs();
    tabs->setTabText(tabs->indexOf(m_approvals),
                     n > 0 ? tr("Approvals (%1)").arg(n) : tr("Approvals"));
}

void DecisionsPresenter::updateApprovalsTab()
{
    const bool approver = m_access.rights.testFlag(Right::Approve);
    QTabWidget *tabs = m_frame.tabs();
    if (approver && !m_approvals) {
        m_approvals = new ApprovalsPanel(m_frame.actor(), tabs);
        m_approvals->setIdentity(m_identity);
        tabs->addTab(m_approvals, tr("Approvals"));
        connect(m_approvals, &ApprovalsPanel::approveRequested, this,
                [this](qint64 id, const QString &why) { decide(id, true, why); });
        connect(m_approvals, &ApprovalsPanel::rejectRequested, this,
                [this](qint64 id, const QString &why) { decide(id, false, why); });
        connect(m_approvals, &ApprovalsPanel::selectedApprovalChanged, this,
                &DecisionsPresenter::selectedApprovalChanged);
        emit approvalsTabChanged();
    } else if (!approver && m_approvals) {
        tabs->removeTab(tabs->indexOf(m_approvals));
        m_approvals->deleteLater();
        m_approvals = nullptr;
        emit approvalsTabChanged();
    }
}

void DecisionsPresenter::decide(qint64 id, bool approve, const QString &reason)
{
    m_frame.writes().decideApproval(
        id, approve, m_frame.actor(), reason, this,
        [this, id, approve](const Written<Approval> &w) {
            if (m_approvals)
                m_approvals->decisionAnswered();
            try {
                const Approval &a = w.get();
                decided(a, approve);
                // An approved close of a row linked to a ticket may have queued its decision note.
                const auto op = approve && a.action == ApprovalAction::Close
                                    ? m_frame.reads().operation(a.operationId)
                                    : std::nullopt;
                if (op && !op->ticket.isEmpty())
                    emit m_frame.requests().decisionNotesRequested(a.operationId);
            } catch (const StoreError &e) {
                m_frame.showError(
                    tr("Approval #%1 was not decided: %2").arg(id).arg(storeErrorText(e)),
                    tr("Nothing changed; reload (F5) to see the request as it is now."));
            }
            m_frame.reloadAll();
        });
}

void DecisionsPresenter::decided(const Approval &a, bool approved)
{
    m_frame.showStatus(
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
void DecisionsPresenter::carryOutApprovedResend(const Approval &a)
{
    if (m_frame.isBusy()) {
        m_frame.showError(
            tr("Approval #%1 is approved, and %2 was not resent: another job is running.")
                .arg(a.id)
                .arg(a.operationId),
            tr("Resend %1 once the job ends; the approval waits for you or %2.")
                .arg(a.operationId, operatorName(a.requestedBy)));
        return;
    }
    m_frame.dismissBanner();
    emit resendRequested(a.operationId);
}

} // namespace ops::ui
