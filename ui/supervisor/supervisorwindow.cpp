#include "supervisor/supervisorwindow.h"

#include "supervisor/auditview.h"
#include "supervisor/chartsview.h"
#include "supervisor/unmatchedeventsview.h"
#include "widgets/focusring.h"

#include <QAction>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

SupervisorWindow::SupervisorWindow(Session &session, QWidget *parent)
    : QWidget(parent, Qt::Window)
{
    setObjectName(u"supervisorWindow"_s);
    setWindowTitle(tr("Audit and charts"));
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(u"supervisorTabs"_s);
    m_audit = new AuditView(session, m_tabs);
    m_charts = new ChartsView(session, m_tabs);
    m_tabs->addTab(m_audit, tr("&Audit"));
    m_tabs->addTab(m_charts, tr("C&harts"));
    m_unmatched = new UnmatchedEventsView(session, m_tabs);
    m_tabs->addTab(m_unmatched, tr("&Unmatched events"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == ChartsTab)
            m_charts->reload();
        if (index == UnmatchedTab)
            m_unmatched->reload();
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_tabs);
    auto *close = new QAction(tr("Close the audit window"), this);
    close->setObjectName(u"closeAuditAction"_s);
    close->setShortcuts(closeKeys());
    close->setShortcutContext(Qt::WindowShortcut);
    connect(close, &QAction::triggered, this, &QWidget::close);
    auto *next = new QAction(tr("Next tab"), this);
    next->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Tab));
    connect(next, &QAction::triggered, this,
            [this] { m_tabs->setCurrentIndex((m_tabs->currentIndex() + 1) % m_tabs->count()); });
    auto *previous = new QAction(tr("Previous tab"), this);
    previous->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab),
                            QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)});
    connect(previous, &QAction::triggered, this, [this] {
        m_tabs->setCurrentIndex((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
    addActions({close, next, previous});
    applyFocusRing(this);
    resize(1280, 800);
}

QList<QKeySequence> SupervisorWindow::closeKeys()
{
    return {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::CTRL | Qt::Key_W)};
}

} // namespace ops::ui
