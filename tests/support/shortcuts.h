#pragma once

// A window shortcut pressed as a person presses it: the window is made the active one first
// (shortcuts with the window context fire only there), and the key goes to the widget that has
// the focus. Header-only: the suites that use it link Qt Widgets, the support library does not.

#include <QApplication>
#include <QTest>
#include <QWidget>

namespace ops::test {

inline void pressInWindow(QWidget &window, Qt::Key key, Qt::KeyboardModifiers modifiers)
{
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QWidget *focus = QApplication::focusWidget();
    QTest::keyClick(focus ? focus : &window, key, modifiers);
}

} // namespace ops::test
