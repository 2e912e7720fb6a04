#pragma once

#include <QLoggingCategory>

namespace ops {
Q_DECLARE_LOGGING_CATEGORY(lcHttp)
Q_DECLARE_LOGGING_CATEGORY(lcEngine)
Q_DECLARE_LOGGING_CATEGORY(lcStripe)
} // namespace ops
