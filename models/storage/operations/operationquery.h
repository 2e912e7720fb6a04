#pragma once

// Read side for the console's lists: search, filters, sorting and keyset paging, all in SQL.
// A page is found by (sort value, id) of the last row shown, never by OFFSET, so the ten
// thousandth page costs what the first one does. Every user text is a bound parameter; search
// is a prefix range (col >= s AND col < s + U+10FFFF), so '%', '_', quotes and backslashes are
// plain characters.

#include "domain/clock.h"
#include "domain/operation.h"
#include "storage/db/connection.h"

#include <QStringList>
#include <QVariant>
#include <optional>
#include <vector>

namespace ops {

enum class SortKey
{
    Created,
    Id,
    Amount,
    Deadline,
    LastAttempt
};

struct QueryFilter
{
    QString search; // prefix of operation id, key, order, customer, charge or provider ref
    std::optional<OperationState> state;
    std::optional<OperationKind> kind;
    std::optional<Provider> provider;
    std::optional<qint64> maxAgeSeconds; // only rows created within this many seconds
    SortKey sort = SortKey::Created;
    bool descending = true;

    // The checking queue: unknown rows, soonest deadline first.
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

class OperationQuery
{
public:
    OperationQuery(const Connection &db, const Clock &clock);

    // Up to `limit` rows in the filter's order, starting after `after` (or at the top).
    std::vector<OperationSummary> page(const QueryFilter &filter,
                                       const std::optional<PageCursor> &after, int limit);
    qint64 count(const QueryFilter &filter);
    std::optional<OperationSummary> summary(const QString &id);
    static PageCursor cursorAfter(const OperationSummary &row);

    // SQLite's PRAGMA data_version: changes when another connection commits to the file.
    qint64 dataVersion();
    // The plan SQLite chose for a page query (benchmarks and tests check index use).
    QStringList explainPage(const QueryFilter &filter, bool withCursor);

    const Clock &clock() const { return m_clock; }

private:
    // The connection, for storage code and tests only (storage/db/sqlconnection.h).
    friend Connection &connectionOf(OperationQuery &query);
    // True when the search matches so many rows that walking the sort index beats collecting
    // the matches first.
    bool isDenseSearch(const QueryFilter &filter);
    // Fills approvalDeciders of the rows waiting on an approval: one read of the approvers for
    // all of them, none when no row waits on one.
    void addDeciders(std::vector<OperationSummary> &rows);

    ConnectionHold m_db;
    const Clock &m_clock;
};

} // namespace ops
