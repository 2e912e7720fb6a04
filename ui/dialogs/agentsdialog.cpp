#include "dialogs/agentsdialog.h"

#include "common/refusaltext.h"
#include "domain/storeerror.h"
#include "widgets/rowtableview.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

QLabel *noteLabel(QWidget *parent, const QString &name, const QString &text)
{
    auto *label = new QLabel(text, parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

// Where a refund over an agent's limits goes (docs/agents.md "Agent requests").
QLabel *limitsNote(QWidget *parent)
{
    return noteLabel(
        parent, u"agentsLimitsNote"_s,
        AgentsDialog::tr("Over a limit, an agent's refund waits in View → Audit and charts → Agent "
                         "requests until a supervisor approves or rejects it."));
}

} // namespace

AgentsDialog::AgentsDialog(AgentsBackend &backend, QWidget *parent)
    : QDialog(parent)
    , m_backend(backend)
{
    setObjectName(u"agentsDialog"_s);
    setWindowTitle(tr("Agents"));
    m_model = new AgentListModel(this);
    m_table = rowTableView(m_model, u"agentsTable"_s, {150, 110, 290, 80}, this);
    m_tokenNote = noteLabel(this, u"agentsTokenNote"_s,
                            tr("Tokens are never shown here. An agent and its token are created "
                               "with <tt>opsctl agent add NAME</tt>, which prints the token once "
                               "(docs/agents.md)."));
    m_tokenNote->setTextFormat(Qt::RichText);
    m_limitsNote = limitsNote(this);
    m_message = noteLabel(this, u"agentsMessage"_s, QString());
    m_message->hide();

    m_revoke = new QPushButton(tr("&Revoke…"), this);
    m_revoke->setObjectName(u"agentsRevoke"_s);
    m_refresh = new QPushButton(tr("Re&fresh"), this);
    m_refresh->setObjectName(u"agentsRefresh"_s);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto *actions = new QHBoxLayout;
    actions->addWidget(m_revoke);
    actions->addWidget(m_refresh);
    actions->addStretch(1);
    actions->addWidget(buttons);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_message);
    layout->addWidget(m_tokenNote);
    layout->addWidget(m_limitsNote);
    layout->addLayout(actions);

    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &AgentsDialog::updateButtons);
    connect(m_model, &QAbstractItemModel::modelReset, this, &AgentsDialog::updateButtons);
    connect(m_revoke, &QPushButton::clicked, this, &AgentsDialog::askToRevoke);
    connect(m_refresh, &QPushButton::clicked, this, &AgentsDialog::reload);
    connect(buttons, &QDialogButtonBox::rejected, this, &AgentsDialog::reject);
    resize(900, 420);
    reload();
}

void AgentsDialog::reload()
{
    const QString keep = selectedAgent();
    try {
        m_model->setRows(m_backend.agents());
        if (m_readFailed)
            m_message->hide(); // the failure it said is over
        m_readFailed = false;
    } catch (const StoreError &e) {
        m_model->setRows({});
        showMessage(tr("The agents could not be read: %1").arg(storeErrorText(e)), true);
        m_readFailed = true;
    }
    if (!selectAgent(keep) && m_model->rowCount() > 0)
        m_table->selectRow(0);
    updateButtons();
}

bool AgentsDialog::selectAgent(const QString &name)
{
    const int row = name.isEmpty() ? -1 : m_model->rowOf(name);
    if (row < 0)
        return false;
    m_table->selectRow(row);
    return true;
}

QString AgentsDialog::selectedAgent() const
{
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    const AgentListRow *row = rows.isEmpty() ? nullptr : m_model->agentAt(rows.first().row());
    return row ? row->agent.name : QString();
}

void AgentsDialog::askToRevoke()
{
    const QString name = selectedAgent();
    const int row = m_model->rowOf(name);
    if (row < 0 || m_model->agentAt(row)->agent.state() != AgentState::Active)
        return;
    if (m_question)
        m_question->close();
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Revoke agent %1?").arg(name),
                                tr("Revoke agent %1?").arg(name), QMessageBox::NoButton, this);
    box->setObjectName(u"agentsRevokeQuestion"_s);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(tr("Its token is refused from the next request on, and a revoked "
                               "agent is never restored: to give it access again, add an agent "
                               "under another name."));
    QPushButton *confirm = box->addButton(tr("Revoke %1").arg(name), QMessageBox::DestructiveRole);
    confirm->setObjectName(u"agentsConfirmRevoke"_s);
    QPushButton *cancel = box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(cancel);
    box->setEscapeButton(cancel);
    connect(box, &QMessageBox::finished, this, [this, box, confirm, name] {
        if (box->clickedButton() == confirm)
            revoke(name);
    });
    m_question = box;
    m_confirm = confirm;
    box->open();
}

QMessageBox *AgentsDialog::revokeQuestion() const
{
    return m_question.data();
}

QPushButton *AgentsDialog::confirmRevokeButton() const
{
    return m_confirm.data();
}

void AgentsDialog::revoke(const QString &name)
{
    m_backend.revoke(name, this, [this, name](const Written<bool> &w) {
        try {
            w.get();
            showMessage(tr("Agent %1 is revoked: its token is refused from now on.").arg(name),
                        false);
            emit revoked(name);
        } catch (const StoreError &e) {
            showMessage(tr("Agent %1 was not revoked: %2").arg(name, storeErrorText(e)), true);
        }
        // Either way the list shows the directory as it is now.
        reload();
    });
}

void AgentsDialog::updateButtons()
{
    const int row = m_model->rowOf(selectedAgent());
    const AgentListRow *selected = m_model->agentAt(row);
    const bool active = selected && selected->agent.state() == AgentState::Active;
    m_revoke->setEnabled(active);
    if (!selected)
        m_revoke->setToolTip(tr("Select an agent to revoke"));
    else if (!active)
        m_revoke->setToolTip(tr("%1 is already revoked").arg(selected->agent.name));
    else
        m_revoke->setToolTip(
            tr("Revoke %1: its token stops working at once; asks first").arg(selected->agent.name));
}

void AgentsDialog::showMessage(const QString &text, bool problem)
{
    m_message->setText(text);
    m_message->setStyleSheet(problem ? u"color: #9b1c1c;"_s : u"color: #13532a;"_s);
    m_message->show();
}

} // namespace ops::ui
