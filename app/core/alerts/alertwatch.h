#pragma once

// What the alert loop watches for (DESIGN §18): the conditions that hold now, each with the key
// that makes it fire once (condition, subject, window). Reads only, through the session's stores.
//
//   window_ending     an unknown row whose retention window ends within the alert window (or
//                     has ended): after that its stored key can no longer be resent
//   late              an unknown row past a service target (no owner, no decision)
//   approval_waiting  a held refund or a four-eyes approval past the approval target
//   attention         a row with Attention raised (two refunds claiming one operation, …)
//   silent            no webhook receiver, or the reconciler, heard from for too long
//   agent_limit       an agent at 80 % or more of its daily limit (its rolling 24 hours)
//
// A condition holds as long as what it names does; the alert resolves when it stops holding,
// and the same key fires again (its next episode) if it comes back. The rows are read most
// urgent first, up to maxRows; a watch that did not see them all names its condition in
// `unseen`, and none of that condition's alerts resolves that pass.

#include "domain/alerttypes.h"
#include "domain/teamday.h"

#include <QStringList>
#include <chrono>
#include <vector>

namespace ops {

class Session;

struct AlertRules
{
    std::chrono::milliseconds window{std::chrono::hours(6)}; // TeamStore::alertWindow; 0: off
    ServiceTargets targets;                                  // TeamStore::targets
    std::chrono::milliseconds silentAfter{std::chrono::minutes(15)};
    int agentNearPercent = 80;
    int maxRows = 10'000; // unknown or held rows read per pass, most urgent first
};

struct AlertWatch
{
    std::vector<AlertCondition> holding;
    QStringList unseen; // conditions whose rows were not all read this pass
};

// The rules the team set (settings), with the service's own silentAfter and agentNearPercent.
AlertRules storedAlertRules(Session &session, AlertRules base = {});

AlertWatch watchConditions(Session &session, const AlertRules &rules);

} // namespace ops
