#include "console/consoleagents.h"

#include "mainwindow/consoleview.h"
#include "storage/access/accessstore.h"
#include "storage/session.h"

#include <chrono>

using namespace std::chrono_literals;

namespace ops::console {

ConsoleAgents::ConsoleAgents(ui::ConsoleView &window, Session &session, ui::ConsoleWrites &writes)
    : QObject(window.dialogParent())
    , m_window(window)
    , m_session(session)
    , m_writes(writes)
{
    connect(&window.requests(), &ui::ConsoleRequests::agentsRequested, this,
            [this] { openDialog(); });
}

ui::AgentsDialog *ConsoleAgents::openDialog()
{
    if (m_dialog)
        m_dialog->close();
    auto *dialog = new ui::AgentsDialog(*this, m_window.dialogParent());
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    dialog->show();
    m_dialog = dialog;
    return dialog;
}

std::vector<AgentListRow> ConsoleAgents::agents()
{
    AccessStore &access = m_session.access();
    std::vector<AgentListRow> rows;
    for (AgentRecord &agent : access.agents()) {
        const qint64 calls = access.agentCallsWithin(agent.name, 24h);
        rows.push_back({std::move(agent), calls});
    }
    return rows;
}

void ConsoleAgents::revoke(const QString &name, QObject *context,
                           ui::ConsoleWrites::Done<bool> done)
{
    m_writes.revokeAgent(m_window.actor(), name, context, std::move(done));
}

} // namespace ops::console
