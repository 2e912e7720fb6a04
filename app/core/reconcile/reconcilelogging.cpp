#include "reconcile/reconcilelogging.h"

namespace ops {
Q_LOGGING_CATEGORY(lcReconcile, "ops.reconcile", QtWarningMsg)
} // namespace ops
