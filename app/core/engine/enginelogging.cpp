#include "engine/enginelogging.h"

namespace ops {
Q_LOGGING_CATEGORY(lcEngine, "ops.engine", QtWarningMsg)
} // namespace ops
