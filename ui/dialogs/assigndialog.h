#pragma once

// Assign… (DESIGN §18, supervisors): whom a row should belong to, from the enabled people of
// the operator directory. The dialog shows who owns the row now and offers everyone else; OK
// hands the choice on (chosen) with the owner it showed, so a change made meanwhile is reported
// by the store instead of overwritten. It reads and writes nothing itself.

#include "domain/operatoraccess.h"

#include <QDialog>
#include <vector>

class QComboBox;
class QLabel;
class QPushButton;

namespace ops::ui {

class AssignDialog final : public QDialog
{
    Q_OBJECT
public:
    // `owner`: the row's owner as shown ("operator:bob", '' for nobody), `since` its text;
    // `people`: the directory, disabled people included (they are left out).
    AssignDialog(const QString &operationId, const QString &owner, const QString &since,
                 const std::vector<OperatorRecord> &people, QWidget *parent = nullptr);

    QComboBox *personCombo() const { return m_person; }
    QPushButton *okButton() const { return m_ok; }
    // The chosen person's actor ("operator:carol"); '' when there is nobody to choose.
    QString chosenOwner() const;
    // Selects `actor` in the combo; false when it is not offered.
    bool choose(const QString &actor);

    void accept() override;

signals:
    void chosen(const QString &operationId, const QString &owner, const QString &expectedOwner);

private:
    QString m_operationId;
    QString m_owner;
    QComboBox *m_person = nullptr;
    QPushButton *m_ok = nullptr;
};

} // namespace ops::ui
