#pragma once

#include <QLoggingCategory>

namespace ops {
Q_DECLARE_LOGGING_CATEGORY(lcReconcile)
} // namespace ops
