#pragma once

// How large the main window opens (issue 50 item 9): never larger than the available area of its
// screen (QScreen::availableGeometry, without panels and docks). Without a window manager nobody
// else shrinks a window, so one larger than the screen leaves its filters and its status bar
// off-screen. Where it opens is the platform's: a window given no position is centred in that
// same area (QPlatformWindow::initialGeometry), so a window that fits is wholly on the screen.

#include <QSize>

class QScreen;

namespace ops::ui {

// The size the console asks for when the screen allows it: room for the list's columns and the
// detail pane.
inline constexpr QSize kPreferredWindowSize(1440, 900);

// The main window's size at first start on `screen`: the preferred size, bounded by the screen's
// available area (none: the preferred size).
QSize firstStartSize(const QScreen *screen);

} // namespace ops::ui
