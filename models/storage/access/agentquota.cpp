#include "storage/access/agentquota.h"

#include "storage/access/agentdirectory.h"
#include "storage/db/sqltransaction.h"
#include "storage/db/statementcache.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr qint64 kSecondMs = 1000;
constexpr qint64 kDayMs = 24 * 3600 * 1000;

// The agent's last second and last day in one pass over operations_agent_created.
struct Recent
{
    qint64 openedLastSecond = 0;
    qint64 oldestInSecondMs = 0;
    qint64 refundedToday = 0; // in the daily limit's currency
};

Recent recentOf(Connection &db, const QString &agent, const QString &dailyCurrency, qint64 nowMs)
{
    const qint64 secondAgo = nowMs - kSecondMs;
    Query q = runQuery(db,
                       u"SELECT COUNT(CASE WHEN created_at > ? THEN 1 END), "
                       "MIN(CASE WHEN created_at > ? THEN created_at END), "
                       "COALESCE(SUM(CASE WHEN kind = 'refund' AND currency = ? AND state IN "
                       "('open', 'unknown', 'succeeded') THEN amount_minor END), 0) "
                       "FROM operations WHERE agent = ? AND created_at > ?"_s,
                       {secondAgo, secondAgo, dailyCurrency, agent, nowMs - kDayMs});
    Recent r;
    if (q.next()) {
        r.openedLastSecond = q.value(0).toLongLong();
        r.oldestInSecondMs = q.value(1).toLongLong();
        r.refundedToday = q.value(2).toLongLong();
    }
    return r;
}

AgentVerdict hold(const QString &limit, const QString &why)
{
    return {AgentVerdict::Kind::Hold, limit, 0, why};
}

std::optional<AgentVerdict> amountVerdict(const AgentLimits &l, const Recent &recent,
                                          const Money &amount)
{
    if (l.maxRefund &&
        (amount.currency != l.maxRefund->currency || amount.minor > l.maxRefund->minor))
        return hold(u"max_refund"_s, u"%1 is over the agent's limit of %2 per refund"_s.arg(
                                         formatMoney(amount), formatMoney(*l.maxRefund)));
    if (l.daily && (amount.currency != l.daily->currency ||
                    recent.refundedToday + amount.minor > l.daily->minor))
        return hold(u"daily"_s,
                    u"%1 would bring the agent's last 24 hours to %2, over its limit of %3"_s.arg(
                        formatMoney(amount),
                        formatMoney({recent.refundedToday + amount.minor, amount.currency}),
                        formatMoney(*l.daily)));
    return std::nullopt;
}

} // namespace

qint64 agentRefundedToday(Connection &db, const QString &agent, const QString &currency,
                          qint64 nowMs)
{
    return recentOf(db, agent, currency, nowMs).refundedToday;
}

AgentVerdict agentVerdict(Connection &db, const QString &agent, OperationKind kind,
                          const Money &amount, qint64 nowMs)
{
    if (agent.isEmpty())
        return {};
    const auto agentRow = agentRecord(db, agent);
    if (!agentRow)
        return {};
    if (agentRow->revokedAtMs)
        return {AgentVerdict::Kind::Revoked, {}, 0, u"agent %1 is revoked"_s.arg(agent)};
    const AgentLimits &limits = agentRow->limits;
    if (!limits.maxRefund && !limits.daily && !limits.ratePerSecond)
        return {};
    // Counting the agent's recent openings needs its openings one at a time until this one
    // commits: the agent's lock joins the caller's transaction. An agent without a daily or rate
    // limit takes none, so its calls open side by side. The lock comes last among an opening's
    // (after its charge, order or account), and no holder of it waits for another opening's
    // scope, so no two openings wait for each other.
    std::optional<WriteTransaction> agentLock;
    if (limits.daily || limits.ratePerSecond)
        agentLock.emplace(db, WriteLocks::scoped({agentScope(agent)}));
    const Recent recent =
        recentOf(db, agent, limits.daily ? limits.daily->currency : QString(), nowMs);
    if (limits.ratePerSecond && recent.openedLastSecond >= *limits.ratePerSecond) {
        const qint64 wait = std::max<qint64>(1, recent.oldestInSecondMs + kSecondMs - nowMs);
        return {
            AgentVerdict::Kind::RateLimited,
            {},
            wait,
            u"agent %1 may open %2 operations a second"_s.arg(agent).arg(*limits.ratePerSecond)};
    }
    if (kind == OperationKind::Refund) {
        if (auto held = amountVerdict(limits, recent, amount))
            return *held;
    }
    return {};
}

} // namespace ops
