#include "widgets/modebanner.h"

#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QSizePolicy>
#include <QToolBar>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

struct BadgeLook
{
    QString text;
    QString colour;
};

BadgeLook lookOf(ConnectionMode mode)
{
    switch (mode) {
    case ConnectionMode::Test:
        return {ModeBanner::tr("TEST"), u"#1565c0"_s};
    case ConnectionMode::Simulator:
        return {ModeBanner::tr("SIMULATOR"), u"#6a1b9a"_s};
    case ConnectionMode::Live:
        return {ModeBanner::tr("LIVE"), u"#c62828"_s};
    case ConnectionMode::Unconfigured:
        break;
    }
    return {ModeBanner::tr("NOT CONNECTED"), u"#616161"_s};
}

} // namespace

ModeBanner::ModeBanner(QMainWindow &window)
    : QObject(&window)
{
    setObjectName(u"modeBanner"_s);
    m_badge = new QLabel(&window);
    m_badge->setObjectName(u"modeBadge"_s);
    m_badge->setContentsMargins(0, 0, 6, 0);
    window.menuBar()->setCornerWidget(m_badge, Qt::TopRightCorner);

    m_bar = new QToolBar(tr("Live mode"), &window);
    m_bar->setObjectName(u"liveBanner"_s);
    m_bar->setMovable(false);
    m_bar->setFloatable(false);
    m_bar->toggleViewAction()->setEnabled(false); // nobody hides it by a right click
    m_bar->setStyleSheet(u"QToolBar { background: #c62828; border: none; padding: 4px; }"_s);
    m_liveText = new QLabel(m_bar);
    m_liveText->setObjectName(u"liveBannerText"_s);
    m_liveText->setStyleSheet(u"color: white; font-weight: bold;"_s);
    m_liveText->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
    m_liveText->setAlignment(Qt::AlignCenter);
    m_bar->addWidget(m_liveText);
    // On a line of its own above every other toolbar: across the full width of the window.
    QToolBar *first = nullptr;
    for (auto *bar : window.findChildren<QToolBar *>(Qt::FindDirectChildrenOnly)) {
        if (bar != m_bar && window.toolBarArea(bar) == Qt::TopToolBarArea) {
            first = bar;
            break;
        }
    }
    if (first) {
        window.insertToolBar(first, m_bar);
        window.insertToolBarBreak(first);
    } else {
        window.addToolBar(Qt::TopToolBarArea, m_bar);
    }
    setMode(ConnectionMode::Unconfigured, {});
}

void ModeBanner::setMode(ConnectionMode mode, const QString &detail)
{
    m_mode = mode;
    const BadgeLook look = lookOf(mode);
    m_badge->setText(look.text);
    m_badge->setToolTip(detail);
    m_badge->setAccessibleName(tr("Mode: %1").arg(look.text));
    m_badge->setStyleSheet(
        u"QLabel { color: white; background: %1; border-radius: 3px; padding: 2px 8px; "
        "font-weight: bold; }"_s.arg(look.colour));
    const bool live = mode == ConnectionMode::Live;
    m_liveText->setText(live ? tr("LIVE — real money moves. %1").arg(detail) : QString());
    m_bar->setVisible(live);
}

} // namespace ops::ui
