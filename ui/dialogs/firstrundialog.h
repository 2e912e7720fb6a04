#pragma once

// First run (issue 17): a database with no operation and no operator. The person starting the
// console is offered to become its first supervisor, through the directory's bootstrap rule
// (operatordirectory.h, the rule `opsctl operator add` follows: while the directory is empty,
// anyone may add the first operator, and it must be a supervisor). "Not now" opens the console
// with view rights only.

#include <QDialog>

class QLabel;
class QPushButton;

namespace ops {
class Session;
}

namespace ops::ui {

class FirstRunDialog final : public QDialog
{
    Q_OBJECT
public:
    // `actor`: "operator:alice", the person starting the console.
    FirstRunDialog(Session &session, QString actor, QWidget *parent = nullptr);

    QPushButton *becomeButton() const { return m_become; }
    QLabel *message() const { return m_message; }
    // Adds the supervisor and closes; on a refusal stays open with the reason.
    void accept() override;

private:
    Session &m_session;
    QString m_actor;
    QLabel *m_message = nullptr;
    QPushButton *m_become = nullptr;
};

} // namespace ops::ui
