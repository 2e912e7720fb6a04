#include "mainwindow/consoletabs.h"

#include "mainwindow/mainwindow.h"

namespace ops::ui {

// The texts stay MainWindow's: the View menu is the window's.
QList<ConsoleTabs::TabKey> ConsoleTabs::tabKeys()
{
    return {{OperationsTab, MainWindow::tr("&Operations"), QKeySequence(Qt::CTRL | Qt::Key_1)},
            {CheckingTab, MainWindow::tr("&Checking queue"), QKeySequence(Qt::CTRL | Qt::Key_2)},
            {AttentionTab, MainWindow::tr("&Attention queue"), QKeySequence(Qt::CTRL | Qt::Key_3)},
            {ApprovalsTab, MainWindow::tr("Appro&vals"), QKeySequence(Qt::CTRL | Qt::Key_4)}};
}

} // namespace ops::ui
