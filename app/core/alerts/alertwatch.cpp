#include "alerts/alertwatch.h"

#include "domain/approval.h"
#include "domain/money.h"
#include "domain/operatoraccess.h"
#include "storage/access/accessstore.h"
#include "storage/alerts/alertstore.h"
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

// "its window ends in 2h 05m", "… in under a minute", "its window ended 10m ago": what a
// person reads when the alert fires (the subject is not rewritten later).
QString windowText(qint64 leftMs)
{
    const qint64 minutes = qAbs(leftMs) / 60'000;
    const QString span = minutes >= 60
                             ? u"%1h %2m"_s.arg(minutes / 60).arg(minutes % 60, 2, 10, QChar(u'0'))
                             : u"%1m"_s.arg(minutes);
    if (leftMs < 0)
        return minutes == 0 ? u"its window ended just now"_s
                            : u"its window ended %1 ago"_s.arg(span);
    return minutes == 0 ? u"its window ends in under a minute"_s : u"its window ends in "_s + span;
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

// The rows of `state` a condition may hold for now: a deadline within `window`, or opened
// longer than `waited` ago.
WaitingRows rowsFor(Session &session, OperationState state, const QDateTime &now,
                    std::chrono::milliseconds window, std::chrono::milliseconds waited, int maxRows)
{
    const qint64 nowMs = now.toMSecsSinceEpoch();
    const qint64 deadlineBefore = window.count() > 0 ? nowMs + window.count() + 1 : 0;
    const qint64 createdBefore = waited.count() > 0 ? nowMs - waited.count() + 1 : 0;
    return session.alerts().waitingRows(state, deadlineBefore, createdBefore, maxRows);
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

void watchRows(Session &session, const AlertRules &rules, const QDateTime &now, AlertWatch &out)
{
    const auto soonest = [](std::chrono::milliseconds a, std::chrono::milliseconds b) {
        return a.count() <= 0 ? b : (b.count() <= 0 ? a : std::min(a, b));
    };
    const WaitingRows unknown =
        rowsFor(session, OperationState::Unknown, now, rules.window,
                soonest(rules.targets.unowned, rules.targets.undecided), rules.maxRows);
    if (!unknown.complete)
        out.unseen << u"window_ending"_s << u"late"_s;
    for (const Operation &op : unknown.rows) {
        if (rules.window.count() > 0 && op.deadline &&
            now.msecsTo(*op.deadline) <= rules.window.count()) {
            const qint64 left = now.msecsTo(*op.deadline);
            out.holding.push_back({u"window_ending:%1:%2"_s.arg(op.id, ms(*op.deadline)),
                                   u"window_ending"_s, op.id,
                                   u"Unknown refund %1: %2"_s.arg(op.id, windowText(left)),
                                   rowLine(op) +
                                       u"\nAfter the window the stored key cannot be resent. "
                                       "Look it up: opsctl show "_s +
                                       op.id});
        }
        const LateReason why =
            lateReason({op.state, op.createdAt, op.ownedBy, op.deadline}, rules.targets, now);
        if (why != LateReason::None)
            out.holding.push_back(
                {u"late:%1:%2"_s.arg(op.id, QLatin1StringView(lateKey(why))), u"late"_s, op.id,
                 u"Unknown refund %1 is late: %2"_s.arg(op.id, QLatin1StringView(lateText(why))),
                 rowLine(op)});
    }
    const WaitingRows held = rowsFor(session, OperationState::AwaitingApproval, now, {},
                                     rules.targets.approval, rules.maxRows);
    if (!held.complete)
        out.unseen << u"approval_waiting"_s;
    for (const Operation &op : held.rows) {
        if (lateReason({op.state, op.createdAt, op.ownedBy, op.deadline}, rules.targets, now) ==
            LateReason::None)
            continue;
        out.holding.push_back({u"approval_waiting:%1"_s.arg(op.id), u"approval_waiting"_s, op.id,
                               u"Held refund %1 waits for approval past its target"_s.arg(op.id),
                               rowLine(op) + u"\nHeld: "_s + op.hold});
    }
}

void watchApprovals(Session &session, const AlertRules &rules, const QDateTime &now,
                    AlertWatch &out)
{
    if (rules.targets.approval.count() <= 0)
        return;
    for (const Approval &a : session.access().approvals(ApprovalState::Pending)) {
        if (a.requestedAt.msecsTo(now) < rules.targets.approval.count())
            continue;
        out.holding.push_back(
            {u"approval_waiting:approval:%1"_s.arg(a.id), u"approval_waiting"_s, a.operationId,
             u"Approval #%1 (%2 of %3) waits past its target"_s.arg(a.id).arg(toString(a.action),
                                                                              a.operationId),
             u"Asked by %1 at %2 UTC"_s.arg(operatorName(a.requestedBy),
                                            a.requestedAt.toString(Qt::ISODate))});
    }
}

void watchAttention(Session &session, const AlertRules &rules, AlertWatch &out)
{
    const std::vector<AttentionItem> queue = session.events().attentionQueue(rules.maxRows + 1);
    if (int(queue.size()) > rules.maxRows)
        out.unseen << u"attention"_s;
    for (const AttentionItem &item : queue)
        out.holding.push_back(
            {u"attention:%1:%2"_s.arg(item.operation.id, ms(item.attention.at)), u"attention"_s,
             item.operation.id,
             u"Attention on %1: %2"_s.arg(item.operation.id, item.attention.reason),
             rowLine(item.operation) + u"\nRaised by "_s + item.attention.raisedBy});
}

void watchHeartbeats(Session &session, const AlertRules &rules, const QDateTime &now,
                     AlertWatch &out)
{
    // Silent: no receiver, running or stopped, heard from within silentAfter (a clean restart
    // of one of several is not silence); never, before the first one ran.
    const ReceiverStatus receiver = session.events().receiverStatus(rules.silentAfter.count());
    if (receiver.lastSeenAt && receiver.lastSeenAt->msecsTo(now) > rules.silentAfter.count())
        out.holding.push_back(
            {u"silent:receiver:%1"_s.arg(ms(*receiver.lastSeenAt)),
             u"silent"_s,
             {},
             u"The webhook receiver has been silent since %1 UTC"_s.arg(
                 receiver.lastSeenAt->toString(Qt::ISODate)),
             u"Rows stop settling from provider events until a receiver runs again "
             "(opsctl serve)."_s});
    const auto lease = session.reconcile().lease(kReconcilerLease);
    if (lease && lease->renewedAtMs > 0 &&
        now.toMSecsSinceEpoch() - lease->renewedAtMs > rules.silentAfter.count())
        out.holding.push_back(
            {u"silent:reconciler:%1"_s.arg(lease->renewedAtMs),
             u"silent"_s,
             {},
             u"The reconciler has been silent since %1 UTC"_s.arg(
                 QDateTime::fromMSecsSinceEpoch(lease->renewedAtMs, Qt::UTC).toString(Qt::ISODate)),
             u"Unknown rows are not read at the provider until it runs again."_s});
}

void watchAgents(Session &session, const AlertRules &rules, AlertWatch &out)
{
    for (const AgentRecord &agent : session.access().agents()) {
        if (agent.state() != AgentState::Active || !agent.limits.daily)
            continue;
        const Money limit = *agent.limits.daily;
        const qint64 used = session.access().agentRefundedToday(agent.name, limit.currency);
        if (used * 100 < limit.minor * rules.agentNearPercent)
            continue;
        out.holding.push_back(
            {u"agent_limit:%1"_s.arg(agent.name),
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

AlertWatch watchConditions(Session &session, const AlertRules &rules)
{
    const QDateTime now = QDateTime::fromMSecsSinceEpoch(session.clock().nowMs(), Qt::UTC);
    AlertWatch out;
    watchRows(session, rules, now, out);
    watchApprovals(session, rules, now, out);
    watchAttention(session, rules, out);
    watchHeartbeats(session, rules, now, out);
    watchAgents(session, rules, out);
    return out;
}

} // namespace ops
