#include "webhook/webhooklogging.h"

namespace ops {
Q_LOGGING_CATEGORY(lcWebhook, "ops.webhook")
} // namespace ops
