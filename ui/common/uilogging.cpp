#include "common/uilogging.h"

namespace ops::ui {
Q_LOGGING_CATEGORY(lcUi, "ops.ui", QtWarningMsg)
} // namespace ops::ui
