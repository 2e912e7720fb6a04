#include "widgets/rowtableview.h"

#include <QHeaderView>
#include <QTableView>

namespace ops::ui {

QTableView *rowTableView(QAbstractItemModel *model, const QString &objectName,
                         std::initializer_list<int> widths, QWidget *parent)
{
    auto *table = new QTableView(parent);
    table->setObjectName(objectName);
    table->setModel(model);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::SingleSelection);
    table->setWordWrap(false);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(24);
    table->horizontalHeader()->setStretchLastSection(true);
    int column = 0;
    for (const int width : widths)
        table->setColumnWidth(column++, width);
    return table;
}

} // namespace ops::ui
