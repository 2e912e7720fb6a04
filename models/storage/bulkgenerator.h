#pragma once

// Fills an operations database with synthetic rows in one SQL statement (a recursive CTE), so a
// million rows take seconds rather than minutes. For benchmarks, list tests and
// `opsctl demo generate` only: the rows have no attempts, evidence or audit entries, so they must
// never share a database with real operations. Row x (1-based) is fully determined by x:
//   kind      x%10 < 7 refund (stripe) · 7 credit_topup · 8 credit_charge · 9 execution (slen)
//   state     x%20 == 0 unknown · 1-2 open · 3-16 succeeded · 17-19 failed
//   order     refunds "ord_<x>", charge "ch_<x>"; others customer "u_<x % 5000>"
//   key       "key-<x, 8 digits>"; provider ref of succeeded rows "re_<x>"
//   created   now − (rows − x) × 30 s; unknown and open rows have a deadline 24 h − 15 min after
//             creation (open rows with x%3 == 0 have not started: no deadline)

#include "storage/db/connection.h"

#include <QString>

namespace ops {

// `agent`: the agent every row names (operations.agent), as the engine names the agent of
// agent:bench's calls; none by default. An agent's login on PostgreSQL writes only rows that
// name one (migration 0013), so a test that generates as the agent passes it.
// Throws StoreError when the statement fails; nothing is written then.
void generateOperations(Connection &db, qint64 rows, qint64 nowMs, const QString &agent = {});

// The audit history of generateOperations(db, rows, nowMs): four entries per row x, appended to
// the chain after its current tip with real hashes (AuditLog::verify holds afterwards), in one
// transaction, many rows per INSERT. For row x, created as above:
//   1 operation.opened   agent:bench    at created        {"amount_minor":…,"kind":…}
//   2 attempt.started    system:engine  at created + 1 s  {"seq":1}
//   3 attempt.finished   system:engine  at created + 2 s  {"http_status":…,"seq":1}
//   4 by state: state.unknown / state.succeeded / state.failed (system:engine), open rows
//     evidence.added (operator:op<x % 7>); every 1,000th row instead state.closed_manually
//     by operator:alice                        at created + 3 s  {"state":…}
// On PostgreSQL, as the owner of audit, audit_tip is advanced once rather than per entry (see
// DeferredAuditTip in the .cpp); the rows and the final tip are the same either way.
// Throws StoreError when a statement fails; nothing is written then.
void generateAuditHistory(Connection &db, qint64 rows, qint64 nowMs);

// The id generateOperations gives row x.
QString generatedId(qint64 x);

} // namespace ops
