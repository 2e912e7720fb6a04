#include "outbox/outboxlogging.h"

namespace ops {
Q_LOGGING_CATEGORY(lcOutbox, "ops.outbox", QtWarningMsg)
} // namespace ops
