#include "mainwindow/teamactions.h"

#include "common/consolereads.h"
#include "common/consolewrites.h"
#include "common/refusaltext.h"
#include "common/teamtext.h"
#include "dialogs/assigndialog.h"
#include "dialogs/notedialog.h"
#include "domain/storeerror.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/operationlabels.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/windowaction.h"
#include "widgets/detailpane.h"

#include <QAction>
#include <QMessageBox>
#include <QPushButton>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

// "bob", or the actor itself when it names no person.
QString nameOf(const QString &actor)
{
    const QString name = operatorName(actor);
    return name.isEmpty() ? actor : name;
}

} // namespace

TeamActions::TeamActions(MainWindow &frame)
    : QObject(&frame)
    , m_frame(frame)
{
    m_take =
        addWindowAction(frame, this, tr("Ta&ke"), {QKeySequence(u"Ctrl+T"_s)},
                        tr("Make this row yours: the team sees who is on it"), [this] { take(); });
    m_assign = addWindowAction(frame, this, tr("Assi&gn…"), {},
                               tr("Give this row to someone (supervisors)"),
                               [this] { openAssignDialog(); });
    m_release = addWindowAction(frame, this, tr("Release o&wnership"), {},
                                tr("Leave this row without an owner"), &TeamActions::release);
    m_addNote = addWindowAction(frame, this, tr("Add n&ote…"), {QKeySequence(u"Ctrl+Shift+O"_s)},
                                tr("A short internal note for the team; never evidence"),
                                [this] { openNoteDialog(); });
    for (QAction *action : all())
        action->setObjectName(action == m_take      ? u"takeAction"_s
                              : action == m_assign  ? u"assignAction"_s
                              : action == m_release ? u"releaseAction"_s
                                                    : u"addNoteAction"_s);
}

QList<QAction *> TeamActions::all() const
{
    return {m_take, m_assign, m_release, m_addNote};
}

bool TeamActions::owns(const QAction *action) const
{
    const QList<QAction *> mine = all();
    return std::find(mine.begin(), mine.end(), action) != mine.end();
}

QMessageBox *TeamActions::takeQuestion() const
{
    return m_question.data();
}

NoteDialog *TeamActions::noteDialog() const
{
    return m_noteDialog.data();
}

const std::optional<Operation> &TeamActions::current() const
{
    return m_frame.detailArea()->current();
}

bool TeamActions::isSupervisor() const
{
    const OperatorAccess &access = m_frame.access();
    return access.role == Role::Supervisor && !access.disabled;
}

std::optional<Right> TeamActions::rightOf(const QAction *action) const
{
    // The store's rule (teamstore.h): every change of owner, and every note, needs the attach
    // right; assigning and releasing others' rows a supervisor besides.
    if (owns(action))
        return Right::Attach;
    return std::nullopt;
}

QString TeamActions::blockedReason(const QAction *action) const
{
    const std::optional<Operation> &row = current();
    if (!row)
        return tr("Select an operation first.");
    const QString me = m_frame.actor();
    const QString who = accessLabel(m_frame.access());
    if (action == m_take || action == m_assign) {
        if (isFinal(row->state))
            return tr("%1 is closed (%2): a closed row needs no owner.")
                .arg(row->id, stateLabel(row->state));
        if (action == m_take && row->ownedBy == me)
            return tr("%1 is yours already.").arg(row->id);
        if (action == m_assign && !isSupervisor())
            return tr("%1 may not assign rows: only a supervisor gives a row to someone.").arg(who);
        return {};
    }
    if (action == m_release) {
        if (row->ownedBy.isEmpty())
            return tr("%1 has no owner.").arg(row->id);
        if (row->ownedBy != me && !isSupervisor())
            return tr("%1 may not release %2's row: only a supervisor releases a row someone "
                      "else owns.")
                .arg(who, nameOf(row->ownedBy));
        return {};
    }
    return {};
}

QString TeamActions::refusalFor(const QAction *action) const
{
    return action->isEnabled() ? QString() : action->toolTip();
}

void TeamActions::update()
{
    const OperatorAccess &access = m_frame.access();
    const QString who = accessLabel(access);
    const QList<std::pair<QAction *, QString>> tips = {
        {m_take, tr("Make this row yours: the team sees who is on it (Ctrl+T)")},
        {m_assign, tr("Give this row to someone")},
        {m_release, tr("Leave this row without an owner")},
        {m_addNote, tr("A short internal note for the team; never evidence (Ctrl+Shift+O)")}};
    for (const auto &[action, tip] : tips) {
        QString why;
        if (const auto right = rightOf(action); right && !access.rights.testFlag(*right))
            why = action == m_addNote ? tr("%1 may not add notes: a note needs the attach right; "
                                           "ask a supervisor.")
                                            .arg(who)
                                      : tr("%1 may not change who owns a row: that needs the "
                                           "attach right; ask a supervisor.")
                                            .arg(who);
        if (why.isEmpty())
            why = blockedReason(action);
        action->setEnabled(why.isEmpty());
        action->setToolTip(why.isEmpty() ? tip : why);
        action->setStatusTip(action->toolTip());
    }
}

