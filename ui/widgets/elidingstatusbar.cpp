#include "widgets/elidingstatusbar.h"

#include <QEvent>
#include <QPainter>
#include <QSizeGrip>
#include <QStyleOption>

namespace ops::ui {

namespace {
constexpr int kGap = 12; // between the message and the first permanent widget

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

bool ElidingStatusBar::event(QEvent *event)
{
    // The permanent widgets may have moved since the message was set (a busy text appeared):
    // the tooltip is decided again as it is asked for.
    if (event->type() == QEvent::ToolTip)
        updateToolTip();
    return QStatusBar::event(event);
}

void ElidingStatusBar::resizeEvent(QResizeEvent *event)
{
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
