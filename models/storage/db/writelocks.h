#pragma once

// What a write transaction locks on PostgreSQL (docs/design.md §7, "Locks on PostgreSQL"). SQLite
// ignores it: the file has one writer (BEGIN IMMEDIATE and the process's write gate).
//
// Exclusive (the default): the database-wide writer lock (kWriteLockKey), so the transaction
// runs alone among writers. Every path that is not written against a narrower scope keeps it: a
// person's resend, settings, the directory, messages, the reconciler, events, the sweep.
//
// Scoped: the same lock shared, plus one transaction-scoped advisory lock per scope the rule
// needs (a charge for rule 9, an order for rule 13 and replacements, an agent for its limits, a
// credit account, one operation for its attempts and close, and for a person's close (with the
// decision note it queues), approval decision or applied proposal, or a ticket linked to it; none
// for a ticket view's audited read). Scoped writers run side by side
// unless they share a scope; an exclusive writer still waits for all of them and they for it.
// Scopes are taken in sorted order, so two scoped writers never wait on each other in a cycle;
// the one exception, an agent's scope, is taken last by the only writer that takes it (an opening
// whose agent has a daily or rate limit, agentquota.cpp), which waits for nothing after it.

#include <QString>
#include <QStringList>

namespace ops {

class WriteLocks
{
public:
    static WriteLocks exclusive() { return WriteLocks(); }
    static WriteLocks scoped(QStringList scopes);

    bool isExclusive() const { return m_exclusive; }
    // Sorted, without duplicates or empty keys.
    const QStringList &scopes() const { return m_scopes; }

private:
    WriteLocks() = default;

    bool m_exclusive = true;
    QStringList m_scopes;
};

// Scope keys. An empty id gives an empty key, which scoped() drops.
QString operationScope(const QString &operationId);
QString chargeScope(const QString &provider, const QString &chargeId);
QString orderScope(const QString &orderId);
QString agentScope(const QString &agent);
QString accountScope(const QString &project, const QString &customerId);

} // namespace ops
