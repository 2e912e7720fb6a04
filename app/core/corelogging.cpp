#include "corelogging.h"

namespace ops {
Q_LOGGING_CATEGORY(lcHttp, "ops.http", QtWarningMsg)
Q_LOGGING_CATEGORY(lcEngine, "ops.engine", QtWarningMsg)
Q_LOGGING_CATEGORY(lcStripe, "ops.stripe", QtWarningMsg)
} // namespace ops
