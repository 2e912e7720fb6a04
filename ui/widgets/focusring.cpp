#include "widgets/focusring.h"

#include <QWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

void applyFocusRing(QWidget *window)
{
    const QString ring = kFocusRingColor.name();
    // Every push button gets the same box, so a button turning default or taking the keyboard
    // changes colour, never size (a size change after layout would clip its text).
    const QString rule =
        u"QPushButton { border: 2px solid palette(mid); border-radius: 4px; padding: 3px 12px; "
        "background: palette(button); min-height: 1.3em; }\n"
        "QPushButton:disabled { color: palette(mid); }\n"
        "QPushButton:default, QPushButton:focus { border-color: %1; }"_s.arg(ring);
    if (!window->styleSheet().contains(rule))
        window->setStyleSheet(window->styleSheet() + u'\n' + rule);
}

} // namespace ops::ui
