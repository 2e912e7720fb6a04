#pragma once

#include <QLoggingCategory>

namespace ops::sim {
// The one logging category of the Slen simulator ("ops.sim.slen"), defined in slenhandler.cpp.
Q_DECLARE_LOGGING_CATEGORY(lcSlen)
} // namespace ops::sim
