#pragma once

// The team's day (DESIGN §18): who owns a row, notes beside it, and the service targets that
// say when a row is late. Pure logic and plain values; the stores keep them
// (storage/team/teamstore.h) and the queue shows them.

#include "domain/operation.h"

#include <QDateTime>
#include <QString>
#include <chrono>
#include <optional>

namespace ops {

// A short internal comment on a row: append-only, audited, never proof for a close.
struct RowNote
{
    qint64 id = 0;
    QString operationId;
    QString createdBy; // "operator:alice"
    QDateTime createdAt;
    QString body;
    friend bool operator==(const RowNote &, const RowNote &) = default;
};

// Why `body` cannot be a note ('' when it can): 1–2,000 characters after trimming, no control
// characters but line breaks and tabs.
QString noteProblem(const QString &body);
inline constexpr qsizetype kMaxNoteLength = 2000;

// How long a row may wait (settings, changed with the approve right). A target's clock starts
// when the row was opened, as a helpdesk's service target starts at the ticket: the customer has
// waited since then. 0 turns a target off.
struct ServiceTargets
{
    std::chrono::milliseconds unowned{std::chrono::hours(1)};    // an unknown row without owner
    std::chrono::milliseconds undecided{std::chrono::hours(24)}; // an unknown row, owner or not
    std::chrono::milliseconds approval{std::chrono::hours(4)};   // a held refund, an approval
    friend bool operator==(const ServiceTargets &, const ServiceTargets &) = default;
};

// What a row's lateness is measured on: the few columns every list has.
struct TargetSubject
{
    OperationState state = OperationState::Open;
    QDateTime createdAt;
    QString ownedBy;
    std::optional<QDateTime> deadline;
};

enum class LateReason
{
    None,
    NoOwner,    // unknown, nobody took it within the unowned target
    NoDecision, // unknown past the undecided target
    Approval,   // waiting for approval past the approval target
};

// When the first target of the row falls due (nullopt: none applies: the row is not unknown or
// awaiting approval, or its targets are off).
std::optional<QDateTime> targetDue(const TargetSubject &row, const ServiceTargets &targets);
// The earlier of the retention deadline and the target: the Checking queue's order.
std::optional<QDateTime> queueDue(const TargetSubject &row, const ServiceTargets &targets);
// Which target `now` is past (the first by due time), or None.
LateReason lateReason(const TargetSubject &row, const ServiceTargets &targets,
                      const QDateTime &now);

} // namespace ops
