#include "mainwindow/consoletabs.h"

#include <QCoreApplication>

namespace ops::ui {

namespace {

// The texts stay in MainWindow's context: the View menu is the window's.
QString viewText(const char *text)
{
    return QCoreApplication::translate("ops::ui::MainWindow", text);
}

} // namespace

QList<ConsoleTabs::TabKey> ConsoleTabs::tabKeys()
{
    return {{OperationsTab, viewText(QT_TRANSLATE_NOOP("ops::ui::MainWindow", "&Operations")),
             QKeySequence(Qt::CTRL | Qt::Key_1)},
            {CheckingTab, viewText(QT_TRANSLATE_NOOP("ops::ui::MainWindow", "&Checking queue")),
             QKeySequence(Qt::CTRL | Qt::Key_2)},
            {AttentionTab, viewText(QT_TRANSLATE_NOOP("ops::ui::MainWindow", "&Attention queue")),
             QKeySequence(Qt::CTRL | Qt::Key_3)},
            {MineTab, viewText(QT_TRANSLATE_NOOP("ops::ui::MainWindow", "&Mine")),
             QKeySequence(Qt::CTRL | Qt::Key_5)},
            {ApprovalsTab, viewText(QT_TRANSLATE_NOOP("ops::ui::MainWindow", "Appro&vals")),
             QKeySequence(Qt::CTRL | Qt::Key_4)}};
}

} // namespace ops::ui
