#pragma once

// Tools → Agents (issue 27 item 6): the agents, their limits, how many operations each opened in
// the last 24 h and its last call, with Revoke and Refresh. The dialog only shows and asks;
// reading the directory and revoking are the backend's (app/console), so ui/ reaches no storage.
//
// No token is ever shown here: a token exists only in what `opsctl agent add` and `agent rotate`
// print once (docs/agents.md), and the records the backend hands over carry none.

#include "common/consolewrites.h"
#include "itemmodels/agentlistmodel.h"

#include <QDialog>
#include <QPointer>
#include <vector>

class QLabel;
class QMessageBox;
class QPushButton;
class QTableView;

namespace ops::ui {

class AgentsBackend
{
public:
    virtual ~AgentsBackend() = default;
    // The directory as it is now, each agent with its use in the last 24 h. Throws StoreError
    // when the database cannot be read.
    virtual std::vector<AgentListRow> agents() = 0;
    // Revokes `name` in the name of the person at the console, off the UI thread, and calls
    // `done` later on the UI thread (not at all when `context` is gone) with what the write
    // answered: ActionRefused (nothing changed) when they may not or the agent is not active,
    // StoreError when the database fails.
    virtual void revoke(const QString &name, QObject *context, ConsoleWrites::Done<bool> done) = 0;
};

class AgentsDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit AgentsDialog(AgentsBackend &backend, QWidget *parent = nullptr);

    // Refresh: reads the directory again, keeping the selection.
    void reload();
    bool selectAgent(const QString &name);
    QString selectedAgent() const; // '' when no row is selected
    // Revoke: asks first, naming the agent (window-modal, not blocking: revokeQuestion()), and
    // revokes through the backend only on the question's Revoke button.
    void askToRevoke();

    AgentListModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QPushButton *revokeButton() const { return m_revoke; }
    QPushButton *refreshButton() const { return m_refresh; }
    QLabel *tokenNoteLabel() const { return m_tokenNote; }
    QLabel *limitsNoteLabel() const { return m_limitsNote; }
    // The last outcome: a revocation, a refusal, a failed read; '' before any.
    QLabel *messageLabel() const { return m_message; }
    // The open "Revoke …?" question, if any (tests answer it).
    QMessageBox *revokeQuestion() const;
    QPushButton *confirmRevokeButton() const; // its Revoke button

signals:
    // The agent is revoked in the database.
    void revoked(const QString &name);

private:
    void revoke(const QString &name);
    void updateButtons();
    void showMessage(const QString &text, bool problem);

    AgentsBackend &m_backend;
    AgentListModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QPushButton *m_revoke = nullptr;
    QPushButton *m_refresh = nullptr;
    QLabel *m_tokenNote = nullptr;
    QLabel *m_limitsNote = nullptr;
    QLabel *m_message = nullptr;
    QPointer<QMessageBox> m_question;
    QPointer<QPushButton> m_confirm;
    bool m_readFailed = false; // the message says the last read failed
};

} // namespace ops::ui
