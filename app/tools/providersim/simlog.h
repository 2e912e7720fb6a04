#pragma once

#include <QLoggingCategory>

namespace ops::sim {
// The one logging category of provider-sim ("ops.sim"); warnings go to stderr.
Q_DECLARE_LOGGING_CATEGORY(lcSim)
} // namespace ops::sim
