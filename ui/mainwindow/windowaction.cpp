#include "mainwindow/windowaction.h"

#include <QAction>
#include <QWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

QAction *addWindowAction(QWidget &window, QObject *parent, const QString &text,
                         const QList<QKeySequence> &keys, const QString &tip)
{
    auto *action = new QAction(text, parent);
    action->setShortcuts(keys);
    action->setShortcutContext(Qt::WindowShortcut);
    const QString shortcut =
        keys.isEmpty() ? QString()
                       : u" ("_s + keys.first().toString(QKeySequence::NativeText) + u")"_s;
    action->setToolTip(tip + shortcut);
    action->setStatusTip(tip);
    window.addAction(action);
    return action;
}

} // namespace ops::ui
