#pragma once

// The Agent requests tab (issue 27 item 4, DESIGN §13): an agent's refunds held over one of its
// limits, each decided by a person. Approve and send asks for the operator resend of the row
// (the store approves it and sends the stored request with its key, four-eyes applying above the
// threshold); Reject closes it failed with the reason typed inline, which it needs. The window
// hands the rows in and acts on the signals; the panel stores nothing and reads nothing. Who may
// decide is the store's (and in team mode the database's) call: the panel shows its refusals.

#include "itemmodels/agentrequestmodel.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace ops::ui {

class AgentRequestsPanel final : public QWidget
{
    Q_OBJECT
public:
    // `actor` is the person at this console (operator:alice): their own held refund is not theirs
    // to approve.
    explicit AgentRequestsPanel(const QString &actor, QWidget *parent = nullptr);

    // Replaces the rows; the selection follows its operation, else the first row.
    void setRequests(std::vector<AgentRequestRow> rows);
    int count() const;
    bool selectRequest(const QString &operationId);
    QString selectedId() const;

    // An approval is on its way (the console's resend job): Approve is off until its outcome.
    void setSending(const QString &operationId);
    QString sendingId() const { return m_sending; }
    // What became of the last decision, under the table (red when !ok); ends setSending.
    void showOutcome(const QString &text, bool ok);
    QString outcomeText() const;

    AgentRequestModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLineEdit *reasonEdit() const { return m_reason; }
    QPushButton *approveButton() const { return m_approve; }
    QPushButton *rejectButton() const { return m_reject; }
    QLabel *outcomeLabel() const { return m_outcome; }
    QString hint() const;

signals:
    void approveRequested(const QString &operationId);
    void rejectRequested(const QString &operationId, const QString &reason);

private:
    void updateButtons();
    // Who asked, for a sentence: "agent refund_bot" or "alice (a person)".
    static QString requester(const Operation &op);

    AgentRequestModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_reason = nullptr;
    QPushButton *m_approve = nullptr;
    QPushButton *m_reject = nullptr;
    QLabel *m_hint = nullptr;
    QLabel *m_outcome = nullptr;
    QString m_actor;
    QString m_sending;
};

} // namespace ops::ui
