// MainWindow's keyboard extras (issue 18, item 11; issue 31, item 8): File → Quit, the View
// menu's tab actions from the one tab table (tabKeys), Ctrl+Tab / Ctrl+Shift+Tab through the
// tabs, and Help → Keyboard shortcuts, generated from the window's actions.

#include "dialogs/shortcutsdialog.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/eventspresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/supervisorpresenter.h"
#include "supervisor/approvalspanel.h"
#include "supervisor/supervisorwindow.h"
#include "widgets/attentionpanel.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

QList<MainWindow::TabKey> MainWindow::tabKeys()
{
    return {{OperationsTab, tr("&Operations"), QKeySequence(Qt::CTRL | Qt::Key_1)},
            {CheckingTab, tr("&Checking queue"), QKeySequence(Qt::CTRL | Qt::Key_2)},
            {AttentionTab, tr("&Attention queue"), QKeySequence(Qt::CTRL | Qt::Key_3)},
            {ApprovalsTab, tr("Appro&vals"), QKeySequence(Qt::CTRL | Qt::Key_4)}};
}

QWidget *MainWindow::tabPage(TabIndex tab) const
{
    switch (tab) {
    case OperationsTab:
        return m_operationsView;
    case CheckingTab:
        return m_checkingView;
    case AttentionTab:
        return m_events ? m_events->panel() : nullptr;
    case ApprovalsTab:
        return m_decisions ? m_decisions->approvalsPanel() : nullptr;
    }
    return nullptr;
}

void MainWindow::buildFileMenu()
{
    m_quitAction = new QAction(tr("&Quit"), this);
    m_quitAction->setObjectName(u"quitAction"_s);
    m_quitAction->setMenuRole(QAction::QuitRole);
    // The platform's Quit key, and Ctrl+Q where the platform binds none (Windows, offscreen).
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::Quit);
    const QKeySequence ctrlQ(Qt::CTRL | Qt::Key_Q);
    if (!keys.contains(ctrlQ))
        keys.append(ctrlQ);
    m_quitAction->setShortcuts(keys);
    m_quitAction->setStatusTip(tr("Close the console"));
    // close(), as the window's close button: closeEvent decides, and may keep the window open.
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);
    QMainWindow::addAction(m_quitAction);
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(u"fileMenu"_s);
    file->addAction(m_quitAction);
}

void MainWindow::buildTabActions(QMenu *view)
{
    view->addSeparator();
    for (const TabKey &entry : tabKeys()) {
        auto *action = new QAction(entry.text, this);
        action->setObjectName(u"tabAction%1"_s.arg(int(entry.tab)));
        action->setShortcut(entry.key);
        connect(action, &QAction::triggered, this, [this, tab = entry.tab] {
            if (QWidget *page = tabPage(tab))
                m_tabs->setCurrentWidget(page);
        });
        if (m_tabActions.size() <= entry.tab)
            m_tabActions.resize(entry.tab + 1);
        m_tabActions[entry.tab] = action;
        QMainWindow::addAction(action);
        view->addAction(action);
    }
    updateTabActions();
}

void MainWindow::updateTabActions()
{
    // A hidden action's key does nothing and Help → Keyboard shortcuts leaves it out.
    for (qsizetype tab = 0; tab < m_tabActions.size(); ++tab) {
        if (QAction *action = m_tabActions.at(tab)) {
            const bool present = tabPage(TabIndex(tab)) != nullptr;
            action->setVisible(present);
            action->setEnabled(present);
        }
    }
}

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
    for (const QKeySequence &key :
         m_supervision->auditAllowed() ? SupervisorWindow::closeKeys() : QList<QKeySequence>{})
        extra.append({tr("Close the audit window"), key.toString(QKeySequence::NativeText)});
    // Only what this operator may do: keys of actions their rights deny are left out.
    QList<QAction *> allowed;
    for (QAction *action : actions()) {
        const auto right = rightOf(action);
        if (!right || access().rights.testFlag(*right))
            allowed.append(action);
    }
    auto *dialog = new ShortcutsDialog(allowed, extra, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

} // namespace ops::ui
