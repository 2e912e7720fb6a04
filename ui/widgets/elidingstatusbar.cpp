#include "widgets/elidingstatusbar.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QSizeGrip>
#include <QStyleOption>
#include <QToolTip>
#include <algorithm>

namespace ops::ui {

namespace {
constexpr int kGap = 12;    // between the message and the first permanent widget
constexpr int kSpacing = 6; // QStatusBar's spacing between its items

// The bar's visible items (its permanent and normal widgets), without the size grip and without
// windows parented to the bar: the tooltip showing the whole message is one, and counting it
// would shrink the message's area to where the tooltip happens to be.
QList<QWidget *> visibleItems(const QStatusBar &bar)
{
    QList<QWidget *> items;
    for (QWidget *child : bar.findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (child->isVisible() && !child->isWindow() && !qobject_cast<QSizeGrip *>(child))
            items.append(child);
    }
    return items;
}
} // namespace

ElidingLabel::ElidingLabel(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(false);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

QSize ElidingLabel::minimumSizeHint() const
{
    const QSize full = QLabel::minimumSizeHint();
    return {qMin(full.width(), fontMetrics().horizontalAdvance(u'M') * 6), full.height()};
}

QSize ElidingLabel::sizeHint() const
{
    const QSize full = QLabel::sizeHint();
    return {qMax(qMin(full.width(), m_widthCap), minimumSizeHint().width()), full.height()};
}

int ElidingLabel::fullWidth() const
{
    return QLabel::sizeHint().width();
}

void ElidingLabel::setWidthCap(int cap)
{
    if (cap == m_widthCap)
        return; // no new layout: the status bar's LayoutRequest pass ends here
    m_widthCap = cap;
    updateGeometry();
}

bool ElidingLabel::isElided() const
{
    return fontMetrics().horizontalAdvance(text()) > contentsRect().width();
}

bool ElidingLabel::event(QEvent *event)
{
    if (event->type() != QEvent::ToolTip || !isElided())
        return QLabel::event(event);
    const QString own = toolTip();
    QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(),
                       own.isEmpty() ? text() : text() + u"\n\n" + own, this);
    return true;
}

void ElidingLabel::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    const QRect area = contentsRect();
    const QString shown = fontMetrics().elidedText(text(), Qt::ElideRight, area.width());
    style()->drawItemText(&p, area, int(alignment()) | Qt::TextSingleLine, palette(), isEnabled(),
                          shown, foregroundRole());
}

ElidingStatusBar::ElidingStatusBar(QWidget *parent)
    : QStatusBar(parent)
{
    setSizeGripEnabled(false);
    connect(this, &QStatusBar::messageChanged, this, &ElidingStatusBar::updateToolTip);
}

QString ElidingStatusBar::shownMessage() const
{
    return fontMetrics().elidedText(currentMessage(), Qt::ElideRight, messageArea().width());
}

void ElidingStatusBar::updateToolTip()
{
    const QString message = currentMessage();
    setToolTip(shownMessage() == message ? QString() : message);
}

void ElidingStatusBar::capPermanentTexts()
{
    QList<ElidingLabel *> labels;
    int budget = width() - width() / 3;
    for (QWidget *item : visibleItems(*this)) {
        budget -= kSpacing;
        auto *label = qobject_cast<ElidingLabel *>(item);
        if (label && label->minimumWidth() < label->fullWidth()) {
            labels.append(label);
            continue;
        }
        // A label whose minimum width holds its whole text is kept whole on purpose (the
        // identity line): it is not capped, and it takes its width off the others'.
        if (label)
            label->setWidthCap(QWIDGETSIZE_MAX);
        budget -= qMax(item->sizeHint().width(), item->minimumWidth());
    }
    std::sort(labels.begin(), labels.end(), [](const ElidingLabel *a, const ElidingLabel *b) {
        return a->fullWidth() < b->fullWidth();
    });
    for (qsizetype i = 0; i < labels.size(); ++i) {
        ElidingLabel *label = labels.at(i);
        const int fair = qMax(0, budget) / int(labels.size() - i);
        label->setWidthCap(label->fullWidth() <= fair ? QWIDGETSIZE_MAX : fair);
        budget -= qMin(label->fullWidth(), fair);
    }
}

bool ElidingStatusBar::event(QEvent *event)
{
    // The permanent widgets may have moved since the message was set (a busy text appeared):
    // the tooltip is decided again as it is asked for. A permanent text that changed or was
    // shown or hidden asks for a new layout (LayoutRequest): the caps are decided again.
    if (event->type() == QEvent::ToolTip)
        updateToolTip();
    const bool handled = QStatusBar::event(event);
    if (event->type() == QEvent::LayoutRequest)
        capPermanentTexts();
    return handled;
}

void ElidingStatusBar::resizeEvent(QResizeEvent *event)
{
    capPermanentTexts();
    QStatusBar::resizeEvent(event);
    updateToolTip();
}

QRect ElidingStatusBar::messageArea() const
{
    int right = width() - kGap;
    for (const QWidget *item : visibleItems(*this))
        right = qMin(right, item->x() - kGap);
    return {6, 0, qMax(0, right - 6), height()};
}

void ElidingStatusBar::paintEvent(QPaintEvent *)
{
    // QStatusBar::paintEvent, with the message elided into messageArea().
    QPainter p(this);
    QStyleOption panel;
    panel.initFrom(this);
    style()->drawPrimitive(QStyle::PE_PanelStatusBar, &panel, &p, this);
    for (QWidget *item : visibleItems(*this)) {
        QStyleOption frame;
        frame.rect = item->geometry().adjusted(-2, -1, 2, 1);
        frame.palette = palette();
        frame.state = QStyle::State_None;
        style()->drawPrimitive(QStyle::PE_FrameStatusBarItem, &frame, &p, item);
    }
    if (currentMessage().isEmpty())
        return;
    p.setPen(palette().windowText().color());
    p.drawText(messageArea(), Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine,
               shownMessage());
}

} // namespace ops::ui
