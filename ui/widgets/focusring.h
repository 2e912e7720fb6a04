#pragma once

// A visible focus ring (issue 18): the default button of every dialog, and whichever button has
// the keyboard, get a 2 px blue outline, so Enter's target is always visible. Set once on a
// window; style sheets cascade to its children, dialogs included.

#include <QColor>

class QWidget;

namespace ops::ui {

inline constexpr QColor kFocusRingColor{0x1a, 0x5f, 0xb4};

void applyFocusRing(QWidget *window);

} // namespace ops::ui
