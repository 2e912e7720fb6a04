#include "itemmodels/itemmodellogging.h"

namespace ops {
Q_LOGGING_CATEGORY(lcModels, "ops.models", QtWarningMsg)
} // namespace ops
