#pragma once

// One way to make a console window's keyed action: its keys, its tip with the first key in
// brackets as the tooltip, and its keys working wherever the focus is in the window.

#include <QAction>
#include <QKeySequence>
#include <QList>
#include <QString>

class QWidget;

namespace ops::ui {

// The action belongs to `parent`, which may be the window itself or a presenter of it.
QAction *addWindowAction(QWidget &window, QObject *parent, const QString &text,
                         const QList<QKeySequence> &keys, const QString &tip);

// The same, calling `slot` of `owner` (its parent) when triggered.
template<typename Owner, typename Slot>
QAction *addWindowAction(QWidget &window, Owner *owner, const QString &text,
                         const QList<QKeySequence> &keys, const QString &tip, Slot slot)
{
    QAction *action = addWindowAction(window, owner, text, keys, tip);
    QObject::connect(action, &QAction::triggered, owner, slot);
    return action;
}

} // namespace ops::ui
