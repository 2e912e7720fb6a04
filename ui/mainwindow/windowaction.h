#pragma once

// One way to make a console window's keyed action: its keys, its tip with the first key in
// brackets as the tooltip, and its keys working wherever the focus is in the window.

#include <QKeySequence>
#include <QList>
#include <QString>

class QAction;
class QWidget;

namespace ops::ui {

// The action belongs to `parent`, which may be the window itself or a presenter of it.
QAction *addWindowAction(QWidget &window, QObject *parent, const QString &text,
                         const QList<QKeySequence> &keys, const QString &tip);

} // namespace ops::ui
