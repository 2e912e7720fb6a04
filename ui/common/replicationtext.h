#pragma once

// A team database's replication verdict in the person's language: the status bar's label and
// Tools → Connections say it in the same words.

#include "domain/replicationstate.h"

#include <QString>

namespace ops::ui {

// acceptedAsync: a supervisor accepted an asynchronous standby for new refunds.
QString replicationText(const ReplicationState &state, bool acceptedAsync);

} // namespace ops::ui
