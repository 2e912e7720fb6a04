#include "alerts/alertwatch.h"

#include "domain/approval.h"
#include "domain/money.h"
#include "domain/operatoraccess.h"
#include "storage/access/accessstore.h"
#include "storage/events/eventstore.h"
#include "storage/operations/operationstore.h"
#include "storage/reconcile/reconcilestore.h"
#include "storage/reconcile/servicelease.h"
#include "storage/session.h"
#include "storage/team/teamstore.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QString ms(const QDateTime &t)
{
    return QString::number(t.toMSecsSinceEpoch());
}

// "2h 05m", "45m", "ended 10m ago": what a person reads in a notification.
QString timeLeft(qint64 leftMs)
{
    const qint64 minutes = qAbs(leftMs) / 60'000;
    const QString span = minutes >= 60
                             ? u"%1h %2m"_s.arg(minutes / 60).arg(minutes % 60, 2, 10, QChar(u'0'))
                             : u"%1m"_s.arg(minutes);
    return leftMs >= 0 ? u"in "_s + span : u"%1 ago"_s.arg(span);
}

QString rowLine(const Operation &op)
{
    QString line = u"%1 %2, order %3"_s.arg(op.id, formatMoney(op.amount), op.orderId);
    if (!op.ownedBy.isEmpty())
        line += u", owner "_s + operatorName(op.ownedBy);
    if (!op.ticket.isEmpty())
        line += u", ticket "_s + op.ticket;
    return line;
}

std::vector<Operation> rowsIn(Session &session, OperationState state, int maxRows)
{
    std::vector<Operation> out;
    OperationFilter f;
    f.state = state;
    f.limit = qMin(500, maxRows);
    while (int(out.size()) < maxRows) {
        std::vector<Operation> page = session.store().list(f);
        if (page.empty())
            break;
        f.after = ListPosition{page.back().createdAt.toMSecsSinceEpoch(), page.back().id};
        const bool last = int(page.size()) < f.limit;
        std::move(page.begin(), page.end(), std::back_inserter(out));
        if (last)
            break;
    }
    return out;
}

const char *lateText(LateReason why)
{
    switch (why) {
    case LateReason::NoOwner:
        return "nobody took it within its target";
    case LateReason::NoDecision:
        return "undecided past its target";
    case LateReason::Approval:
        return "waiting for approval past its target";
    case LateReason::None:
        break;
    }
    return "";
}

const char *lateKey(LateReason why)
{
    switch (why) {
    case LateReason::NoOwner:
        return "no_owner";
    case LateReason::NoDecision:
        return "no_decision";
    case LateReason::Approval:
        return "approval";
    case LateReason::None:
        break;
    }
    return "";
}

void watchRows(Session &session, const AlertRules &rules, const QDateTime &now,
               std::vector<AlertCondition> &out)
{
    for (const Operation &op : rowsIn(session, OperationState::Unknown, rules.maxRows)) {
        if (rules.window.count() > 0 && op.deadline &&
            now.msecsTo(*op.deadline) <= rules.window.count()) {
            const qint64 left = now.msecsTo(*op.deadline);
            out.push_back({u"window_ending:%1:%2"_s.arg(op.id, ms(*op.deadline)),
                           u"window_ending"_s, op.id,
                           u"Unknown refund %1: its window ends %2"_s.arg(op.id, timeLeft(left)),
                           rowLine(op) +
                               u"\nAfter the window the stored key cannot be resent. "
                               "Look it up: opsctl show "_s +
                               op.id});
        }
        const LateReason why =
            lateReason({op.state, op.createdAt, op.ownedBy, op.deadline}, rules.targets, now);
        if (why != LateReason::None)
            out.push_back(
                {u"late:%1:%2"_s.arg(op.id, QLatin1StringView(lateKey(why))), u"late"_s, op.id,
                 u"Unknown refund %1 is late: %2"_s.arg(op.id, QLatin1StringView(lateText(why))),
                 rowLine(op)});
    }
    for (const Operation &op : rowsIn(session, OperationState::AwaitingApproval, rules.maxRows)) {
        if (lateReason({op.state, op.createdAt, op.ownedBy, op.deadline}, rules.targets, now) ==
            LateReason::None)
            continue;
        out.push_back({u"approval_waiting:%1"_s.arg(op.id), u"approval_waiting"_s, op.id,
                       u"Held refund %1 waits for approval past its target"_s.arg(op.id),
                       rowLine(op) + u"\nHeld: "_s + op.hold});
    }
}

