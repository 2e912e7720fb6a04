#pragma once

// The audit trail on behalf of an operator: the rights checks (operatordirectory.h) in front of
// the audit read side (audit/). Access sits above audit, so audit itself knows no operators.

#include "storage/audit/auditexport.h"
#include "storage/audit/auditlog.h"
#include "storage/audit/auditquery.h"

#include <functional>
#include <optional>

namespace ops {

// The whole export in one call (opsctl, the audit window's worker), made by `actor`, who needs the
// Export and Audit rights (ActionRefused before any file is opened). `progress(written, total)` is
// called after each chunk; returning false cancels. Returns the number of entries written, or
// nullopt when cancelled.
std::optional<qint64> exportAuditCsv(AuditQuery &query, const QString &actor,
                                     const AuditFilter &filter, const QString &path,
                                     const std::function<bool(qint64, qint64)> &progress = {},
                                     int chunk = 1000,
                                     AuditReadPath readPath = AuditReadPath::Fastest);

// AuditLog::verify on behalf of `actor`, who needs the Audit right: the chain check reads every
// entry, so it is a reading of the audit trail (ActionRefused otherwise).
ChainCheck verifyAuditChain(AuditQuery &query, const QString &actor);

} // namespace ops
