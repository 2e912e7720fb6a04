#include "domain/leases.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace ops {

QString resendBlockedReason(const Operation &op, const std::optional<ResendLease> &lease,
                            const QString &me, const QDateTime &now)
{
    return resendBlock(op, lease, me, now).reason;
}

ResendBlock resendBlock(const Operation &op, const std::optional<ResendLease> &lease,
                        const QString &me, const QDateTime &now)
{
    if (isFinal(op.state))
        return {u"row_closed"_s,
                u"Resend is off: the operation has already %1."_s.arg(toString(op.state))};
    if (op.state == OperationState::Open)
        return {u"not_unknown"_s,
                u"Resend is off: the row is open and automation still owns it; resend is for "
                "rows in the checking queue."_s};
    if (op.deadline && now >= *op.deadline)
        return {u"past_window"_s,
                u"Resend is off: the retention window closed at %1; the provider no longer "
                "knows the key, so a resend could pay twice. Close it with evidence instead."_s.arg(
                    QLocale().toString(op.deadline->toLocalTime(), QLocale::ShortFormat))};
    if (lease && lease->holder != me && lease->until > now)
        return {u"leased_by_colleague"_s,
                u"Resend is off: %1 is resending this operation right now (lease until %2)."_s.arg(
                    lease->holder.section(u'#', 0, 0),
                    QLocale().toString(lease->until.toLocalTime().time(), QLocale::ShortFormat))};
    return {};
}

} // namespace ops
