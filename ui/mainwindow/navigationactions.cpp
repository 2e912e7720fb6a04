#include "mainwindow/navigationactions.h"

#include "dialogs/shortcutsdialog.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/supervisorpresenter.h"
#include "supervisor/supervisorwindow.h"
#include "widgets/operationlistview.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QTabWidget>

using namespace Qt::StringLiterals;

namespace ops::ui {

NavigationActions::NavigationActions(MainWindow &frame)
    : QObject(&frame)
    , m_frame(frame)
{}

void NavigationActions::buildFileMenu()
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
    connect(m_quitAction, &QAction::triggered, &m_frame, &QWidget::close);
    m_frame.addAction(m_quitAction);
    QMenu *file = m_frame.menuBar()->addMenu(tr("&File"));
    file->setObjectName(u"fileMenu"_s);
    file->addAction(m_quitAction);
}

void NavigationActions::buildTabActions(QMenu *view)
{
    view->addSeparator();
    for (const ConsoleTabs::TabKey &entry : ConsoleTabs::tabKeys()) {
        auto *action = new QAction(entry.text, this);
        action->setObjectName(u"tabAction%1"_s.arg(int(entry.tab)));
        action->setShortcut(entry.key);
        connect(action, &QAction::triggered, this, [this, tab = entry.tab] {
            if (QWidget *page = m_frame.tabPage(tab))
                m_frame.tabs()->setCurrentWidget(page);
        });
        if (m_tabActions.size() <= entry.tab)
            m_tabActions.resize(entry.tab + 1);
        m_tabActions[entry.tab] = action;
        m_frame.addAction(action);
        view->addAction(action);
    }
    update();
}

void NavigationActions::update()
{
    // A hidden action's key does nothing and Help → Keyboard shortcuts leaves it out.
    for (qsizetype tab = 0; tab < m_tabActions.size(); ++tab) {
        if (QAction *action = m_tabActions.at(tab)) {
            const bool present = m_frame.tabPage(ConsoleTabs::TabIndex(tab)) != nullptr;
            action->setVisible(present);
            action->setEnabled(present);
        }
    }
}

void NavigationActions::buildKeyboardActions(QMenu *view)
{
    auto *next = new QAction(tr("&Next tab"), this);
    next->setObjectName(u"nextTabAction"_s);
    next->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Tab)});
    // Round the tabs, either way.
    const auto step = [this](int by) {
        QTabWidget *tabs = m_frame.tabs();
        tabs->setCurrentIndex((tabs->currentIndex() + tabs->count() + by) % tabs->count());
    };
    connect(next, &QAction::triggered, this, [step] { step(1); });
    auto *previous = new QAction(tr("&Previous tab"), this);
    previous->setObjectName(u"previousTabAction"_s);
    // Shift+Tab arrives as Backtab; both spellings, whatever the platform sends.
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)});
    connect(previous, &QAction::triggered, this, [step] { step(-1); });
    m_frame.addActions({next, previous});
    view->addSeparator();
    view->addActions({next, previous});

    QMenu *help = m_frame.menuBar()->addMenu(tr("&Help"));
    help->setObjectName(u"helpMenu"_s);
    m_shortcutsAction = help->addAction(tr("&Keyboard shortcuts…"));
    m_shortcutsAction->setObjectName(u"shortcutsAction"_s);
    m_shortcutsAction->setShortcut(QKeySequence::HelpContents);
    connect(m_shortcutsAction, &QAction::triggered, this, [this] { openShortcutsDialog(); });
    m_frame.addAction(m_shortcutsAction);
}

ShortcutsDialog *NavigationActions::openShortcutsDialog()
{
    QList<ShortcutsDialog::Entry> extra = OperationListView::keyHints();
    const bool audit = m_frame.supervision()->auditAllowed();
    for (const QKeySequence &key : audit ? SupervisorWindow::closeKeys() : QList<QKeySequence>{})
        extra.append({tr("Close the audit window"), key.toString(QKeySequence::NativeText)});
    // Only what this operator may do: keys of actions their rights deny are left out.
    QList<QAction *> allowed;
    for (QAction *action : m_frame.actions()) {
        const auto right = m_frame.rightOf(action);
        if (!right || m_frame.access().rights.testFlag(*right))
            allowed.append(action);
    }
    auto *dialog = new ShortcutsDialog(allowed, extra, &m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

} // namespace ops::ui
