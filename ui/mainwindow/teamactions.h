#pragma once

// The team's day on the current row (DESIGN §18, issue 53): Take (Ctrl+T), Assign… and Release
// (who owns the row: a name, not a lock) and Add note… (Ctrl+Shift+O). They sit in the Operation
// menu and the lists' context menus beside the row's other actions. Each write goes through the
// frame's ConsoleWrites naming the owner the person was shown, so a change made meanwhile is
// reported ("carol took op_x meanwhile"), never overwritten; the lists and the detail are then
// read again. Enabled by the row shown, the operator's rights (each needs the attach right, as the
// store's rule) and role (a supervisor assigns, and releases anyone's row; a person releases
// their own); a disabled action's tooltip says why.

#include "domain/operation.h"
#include "domain/rights.h"

#include <QObject>
#include <QPointer>
#include <optional>

class QAction;
class QMessageBox;

namespace ops::ui {

class AssignDialog;
class MainWindow;
class NoteDialog;
template<typename T> class Written;

class TeamActions final : public QObject
{
    Q_OBJECT
public:
    // Creates the actions as the frame's (their keys work wherever the focus is in the window).
    explicit TeamActions(MainWindow &frame);

    // In the menus' order: Take, Assign…, Release, Add note….
    QList<QAction *> all() const;
    // Enables each action for the row shown and the operator's rights and role.
    void update();
    bool owns(const QAction *action) const;
    // The right `action` needs (Attach, for each of them); nullopt for an action not of this area.
    std::optional<Right> rightOf(const QAction *action) const;
    // Why `action` is off for the row shown, beyond a missing right ('' while it is on).
    QString refusalFor(const QAction *action) const;
    // A supervisor in the directory, not disabled: assigns, and releases anyone's row.
    bool isSupervisor() const;

    // Ctrl+T: the row shown becomes this person's. When another person owns it the question
    // ("bob owns this row since 09:40. Take it?") opens first and is returned; Yes takes it from
    // that owner only. nullptr when nothing was asked (taken at once, or refused in the status
    // bar).
    QMessageBox *take();
    // Assign… (supervisors): the people to choose from, read now; nullptr when refused.
    AssignDialog *openAssignDialog();
    // Release: the row shown has no owner afterwards.
    void release();
    // Add note…: nullptr when refused (the reason in the status bar).
    NoteDialog *openNoteDialog();
    QMessageBox *takeQuestion() const;
    NoteDialog *noteDialog() const;

    QAction *takeAction() const { return m_take; }
    QAction *assignAction() const { return m_assign; }
    QAction *releaseAction() const { return m_release; }
    QAction *addNoteAction() const { return m_addNote; }

private:
    const std::optional<Operation> &current() const;
    // Why `action` cannot act on the row shown ('' when it can), before rights.
    QString blockedReason(const QAction *action) const;
    void submitTake(const QString &operationId, const QString &expectedOwner);
    void submitNote(const QString &operationId, const QString &text);
    // The answer of take, assign or release: `done` in the status bar, or why not in the banner;
    // the lists and detail are read again either way.
    void ownerAnswered(const Written<QString> &answer, const QString &done, const QString &failed);

    MainWindow &m_frame;
    QAction *m_take = nullptr;
    QAction *m_assign = nullptr;
    QAction *m_release = nullptr;
    QAction *m_addNote = nullptr;
    QPointer<QMessageBox> m_question;
    QPointer<NoteDialog> m_noteDialog;
};

} // namespace ops::ui
