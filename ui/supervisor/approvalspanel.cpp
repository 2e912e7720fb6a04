#include "supervisor/approvalspanel.h"

#include "itemmodels/approvallistmodel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

ApprovalsPanel::ApprovalsPanel(QString actor, QWidget *parent)
    : QWidget(parent)
    , m_actor(std::move(actor))
{
    setObjectName(u"approvalsPanel"_s);
    m_model = new ApprovalListModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(u"approvalsTable"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(false);
    m_table->horizontalHeader()->setSectionResizeMode(ApprovalListModel::RequestColumn,
                                                      QHeaderView::Stretch);
    m_reason = new QLineEdit(this);
    m_reason->setObjectName(u"approvalReason"_s);
    m_reason->setPlaceholderText(tr("Reason (required to reject)"));
    m_approve = new QPushButton(tr("&Approve"), this);
    m_approve->setObjectName(u"approveButton"_s);
    m_reject = new QPushButton(tr("Re&ject"), this);
    m_reject->setObjectName(u"rejectButton"_s);
    m_hint = new QLabel(this);
    m_hint->setObjectName(u"approvalHint"_s);
    m_hint->setWordWrap(true);
    m_note = new QLabel(this);
    m_note->setObjectName(u"approvalsIdentityNote"_s);
    m_note->setWordWrap(true);
    m_note->setStyleSheet(u"background: #fff4d6; color: #5c4200; padding: 6px; "
                          "border: 1px solid #e6c66e;"_s);
    m_note->hide();

    auto *decide = new QHBoxLayout;
    decide->addWidget(m_reason, 1);
    decide->addWidget(m_approve);
    decide->addWidget(m_reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_note);
    layout->addWidget(m_table, 1);
    layout->addLayout(decide);
    layout->addWidget(m_hint);

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        updateButtons();
        emit selectedApprovalChanged();
    });
    connect(m_reason, &QLineEdit::textChanged, this, &ApprovalsPanel::updateButtons);
    connect(m_approve, &QPushButton::clicked, this, [this] { askDecision(true); });
    connect(m_reject, &QPushButton::clicked, this, [this] { askDecision(false); });
    updateButtons();
}

void ApprovalsPanel::setApprovals(std::vector<Approval> pending)
{
    const qint64 keep = selectedId();
    m_model->setRows(std::move(pending));
    if (!selectApproval(keep) && m_model->rowCount() > 0)
        m_table->selectRow(0);
    updateButtons();
}

int ApprovalsPanel::count() const
{
    return m_model->rowCount();
}

bool ApprovalsPanel::selectApproval(qint64 id)
{
    for (int row = 0; row < m_model->rowCount(); ++row) {
        if (m_model->approvalAt(row)->id == id) {
            m_table->selectRow(row);
            return true;
        }
    }
    return false;
}

qint64 ApprovalsPanel::selectedId() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const Approval *a = rows.isEmpty() ? nullptr : m_model->approvalAt(rows.first().row());
    return a ? a->id : 0;
}

QString ApprovalsPanel::selectedOperationId() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const Approval *a = rows.isEmpty() ? nullptr : m_model->approvalAt(rows.first().row());
    return a ? a->operationId : QString();
}

QString ApprovalsPanel::hint() const
{
    return m_hint->text();
}

void ApprovalsPanel::setIdentity(const Identity &identity)
{
    if (identity.authenticated()) {
        m_note->clear();
        m_note->hide();
        return;
    }
    m_note->setText(
        identity.teamMode
            ? tr("You are connected as the owner of the tables (%1), whom the database does not "
                 "check: names are typed, not authenticated, so four-eyes here is a habit, not a "
                 "control. For enforced approvals each supervisor logs in as themselves (team "
                 "mode, docs/team.md).")
                  .arg(identity.login)
            : tr("Single-desk file: names are not authenticated, so anyone at this desk can "
                 "approve under another name. Four-eyes here is a habit, not a control. For "
                 "enforced approvals use team mode: PostgreSQL with one login per person "
                 "(docs/team.md)."));
    m_note->show();
}

QString ApprovalsPanel::identityNote() const
{
    return m_note->isHidden() ? QString() : m_note->text();
}

void ApprovalsPanel::askDecision(bool approve)
{
    const qint64 id = selectedId();
    if (id == 0 || m_deciding != 0)
        return;
    m_deciding = id;
    updateButtons();
    const QString reason = m_reason->text().trimmed();
    if (approve)
        emit approveRequested(id, reason);
    else
        emit rejectRequested(id, reason);
}

void ApprovalsPanel::decisionAnswered()
{
    m_deciding = 0;
    updateButtons();
}

void ApprovalsPanel::updateButtons()
{
    if (m_deciding != 0) {
        m_approve->setEnabled(false);
        m_reject->setEnabled(false);
        m_hint->setText(tr("Deciding #%1…").arg(m_deciding));
        return;
    }
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const Approval *a = rows.isEmpty() ? nullptr : m_model->approvalAt(rows.first().row());
    const bool own = a && a->requestedBy == m_actor;
    const bool reason = !m_reason->text().trimmed().isEmpty();
    m_approve->setEnabled(a && !own);
    m_reject->setEnabled(a && reason);
    QString hint;
    if (!a)
        hint = count() == 0 ? tr("Nothing waits for approval.") : tr("Select a request.");
    else if (own)
        hint = tr("You asked for #%1: another supervisor must approve it (you may withdraw it "
                  "with Reject and a reason).")
                   .arg(a->id);
    else if (!reason)
        hint = tr("Approve carries out %1 at once; Reject needs a reason.")
                   .arg(ApprovalListModel::describeRequest(*a));
    m_approve->setToolTip(own ? tr("Nobody approves their own request.")
                              : tr("Approve and carry out the request"));
    m_reject->setToolTip(reason ? tr("Reject the request") : tr("Type a reason to reject"));
    m_hint->setText(hint);
}

} // namespace ops::ui
