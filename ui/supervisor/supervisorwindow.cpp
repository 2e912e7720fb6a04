#include "supervisorwindow.h"

#include "auditview.h"
#include "chartsview.h"

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
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (index == ChartsTab)
            m_charts->reload();
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_tabs);
    resize(1280, 800);
}

} // namespace ops::ui
