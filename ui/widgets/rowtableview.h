#pragma once

// A read-only list of rows as the console's panels show one: whole rows selected one at a time,
// no wrapping, no row numbers, compact rows, the last column taking the rest, and the given
// column widths. Owned by `parent`.

#include <QString>
#include <initializer_list>

class QAbstractItemModel;
class QTableView;
class QWidget;

namespace ops::ui {

QTableView *rowTableView(QAbstractItemModel *model, const QString &objectName,
                         std::initializer_list<int> widths, QWidget *parent);

} // namespace ops::ui
