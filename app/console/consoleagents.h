#pragma once

// Ties Tools → Agents to the console's storage (issue 27 item 6): opens the dialog when the
// window asks (ConsoleRequests::agentsRequested) and serves it as its backend — the directory with
// each agent's operations in the last 24 h, and Revoke in the name of the window's person. The
// reads are short statements on the window's own session; the revoke is a write, so it goes out
// through the window's writer (consolewriter.h) like a close or an approval; the store checks the
// supervisor and audits.

#include "dialogs/agentsdialog.h"

#include <QObject>
#include <QPointer>

namespace ops {
class Session;
}

namespace ops::ui {
class ConsoleView;
}

namespace ops::console {

class ConsoleAgents final : public QObject, public ui::AgentsBackend
{
    Q_OBJECT
public:
    // `session` must outlive this object; it is the one the window's reads read (main.cpp), and
    // only read here. `writes`: the window's writer; it must outlive this object.
    ConsoleAgents(ui::ConsoleView &window, Session &session, ui::ConsoleWrites &writes);

    // Window-modal, not blocking (tests drive it); a second call replaces an open one.
    ui::AgentsDialog *openDialog();
    ui::AgentsDialog *dialog() const { return m_dialog.data(); }

    std::vector<AgentListRow> agents() override;
    void revoke(const QString &name, QObject *context, ui::ConsoleWrites::Done<bool> done) override;

private:
    ui::ConsoleView &m_window;
    Session &m_session;
    ui::ConsoleWrites &m_writes;
    QPointer<ui::AgentsDialog> m_dialog;
};

} // namespace ops::console
