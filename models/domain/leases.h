#pragma once

// The console's resend lease as a value, and the rule that decides when Resend is allowed
// (storage/operations/resendlease.h claims and releases the lease). Nothing here reaches the
// database.

#include "domain/operation.h"

#include <QDateTime>
#include <QString>
#include <optional>

namespace ops {

struct ResendLease
{
    QString holder; // "operator:alice#<session>"
    QDateTime until;
};

// The resend rule's decision for lists of rows (resendBlock): a stable code,
// "" (allowed), "row_closed", "not_unknown", "past_window", "leased_by_colleague", and the text.
struct ResendBlock
{
    QString code;
    QString reason; // resendBlockedReason's text
};

// Why an operator may not resend `op` now (docs/design.md §6 Resend); empty when resend is allowed.
// `me` is this console's lease holder name: its own lease does not block it.
QString resendBlockedReason(const Operation &op, const std::optional<ResendLease> &lease,
                            const QString &me, const QDateTime &now);

// The same decision with a stable code for lists of rows (the console's bulk resend):
// "" (allowed), "row_closed", "not_unknown", "past_window", "leased_by_colleague".
ResendBlock resendBlock(const Operation &op, const std::optional<ResendLease> &lease,
                        const QString &me, const QDateTime &now);

} // namespace ops
