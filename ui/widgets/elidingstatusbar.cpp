#include "widgets/elidingstatusbar.h"

#include <QPainter>
#include <QSizeGrip>
#include <QStyleOption>

namespace ops::ui {

namespace {
constexpr int kGap = 12; // between the message and the first permanent widget

// The bar's visible items (its permanent and normal widgets), without the size grip.
QList<QWidget *> visibleItems(const QStatusBar &bar)
{
    QList<QWidget *> items;
    for (QWidget *child : bar.findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
        if (child->isVisible() && !qobject_cast<QSizeGrip *>(child))
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
    const QString message = currentMessage();
    if (message.isEmpty())
        return;
    const QRect area = messageArea();
    p.setPen(palette().windowText().color());
    p.drawText(area, Qt::AlignLeading | Qt::AlignVCenter | Qt::TextSingleLine,
               fontMetrics().elidedText(message, Qt::ElideRight, area.width()));
}

} // namespace ops::ui