void watchApprovals(Session &session, const AlertRules &rules, const QDateTime &now,
                    std::vector<AlertCondition> &out)
{
    if (rules.targets.approval.count() <= 0)
        return;
    for (const Approval &a : session.access().approvals(ApprovalState::Pending)) {
        if (a.requestedAt.msecsTo(now) < rules.targets.approval.count())
            continue;
        out.push_back(
            {u"approval_waiting:approval:%1"_s.arg(a.id), u"approval_waiting"_s, a.operationId,
             u"Approval #%1 (%2 of %3) waits past its target"_s.arg(a.id).arg(toString(a.action),
                                                                              a.operationId),
             u"Asked by %1 at %2 UTC"_s.arg(operatorName(a.requestedBy),
                                            a.requestedAt.toString(Qt::ISODate))});
    }
}

void watchAttention(Session &session, std::vector<AlertCondition> &out)
{
    for (const AttentionItem &item : session.events().attentionQueue(1000))
        out.push_back({u"attention:%1:%2"_s.arg(item.operation.id, ms(item.attention.at)),
                       u"attention"_s, item.operation.id,
                       u"Attention on %1: %2"_s.arg(item.operation.id, item.attention.reason),
                       rowLine(item.operation) + u"\nRaised by "_s + item.attention.raisedBy});
}

void watchHeartbeats(Session &session, const AlertRules &rules, const QDateTime &now,
                     std::vector<AlertCondition> &out)
{
    const ReceiverStatus receiver = session.events().receiverStatus(rules.silentAfter.count());
    if (!receiver.running && receiver.lastSeenAt)
        out.push_back({u"silent:receiver:%1"_s.arg(ms(*receiver.lastSeenAt)),
                       u"silent"_s,
                       {},
                       u"The webhook receiver has been silent since %1 UTC"_s.arg(
                           receiver.lastSeenAt->toString(Qt::ISODate)),
                       u"Rows stop settling from provider events until a receiver runs again "
                       "(opsctl serve)."_s});
    const auto lease = session.reconcile().lease(kReconcilerLease);
    if (lease && lease->renewedAtMs > 0 &&
        now.toMSecsSinceEpoch() - lease->renewedAtMs > rules.silentAfter.count())
        out.push_back(
            {u"silent:reconciler:%1"_s.arg(lease->renewedAtMs),
             u"silent"_s,
             {},
             u"The reconciler has been silent since %1 UTC"_s.arg(
                 QDateTime::fromMSecsSinceEpoch(lease->renewedAtMs, Qt::UTC).toString(Qt::ISODate)),
             u"Unknown rows are not read at the provider until it runs again."_s});
}

void watchAgents(Session &session, const AlertRules &rules, const QDateTime &now,
                 std::vector<AlertCondition> &out)
{
    for (const AgentRecord &agent : session.access().agents()) {
        if (agent.state() != AgentState::Active || !agent.limits.daily)
            continue;
        const Money limit = *agent.limits.daily;
        const qint64 used = session.access().agentRefundedToday(agent.name, limit.currency);
        if (used * 100 < limit.minor * rules.agentNearPercent)
            continue;
        out.push_back({u"agent_limit:%1:%2"_s.arg(agent.name, now.date().toString(Qt::ISODate)),
                       u"agent_limit"_s,
                       {},
                       u"Agent %1 is near its daily limit: %2 of %3"_s.arg(
                           agent.name, formatMoney({used, limit.currency}), formatMoney(limit)),
                       u"Refunds over the limit are held for approval."_s});
    }
}

} // namespace

AlertRules storedAlertRules(Session &session, AlertRules base)
{
    base.window = session.team().alertWindow();
    base.targets = session.team().targets();
    return base;
}

std::vector<AlertCondition> watchConditions(Session &session, const AlertRules &rules)
{
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(session.clock().nowMs(), Qt::UTC);
    std::vector<AlertCondition> out;
    watchRows(session, rules, now, out);
    watchApprovals(session, rules, now, out);
    watchAttention(session, out);
    watchHeartbeats(session, rules, now, out);
    watchAgents(session, rules, now, out);
    return out;
}

} // namespace ops
