#pragma once

// The console's resend lease (migration 0002) and the rule that decides when Resend is allowed.
// A console claims the lease before an operator resend and releases it after; the claim is one
// conditional UPDATE, so of two consoles pressing Resend at the same moment exactly one wins. A
// lease expires on its own, so a console that dies mid-resend blocks nobody for longer than the
// lease's time to live. Free functions over the store, defined in resendlease.cpp; the rule itself
// (resendBlock) is the domain's (domain/leases.h).

#include "domain/leases.h"
#include "domain/operation.h"

#include <QDateTime>
#include <QString>
#include <functional>
#include <optional>

namespace ops {

class OperationStore;

// How long a resend's lease lasts: longer than one attempt's timeout, short enough that a
// console or opsctl that dies mid-resend blocks nobody for long.
inline constexpr qint64 kResendLeaseSeconds = 120;

// True when `holder` now holds the lease (it was free, expired, or already held by `holder`)
// and the row is live. On refusal *current (when given) is the lease that blocked the claim.
bool claimResendLease(OperationStore &store, const QString &operationId, const QString &holder,
                      qint64 ttlSeconds, std::optional<ResendLease> *current = nullptr);
void releaseResendLease(OperationStore &store, const QString &operationId, const QString &holder);
// A person's resend as the console's resend job and `opsctl proposals apply` make it: claims the
// lease for `holder`, runs `send`, and releases the lease however `send` ends (a release that
// fails leaves the lease to expire). False, with nothing run, when another holder has the lease
// or the row is not live; *current then names that lease.
bool sendUnderResendLease(OperationStore &store, const QString &operationId, const QString &holder,
                          qint64 ttlSeconds, const std::function<void()> &send,
                          std::optional<ResendLease> *current = nullptr);
// The lease held by anyone, if not expired.
std::optional<ResendLease> activeResendLease(OperationStore &store, const QString &operationId);

} // namespace ops
