#pragma once

// Getting around the console window by keyboard (issue 18 item 11, issue 31 item 8): File →
// Quit, the View menu's tab actions from the one tab table (ConsoleTabs::tabKeys), Ctrl+Tab and
// Ctrl+Shift+Tab through the tabs, and Help → Keyboard shortcuts, generated from the window's
// actions as they are when it opens.

#include "mainwindow/consoletabs.h"

#include <QObject>

class QAction;
class QMenu;

namespace ops::ui {

class MainWindow;
class ShortcutsDialog;

class NavigationActions final : public QObject
{
    Q_OBJECT
public:
    explicit NavigationActions(MainWindow &frame);

    // The menus in the menu bar's order: File first; the tab actions into View; then the next
    // and previous tab into View and Help last.
    void buildFileMenu();
    void buildTabActions(QMenu *view);
    void buildKeyboardActions(QMenu *view);
    // Shows the action of each tab the window has, and hides the others (their keys then do
    // nothing and Help leaves them out).
    void update();

    // View → the tab's action; hidden while the tab is missing.
    QAction *tabAction(ConsoleTabs::TabIndex tab) const { return m_tabActions.value(tab); }
    // File → Quit (the platform's Quit key, and Ctrl+Q wherever the platform binds none):
    // closes the window as its close button does, so a close event is sent and may be refused.
    QAction *quitAction() const { return m_quitAction; }
    QAction *shortcutsAction() const { return m_shortcutsAction; }
    // Help → Keyboard shortcuts: the keys of every action this operator may take, read now.
    ShortcutsDialog *openShortcutsDialog();

private:
    MainWindow &m_frame;
    QAction *m_quitAction = nullptr;
    QAction *m_shortcutsAction = nullptr;
    QList<QAction *> m_tabActions; // by TabIndex
};

} // namespace ops::ui
