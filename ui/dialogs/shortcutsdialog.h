#pragma once

// Help → Keyboard shortcuts: every shortcut of the window, read from its actions when the dialog
// opens (so the list cannot drift from what the keys do), plus the keys the lists handle
// themselves (OperationListView::keyHints).

#include "common/keyhint.h"

#include <QDialog>

class QAction;
class QTableWidget;

namespace ops::ui {

class ShortcutsDialog final : public QDialog
{
    Q_OBJECT
public:
    using Entry = KeyHint;

    // `extra`: groups of keys that are not actions (list navigation, the audit window).
    ShortcutsDialog(const QList<QAction *> &actions, const QList<Entry> &extra,
                    QWidget *parent = nullptr);

    // The rows the dialog shows for `actions`: those with a shortcut, once each, in order.
    static QList<Entry> entriesFor(const QList<QAction *> &actions);
    QTableWidget *table() const { return m_table; }

private:
    QTableWidget *m_table = nullptr;
};

} // namespace ops::ui
