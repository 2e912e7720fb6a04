#include "logging.h"

namespace ops {
Q_LOGGING_CATEGORY(lcStore, "ops.store", QtWarningMsg)
Q_LOGGING_CATEGORY(lcModels, "ops.models", QtWarningMsg)
} // namespace ops
