#pragma once

// The console window's tabs, in their order, and the one table of their View actions and keys.

#include <QKeySequence>
#include <QList>
#include <QString>

namespace ops::ui {

struct ConsoleTabs
{
    enum TabIndex
    {
        OperationsTab,
        CheckingTab,
        AttentionTab, // rows a provider event or the reconciler could not settle (§10)
        MineTab,      // the rows this person owns (DESIGN §18)
        ApprovalsTab  // last, and only while the operator has the Approve right
    };
    // One row of the tab table: the View menu's action for the tab, and its key.
    struct TabKey
    {
        TabIndex tab;
        QString text; // translated, with its mnemonic
        QKeySequence key;
    };
    // In the View menu's order, the tabs' own (consoletabs.cpp; NavigationActions builds the menu).
    // The View menu, the shortcuts and Help → Keyboard shortcuts all come from it; a tab the
    // window lacks has its action hidden. Mine came last and took Ctrl+5: the older tabs keep
    // their keys.
    static QList<TabKey> tabKeys();
};

} // namespace ops::ui
