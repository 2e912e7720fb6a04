#pragma once

// The team's day (DESIGN §18): owners, notes and service targets. An owner is a name, not a
// lock: the resend lease stays the only lock, and owning a row lets nobody do more with it.
//
// Who may set whom (the same rules PostgreSQL's ops_guard_owner enforces for any client):
//  - a person with the attach right takes a row for themselves, and gives back their own;
//  - a supervisor also assigns a row to another enabled person, and releases anyone's.
// Every change is audited (operation.owner_taken / _assigned / _released, with the owner it
// replaced). A write names the owner it expects to replace, so a person who was asked "bob owns
// it; take it?" never takes it from carol, who took it meanwhile.

#include "domain/clock.h"
#include "domain/teamday.h"
#include "storage/db/connection.h"

#include <chrono>
#include <optional>
#include <vector>

namespace ops {

// The durations the team sets (settings, the approve right): the three service targets, and how
// long before its window ends an unknown row is alerted (AlertWindow; 0 turns that alert off).
enum class TargetKind
{
    Unowned,
    Undecided,
    Approval,
    AlertWindow
};

class TeamStore
{
public:
    TeamStore(const Connection &db, const Clock &clock);

    // Each returns '' when the row now has the wanted owner (also when it already had), else why
    // nothing changed: no such row, a row that is not the expected owner's any more ("carol took
    // it meanwhile"), a final row. Throws ActionRefused when `actor` may not make the change.
    QString take(const QString &id, const QString &actor, const QString &expectedOwner);
    QString assign(const QString &id, const QString &owner, const QString &actor,
                   const QString &expectedOwner);
    QString release(const QString &id, const QString &actor, const QString &expectedOwner);

    // Appends a note (noteProblem() refuses its text, ActionRefused without the attach right);
    // returns its id. Audited as operation.note_added with the note's length, not its text.
    qint64 addNote(const QString &id, const QString &body, const QString &actor);
    // Oldest first.
    std::vector<RowNote> notes(const QString &operationId);

    // The targets in force (each stored value, or its default).
    ServiceTargets targets();
    // The alert window in force (default 6 h).
    std::chrono::milliseconds alertWindow();
    // Needs the approve right; nullopt returns to the default, 0 turns the target off; audited.
    void setTarget(TargetKind kind, std::optional<std::chrono::milliseconds> value,
                   const QString &actor);

private:
    QString setOwner(const QString &id, const QString &owner, const QString &actor,
                     const QString &expectedOwner);

    ConnectionHold m_db;
    const Clock &m_clock;
};

// "target-unowned" / "target-undecided" / "target-approval" / "alert-window" (opsctl settings),
// nullopt else.
std::optional<TargetKind> targetKindFromName(const QString &name);

} // namespace ops
