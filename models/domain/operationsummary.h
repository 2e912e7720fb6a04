#pragma once

// The console's list rows as values (storage/operations/operationquery.h reads them): the sort
// keys and filter, one row with what it waits for, and where the next page starts. Plain types:
// nothing here reaches the database.

#include "domain/money.h"
#include "domain/operation.h"
#include "domain/teamday.h"

#include <QDateTime>
#include <QString>
#include <QStringList>
#include <QVariant>
#include <optional>

namespace ops {

enum class SortKey
{
    Created,
    Id,
    Amount,
    Deadline,
    LastAttempt,
    // The earlier of the retention deadline and the row's service target (teamday.h queueDue),
    // under the filter's targets: the Checking queue's order (DESIGN §18).
    Due
};

struct QueryFilter
{
    QString search; // prefix of operation id, key, order, customer, charge or provider ref
    std::optional<OperationState> state;
    std::optional<OperationKind> kind;
    std::optional<Provider> provider;
    std::optional<qint64> maxAgeSeconds; // only rows created within this many seconds
    QString ownedBy;                     // only rows this actor owns (the Mine view); '' all
    // The targets SortKey::Due orders by and late rows are marked by; the console reads the
    // stored ones (TeamStore::targets) and hands them in with the filter.
    ServiceTargets targets;
    SortKey sort = SortKey::Created;
    bool descending = true;

    // The checking queue: unknown rows, the soonest due first (deadline or service target).
    static QueryFilter checkingQueue();
    friend bool operator==(const QueryFilter &, const QueryFilter &) = default;
};

// Who or what a row waits for (issue 50 item 7), read with the row in the same statement. Empty
// (all defaults) for a row nobody and nothing holds.
struct RowWaiting
{
    // The oldest pending four-eyes approval of the row; 0 when none.
    qint64 approvalId = 0;
    QString approvalAction;  // "close" or "resend", as stored
    QString approvalAskedBy; // the requester's actor, "operator:alice"
    // The active people who may approve, other than the requester (foureyescover.h's approvers),
    // read once per page that holds an approval, never per row.
    QStringList approvalDeciders;
    // The open reconciler proposal: "close" or "resend", empty when none; its outcome for a
    // close ("succeeded", "failed").
    QString proposalAction;
    QString proposalOutcome;
    // The resend lease's holder ("operator:bob#<session>") when it had not expired at the read;
    // whoever shows it compares leaseUntil with the clock again.
    QString leaseHolder;
    std::optional<QDateTime> leaseUntil;

    bool hasApproval() const { return approvalId > 0; }
    bool hasProposal() const { return !proposalAction.isEmpty(); }
    friend bool operator==(const RowWaiting &, const RowWaiting &) = default;
};

// One list row: what the table shows, nothing more (the request body stays in the store).
struct OperationSummary
{
    QString id;
    OperationKind kind = OperationKind::Refund;
    Provider provider = Provider::Stripe;
    QString orderId;
    QString customerId;
    QString chargeId;
    Money amount;
    OperationState state = OperationState::Open;
    QString providerStatus;
    int attempts = 0;
    int attemptCap = 0;
    int operatorAttempts = 0; // operator resends, apart from automation's capped count
    QString idempotencyKey;
    std::optional<QDateTime> lastAttemptAt;
    std::optional<QDateTime> deadline;
    qint64 marginSeconds = 0; // the deadline's safety margin before the provider's window ends
    QString providerRef;
    QDateTime createdAt;
    QDateTime updatedAt;
    int evidenceCount = 0;
    QString ownedBy; // "operator:alice", '' for nobody (DESIGN §18)
    std::optional<QDateTime> ownedSince;
    RowWaiting waiting;
    QVariant sortValue; // the value the page was ordered by (the keyset cursor)

    QString subject() const { return orderId.isEmpty() ? customerId : orderId; }
    friend bool operator==(const OperationSummary &, const OperationSummary &) = default;
};

// Where the next page starts: strictly after this (sort value, id) in the filter's order.
struct PageCursor
{
    QVariant sortValue;
    QString id;
};

// Where the next page starts after `row`: its (sort value, id).
PageCursor cursorAfter(const OperationSummary &row);

// Where a page of list() ended: the last row's place in the list's order (newest first).
struct ListPosition
{
    qint64 createdAtMs = 0;
    QString id;
};

struct OperationFilter
{
    std::optional<OperationState> state;
    std::optional<OperationKind> kind;
    std::optional<ListPosition> after; // keyset: only rows after this one in the list's order
    int limit = 100;
};

} // namespace ops
