#include "supervisor/agentrequestspanel.h"

#include "itemmodels/localeformat.h"

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

AgentRequestsPanel::AgentRequestsPanel(const QString &actor, QWidget *parent)
    : QWidget(parent)
    , m_actor(actor)
{
    setObjectName(u"agentRequestsPanel"_s);
    m_model = new AgentRequestModel(this);
    m_table = new QTableView(this);
    m_table->setObjectName(u"agentRequestsTable"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    QHeaderView *header = m_table->horizontalHeader();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(AgentRequestModel::HoldColumn, QHeaderView::Stretch);
    m_reason = new QLineEdit(this);
    m_reason->setObjectName(u"agentRequestReason"_s);
    m_reason->setPlaceholderText(tr("Reason (required to reject)"));
    m_approve = new QPushButton(tr("A&pprove and send"), this);
    m_approve->setObjectName(u"agentRequestApprove"_s);
    m_reject = new QPushButton(tr("Re&ject"), this);
    m_reject->setObjectName(u"agentRequestReject"_s);
    m_hint = new QLabel(this);
    m_hint->setObjectName(u"agentRequestHint"_s);
    m_hint->setWordWrap(true);
    m_outcome = new QLabel(this);
    m_outcome->setObjectName(u"agentRequestOutcome"_s);
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outcome->hide();

    auto *decide = new QHBoxLayout;
    decide->addWidget(m_reason, 1);
    decide->addWidget(m_approve);
    decide->addWidget(m_reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addLayout(decide);
    layout->addWidget(m_hint);
    layout->addWidget(m_outcome);

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &AgentRequestsPanel::updateButtons);
    connect(m_reason, &QLineEdit::textChanged, this, &AgentRequestsPanel::updateButtons);
    connect(m_approve, &QPushButton::clicked, this, [this] {
        if (const QString id = selectedId(); !id.isEmpty())
            emit approveRequested(id);
    });
    connect(m_reject, &QPushButton::clicked, this, [this] {
        const QString id = selectedId();
        const QString reason = m_reason->text().trimmed();
        if (!id.isEmpty() && !reason.isEmpty())
            emit rejectRequested(id, reason);
    });
    updateButtons();
}

void AgentRequestsPanel::setRequests(std::vector<AgentRequestRow> rows)
{
    const QString keep = selectedId();
    m_model->setRows(std::move(rows));
    if (!selectRequest(keep) && m_model->rowCount() > 0)
        m_table->selectRow(0);
    updateButtons();
}

int AgentRequestsPanel::count() const
{
    return m_model->rowCount();
}

bool AgentRequestsPanel::selectRequest(const QString &operationId)
{
    const int row = operationId.isEmpty() ? -1 : m_model->rowOf(operationId);
    if (row < 0)
        return false;
    m_table->selectRow(row);
    return true;
}

QString AgentRequestsPanel::selectedId() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const Operation *op = rows.isEmpty() ? nullptr : m_model->operationAt(rows.first().row());
    return op ? op->id : QString();
}

void AgentRequestsPanel::setSending(const QString &operationId)
{
    m_sending = operationId;
    m_outcome->hide();
    updateButtons();
}

void AgentRequestsPanel::showOutcome(const QString &text, bool ok)
{
    m_sending.clear();
    m_outcome->setText(text);
    m_outcome->setVisible(!text.isEmpty());
    m_outcome->setStyleSheet(ok ? u"color: #13532a; background: #dff3e4; padding: 4px;"_s
                                : u"color: #8e1b1b; background: #fde2e2; padding: 4px;"_s);
    updateButtons();
}

QString AgentRequestsPanel::outcomeText() const
{
    return m_outcome->isHidden() ? QString() : m_outcome->text();
}

QString AgentRequestsPanel::requester(const Operation &op)
{
    return op.agent.isEmpty() ? tr("%1 (a person)").arg(op.createdBy.section(u':', 1))
                              : tr("agent %1").arg(op.agent);
}

QString AgentRequestsPanel::hint() const
{
    return m_hint->text();
}

void AgentRequestsPanel::updateButtons()
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const Operation *op = rows.isEmpty() ? nullptr : m_model->operationAt(rows.first().row());
    const bool reason = !m_reason->text().trimmed().isEmpty();
    const bool sending = !m_sending.isEmpty();
    // A person's held refund is sent by another person (four-eyes; OperationStore::beginAttempt
    // refuses the requester too): the button says so before anyone presses it.
    const bool own = op && op->agent.isEmpty() && op->createdBy == m_actor;
    m_approve->setEnabled(op && !sending && !own);
    m_reject->setEnabled(op && reason && !(sending && op->id == m_sending));
    QString hint;
    if (sending)
        hint = tr("Sending %1 with its stored key…").arg(m_sending);
    else if (!op)
        hint = count() == 0 ? tr("No agent request waits for a person.") : tr("Select a request.");
    else if (own)
        hint = tr("You started %1: another person with the approve right sends it (you may "
                  "withdraw it with Reject and a reason).")
                   .arg(op->id);
    else if (!reason)
        hint = tr("Approve and send refunds %1 of order %2, asked by %3, with the stored key, "
                  "once; Reject needs a reason.")
                   .arg(formatMoney(op->amount, QLocale()), op->orderId, requester(*op));
    else
        hint = tr("Reject closes %1 as failed, rejected by you with this reason; nothing is "
                  "sent.")
                   .arg(op->id);
    m_approve->setToolTip(sending ? tr("Wait for the request on its way")
                          : own   ? tr("Nobody approves their own request.")
                                  : tr("Send the refund with its stored key"));
    m_reject->setToolTip(reason ? tr("Close the request as failed, rejected with your reason")
                                : tr("Type a reason to reject"));
    m_hint->setText(hint);
}

} // namespace ops::ui
