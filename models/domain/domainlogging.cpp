#include "domain/domainlogging.h"

namespace ops {
Q_LOGGING_CATEGORY(lcDomain, "ops.domain", QtWarningMsg)
} // namespace ops
