#pragma once

// First run (issue 17): a database with no operation and no operator. The person starting the
// console is offered to become its first supervisor, through the directory's bootstrap rule
// (operatordirectory.h, the rule `opsctl operator add` follows: while the directory is empty,
// anyone may add the first operator, and it must be a supervisor). "Not now" opens the console
// with view rights only.

#include <QDialog>

class QLabel;
class QPushButton;

namespace ops::ui {

class ConsoleWrites;

class FirstRunDialog final : public QDialog
{
    Q_OBJECT
public:
    // `location`: the database's (named in the question); `actor`: "operator:alice", the person
    // starting the console; `writes` adds them (off the UI thread) and must outlive the dialog.
    FirstRunDialog(const QString &location, QString actor, ConsoleWrites &writes,
                   QWidget *parent = nullptr);

    QPushButton *becomeButton() const { return m_become; }
    QLabel *message() const { return m_message; }
    // Adds the supervisor and closes once it is stored; on a refusal stays open with the reason.
    void accept() override;

private:
    QString m_actor;
    ConsoleWrites &m_writes;
    bool m_adding = false;
    QLabel *m_message = nullptr;
    QPushButton *m_become = nullptr;
};

} // namespace ops::ui
