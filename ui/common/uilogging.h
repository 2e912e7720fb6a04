#pragma once

#include <QLoggingCategory>

namespace ops::ui {
Q_DECLARE_LOGGING_CATEGORY(lcUi)
} // namespace ops::ui