QMessageBox *TeamActions::take()
{
    m_frame.reloadDetail(); // decide on fresh data: a colleague may have taken it a second ago
    if (!current() || !m_take->isEnabled()) {
        m_frame.showStatus(m_take->toolTip(), 10000);
        return nullptr;
    }
    const Operation &row = *current();
    if (row.ownedBy.isEmpty()) {
        submitTake(row.id, {});
        return nullptr;
    }
    if (m_question)
        m_question->close();
    const QString since = row.ownedSince ? sinceText(*row.ownedSince, m_frame.reads().clock().now())
                                         : tr("an unknown time");
    auto *box =
        new QMessageBox(QMessageBox::Question, tr("Take %1").arg(row.id),
                        tr("%1 owns this row since %2. Take it?").arg(nameOf(row.ownedBy), since),
                        QMessageBox::Yes | QMessageBox::No, &m_frame);
    box->setObjectName(u"takeQuestion"_s);
    box->setInformativeText(tr("It becomes yours and leaves %1's Mine list; an owner is a name, "
                               "not a lock.")
                                .arg(nameOf(row.ownedBy)));
    box->setDefaultButton(QMessageBox::No);
    box->setWindowModality(Qt::WindowModal);
    box->setAttribute(Qt::WA_DeleteOnClose);
    m_question = box;
    // From the owner shown only: whoever took it since is reported, not overwritten.
    connect(box, &QMessageBox::finished, this, [this, box, id = row.id, owner = row.ownedBy] {
        if (box->standardButton(box->clickedButton()) == QMessageBox::Yes)
            submitTake(id, owner);
    });
    box->open();
    return box;
}

void TeamActions::submitTake(const QString &operationId, const QString &expectedOwner)
{
    m_frame.dismissBanner();
    m_frame.writes().takeRow(operationId, m_frame.actor(), expectedOwner, this,
                             [this, operationId](const Written<QString> &w) {
                                 ownerAnswered(w, tr("%1 is yours now.").arg(operationId),
                                               tr("%1 was not taken").arg(operationId));
                             });
}

AssignDialog *TeamActions::openAssignDialog()
{
    m_frame.reloadDetail();
    if (!current() || !m_assign->isEnabled()) {
        m_frame.showStatus(m_assign->toolTip(), 10000);
        return nullptr;
    }
    std::vector<OperatorRecord> people;
    try {
        people = m_frame.reads().operators();
    } catch (const StoreError &e) {
        m_frame.showError(tr("Could not read the operator directory: %1").arg(e.message()),
                          tr("Try again in a moment (F5)."));
        return nullptr;
    }
    const Operation &row = *current();
    const QString since =
        row.ownedSince ? sinceText(*row.ownedSince, m_frame.reads().clock().now()) : QString();
    auto *dialog = new AssignDialog(row.id, row.ownedBy, since, people, &m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &AssignDialog::chosen, this,
            [this](const QString &id, const QString &owner, const QString &expected) {
                m_frame.dismissBanner();
                m_frame.writes().assignRow(id, owner, m_frame.actor(), expected, this,
                                           [this, id, owner](const Written<QString> &w) {
                                               ownerAnswered(
                                                   w, tr("%1 is %2's now.").arg(id, nameOf(owner)),
                                                   tr("%1 was not assigned").arg(id));
                                           });
            });
    dialog->open();
    return dialog;
}

void TeamActions::release()
{
    m_frame.reloadDetail();
    if (!current() || !m_release->isEnabled()) {
        m_frame.showStatus(m_release->toolTip(), 10000);
        return;
    }
    const QString id = current()->id;
    m_frame.dismissBanner();
    m_frame.writes().releaseRow(
        id, m_frame.actor(), current()->ownedBy, this, [this, id](const Written<QString> &w) {
            ownerAnswered(w, tr("%1 has no owner now.").arg(id), tr("%1 was not released").arg(id));
        });
}

void TeamActions::ownerAnswered(const Written<QString> &answer, const QString &done,
                                const QString &failed)
{
    try {
        if (const QString why = answer.get(); !why.isEmpty())
            m_frame.showError(tr("%1: %2.").arg(failed, ownerChangeText(why)),
                              tr("The lists show who owns it now."));
        else
            m_frame.showStatus(done, 6000);
    } catch (const ActionRefused &e) {
        m_frame.showError(tr("%1: %2").arg(failed, refusalText(e)), tr("Ask a supervisor."));
    } catch (const StoreError &e) {
        m_frame.showError(tr("The database refused the change of owner: %1").arg(e.message()),
                          tr("Try again in a moment."));
        return;
    }
    m_frame.reloadAll();
}

NoteDialog *TeamActions::openNoteDialog()
{
    if (!current() || !m_addNote->isEnabled()) {
        m_frame.showStatus(m_addNote->toolTip(), 10000);
        return nullptr;
    }
    if (m_noteDialog)
        m_noteDialog->close();
    auto *dialog = new NoteDialog(current()->id, &m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowModality(Qt::WindowModal);
    m_noteDialog = dialog;
    connect(dialog, &NoteDialog::submitted, this, &TeamActions::submitNote);
    dialog->open();
    return dialog;
}

void TeamActions::submitNote(const QString &operationId, const QString &text)
{
    m_frame.writes().addNote(
        operationId, text, m_frame.actor(), this, [this, operationId](const Written<qint64> &w) {
            QString why;
            try {
                w.get();
            } catch (const ActionRefused &e) {
                why = noteProblemText(refusalText(e));
            } catch (const StoreError &e) {
                why = tr("The database refused the note: %1").arg(e.message());
            }
            if (!why.isEmpty()) {
                if (m_noteDialog)
                    m_noteDialog->refused(why);
                else
                    m_frame.showError(tr("The note on %1 was not added: %2").arg(operationId, why),
                                      tr("Add it again (Ctrl+Shift+O)."));
                return;
            }
            if (m_noteDialog)
                m_noteDialog->stored();
            m_frame.showStatus(tr("Note added to %1.").arg(operationId), 6000);
            if (m_frame.detailArea()->current() &&
                m_frame.detailArea()->current()->id == operationId) {
                m_frame.reloadDetail();
                m_frame.detailArea()->pane()->showTab(DetailPane::NotesTab);
            }
        });
}

} // namespace ops::ui
