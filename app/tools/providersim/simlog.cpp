#include "providersim/simlog.h"

namespace ops::sim {
Q_LOGGING_CATEGORY(lcSim, "ops.sim", QtInfoMsg)
} // namespace ops::sim
