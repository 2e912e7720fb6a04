// MainWindow's keyboard extras (issue 18, item 11): Ctrl+Tab / Ctrl+Shift+Tab through the list
// tabs, and Help → Keyboard shortcuts, generated from the window's actions.

#include "dialogs/shortcutsdialog.h"
#include "mainwindow/mainwindow.h"
#include "supervisor/supervisorwindow.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

void MainWindow::buildKeyboardActions(QMenu *view)
{
    auto *next = new QAction(tr("&Next tab"), this);
    next->setObjectName(u"nextTabAction"_s);
    next->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    connect(next, &QAction::triggered, this,
            [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count()); });
    auto *previous = new QAction(tr("&Previous tab"), this);
    previous->setObjectName(u"previousTabAction"_s);
    // Shift+Tab arrives as Backtab; both spellings, whatever the platform sends.
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)});
    connect(previous, &QAction::triggered, this, [this] {
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
    QMainWindow::addActions({next, previous});
    view->addSeparator();
    view->addActions({next, previous});

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(u"helpMenu"_s);
    m_shortcutsAction = help->addAction(tr("&Keyboard shortcuts…"));
    m_shortcutsAction->setObjectName(u"shortcutsAction"_s);
    m_shortcutsAction->setShortcut(QKeySequence::HelpContents);
    connect(m_shortcutsAction, &QAction::triggered, this, [this] { openShortcutsDialog(); });
    QMainWindow::addAction(m_shortcutsAction);
}

ShortcutsDialog *MainWindow::openShortcutsDialog()
{
    QList<ShortcutsDialog::Entry> extra = OperationListView::keyHints();
    for (const QKeySequence &key : SupervisorWindow::closeKeys())
        extra.append({tr("Close the audit window"), key.toString(QKeySequence::NativeText)});
    auto *dialog = new ShortcutsDialog(actions(), extra, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

} // namespace ops::ui
