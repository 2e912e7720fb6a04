#include "transport/transportlogging.h"

namespace ops {
Q_LOGGING_CATEGORY(lcHttp, "ops.http", QtWarningMsg)
} // namespace ops
