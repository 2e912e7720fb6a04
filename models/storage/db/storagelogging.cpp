#include "storage/db/storagelogging.h"

namespace ops {
Q_LOGGING_CATEGORY(lcStore, "ops.store", QtWarningMsg)
} // namespace ops
