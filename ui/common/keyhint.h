#pragma once

// One row of Help → Keyboard shortcuts: what a key does and the key. The window reads its actions
// (dialogs/shortcutsdialog.h); the widgets that handle keys themselves list theirs as KeyHints,
// so they need not know the dialog.

#include <QString>

namespace ops::ui {

struct KeyHint
{
    QString what; // the action's text without mnemonics and ellipsis
    QString keys; // NativeText, several joined with ", "
};

} // namespace ops::ui
