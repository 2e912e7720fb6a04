#pragma once

#include <QLoggingCategory>

namespace ops {
Q_DECLARE_LOGGING_CATEGORY(lcStore)
} // namespace ops
