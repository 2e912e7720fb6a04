#include "supervisor/supervisorwindow.h"

#include "common/consolereads.h"
#include "common/consolewrites.h"
#include "common/refusaltext.h"
#include "common/uilogging.h"
#include "domain/storeerror.h"
#include "supervisor/agentrequestspanel.h"
#include "supervisor/auditview.h"
#include "supervisor/chartsview.h"
#include "supervisor/refundsview.h"
#include "supervisor/unmatchedeventsview.h"
#include "widgets/focusring.h"

#include <QAction>
#include <QLineEdit>
#include <QTabWidget>
#include <QVBoxLayout>
#include <map>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

// More held requests than a person decides in one sitting; the tab's count says how many wait.
constexpr int kRequestsShown = 500;

OperationFilter heldRequests()
{
    OperationFilter filter;
    filter.state = OperationState::AwaitingApproval;
    filter.limit = kRequestsShown;
    return filter;
}

// The limit `hold` names in the agent's record as it is now; empty when either is gone.
std::optional<Money> limitOf(const std::optional<AgentRecord> &agent, const QString &hold)
{
    if (!agent)
        return std::nullopt;
    if (hold == u"max_refund"_s)
        return agent->limits.maxRefund;
    if (hold == u"daily"_s)
        return agent->limits.daily;
    return std::nullopt;
}

// The held rows, newest first, each with the limit that held it (one directory read per agent).
std::vector<AgentRequestRow> readAgentRequests(ConsoleReads &reads)
{
    std::vector<AgentRequestRow> rows;
    std::map<QString, std::optional<AgentRecord>> agents;
    for (Operation &op : reads.list(heldRequests())) {
        auto agent = agents.find(op.agent);
        if (agent == agents.end())
            agent = agents.emplace(op.agent, reads.agent(op.agent)).first;
        std::optional<Money> limit = limitOf(agent->second, op.hold);
        rows.push_back({std::move(op), std::move(limit)});
    }
    return rows;
}

} // namespace

SupervisorWindow::SupervisorWindow(ConsoleReads &reads, QWidget *parent)
    : QWidget(parent, Qt::Window)
    , m_reads(reads)
{
    setObjectName(u"supervisorWindow"_s);
    setWindowTitle(tr("Audit and charts"));
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"supervisorTabs"_s);
    m_audit = new AuditView(reads, m_tabs);
    m_charts = new ChartsView(reads, m_tabs);
    m_tabs->addTab(m_audit, tr("&Audit"));
    m_tabs->addTab(m_charts, tr("C&harts"));
    m_refunds = new RefundsView(reads, m_tabs);
    m_tabs->addTab(m_refunds, tr("Refu&nds"));
    m_unmatched = new UnmatchedEventsView(reads, m_tabs);
    m_tabs->addTab(m_unmatched, tr("&Unmatched events"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == ChartsTab)
            m_charts->reload();
        if (index == RefundsTab)
            m_refunds->reload();
        if (index == UnmatchedTab)
            m_unmatched->reload();
        if (index == AgentRequestsTab && m_requests)
            reloadAgentRequests();
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_tabs);
    auto *close = new QAction(tr("Close the audit window"), this);
    close->setObjectName(u"closeAuditAction"_s);
    close->setShortcuts(closeKeys());
    close->setShortcutContext(Qt::WindowShortcut);
    connect(close, &QAction::triggered, this, &QWidget::close);
    auto *next = new QAction(tr("Next tab"), this);
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Tab));
    connect(next, &QAction::triggered, this,
            [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count()); });
    auto *previous = new QAction(tr("Previous tab"), this);
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)});
    connect(previous, &QAction::triggered, this, [this] {
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
    addActions({close, next, previous});
    applyFocusRing(this);
    resize(1280, 800);
}

AgentRequestsPanel *SupervisorWindow::enableAgentRequests(const QString &actor,
                                                          ConsoleWrites &writes)
{
    if (m_requests)
        return m_requests;
    m_actor = actor;
    m_writes = &writes;
    m_requests = new AgentRequestsPanel(m_actor, m_tabs);
    m_tabs->insertTab(AgentRequestsTab, m_requests, QString());
    connect(m_requests, &AgentRequestsPanel::approveRequested, this, [this](const QString &id) {
        m_requests->setSending(id);
        emit agentRequestApproveRequested(id);
    });
    connect(m_requests, &AgentRequestsPanel::rejectRequested, this,
            &SupervisorWindow::rejectAgentRequest);
    reloadAgentRequests();
    return m_requests;
}

void SupervisorWindow::reloadAgentRequests()
{
    if (!m_requests)
        return;
    qint64 total = 0;
    try {
        std::vector<AgentRequestRow> rows = readAgentRequests(m_reads);
        total = qint64(rows.size()) < kRequestsShown ? qint64(rows.size())
                                                     : m_reads.count(heldRequests());
        m_requests->setRequests(std::move(rows));
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "reading the agent requests failed:" << e.message();
        m_requests->setRequests({});
        m_requests->showOutcome(tr("The agent requests could not be read: %1").arg(e.message()),
                                false);
        total = 0;
    }
    m_tabs->setTabText(m_tabs->indexOf(m_requests), tr("A&gent requests (%1)").arg(total));
}

void SupervisorWindow::rejectAgentRequest(const QString &operationId, const QString &reason)
{
    m_writes->rejectAgentRequest(
        operationId, m_actor, reason, this, [this, operationId](const Written<bool> &w) {
            try {
                if (w.get()) {
                    m_requests->reasonEdit()->clear();
                    m_requests->showOutcome(
                        tr("Rejected %1: closed as failed with your reason; nothing was sent.")
                            .arg(operationId),
                        true);
                } else {
                    m_requests->showOutcome(
                        tr("%1 no longer waits for a person; nothing changed.").arg(operationId),
                        false);
                }
            } catch (const StoreError &e) {
                m_requests->showOutcome(
                    tr("%1 was not rejected: %2").arg(operationId, storeErrorText(e)), false);
            }
            reloadAgentRequests();
        });
}

void SupervisorWindow::showResendOutcome(const QString &operationId, bool ok, const QString &text)
{
    if (!m_requests || m_requests->sendingId() != operationId)
        return;
    // Still held: refused, or four-eyes stored a resend approval instead; the text says which.
    std::optional<Operation> op;
    try {
        op = m_reads.operation(operationId);
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "reading" << operationId << "failed:" << e.message();
    }
    const bool approved = op && op->state != OperationState::AwaitingApproval;
    m_requests->showOutcome(approved ? tr("Approved %1. %2").arg(operationId, text) : text, ok);
    reloadAgentRequests();
}

void SupervisorWindow::stopWaitingForResend()
{
    if (!m_requests || m_requests->sendingId().isEmpty())
        return;
    m_requests->showOutcome(tr("Stopped waiting for %1: a request already sent still gets its "
                               "answer recorded, and the list shows it.")
                                .arg(m_requests->sendingId()),
                            false);
    reloadAgentRequests();
}

QList<QKeySequence> SupervisorWindow::closeKeys()
{
    return {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_W)};
}

} // namespace ops::ui
