#include "widgets/operationdelegate.h"

#include "common/teamtext.h"
#include "itemmodels/operationtablemodel.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QFontDatabase>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

using namespace Qt::StringLiterals;

namespace ops::ui {

std::pair<QColor, QColor> OperationDelegate::badgeColors(const QString &state)
{
    if (state == u"unknown"_s)
        return {QColor(0xff, 0xe0, 0xb2), QColor(0x8a, 0x4b, 0x00)};
    if (state == u"open"_s)
        return {QColor(0xd6, 0xe6, 0xff), QColor(0x0b, 0x3d, 0x91)};
    if (state == u"pending"_s) // accepted, money not arrived: not the green of succeeded
        return {QColor(0xed, 0xe7, 0xf6), QColor(0x45, 0x27, 0xa0)};
    if (state == u"succeeded"_s)
        return {QColor(0xd4, 0xf4, 0xdd), QColor(0x13, 0x6c, 0x2e)};
    if (state == u"failed"_s)
        return {QColor(0xfd, 0xd8, 0xd8), QColor(0xa1, 0x1b, 0x1b)};
    return {QColor(0xe8, 0xe8, 0xe8), QColor(0x33, 0x33, 0x33)};
}

void OperationDelegate::initStyleOption(QStyleOptionViewItem *option,
                                        const QModelIndex &index) const
{
    QStyledItemDelegate::initStyleOption(option, index);
    if (index.data(OperationTableModel::MonospaceRole).toBool()) {
        QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        mono.setPointSizeF(option->font.pointSizeF());
        option->font = mono;
    }
    // A marker reads from its start ("bob is resending", "approval #12 …"): cut at the end.
    if (index.column() == OperationTableModel::WaitingColumn)
        option->textElideMode = Qt::ElideRight;
    if (index.column() == OperationTableModel::WindowLeftColumn &&
        index.data(OperationTableModel::UrgentRole).toBool()) {
        option->palette.setColor(QPalette::Text, QColor(0xc6, 0x28, 0x28));
        option->palette.setColor(QPalette::HighlightedText, QColor(0xff, 0xd0, 0xd0));
        option->font.setBold(true);
    }
}

namespace {

LateReason lateOf(const QModelIndex &index)
{
    return LateReason(index.data(OperationTableModel::LateRole).toInt());
}

bool showsLate(const QModelIndex &index)
{
    return index.column() == OperationTableModel::WindowLeftColumn &&
           lateOf(index) != LateReason::None;
}

} // namespace

void OperationDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const
{
    if (showsLate(index)) {
        paintLate(painter, option, index);
        return;
    }
    if (index.column() != OperationTableModel::StateColumn) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // Background and selection as usual, then the badge on top instead of the text.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    paintBadge(painter, option, index);
}

namespace {

// A badge's text: bold, a little smaller than the cell's.
QFont badgeFont(const QFont &cellFont)
{
    QFont font = cellFont;
    font.setBold(true);
    font.setPointSizeF(font.pointSizeF() * 0.9);
    return font;
}

} // namespace

int OperationDelegate::badgeCellWidth(const QFont &cellFont, const QString &text)
{
    return QFontMetrics(badgeFont(cellFont)).horizontalAdvance(text) + 14 + 8;
}

QColor OperationDelegate::lateColor()
{
    return QColor(0xc6, 0x28, 0x28);
}

int OperationDelegate::lateBadgeWidth(const QFont &cellFont)
{
    return QFontMetrics(cellFont).height() + 10;
}

QString OperationDelegate::toolTipFor(const QModelIndex &index)
{
    const QString own = index.data(Qt::ToolTipRole).toString();
    if (!showsLate(index))
        return own;
    const auto *model = qobject_cast<const OperationTableModel *>(index.model());
    const ServiceTargets targets = model ? model->filter().targets : ServiceTargets();
    const QString late = tr("Late: %1.").arg(lateText(lateOf(index), targets));
    return own.isEmpty() ? late : late + u'\n' + own;
}

bool OperationDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                  const QStyleOptionViewItem &option, const QModelIndex &index)
{
    if (event->type() != QEvent::ToolTip || !showsLate(index))
        return QStyledItemDelegate::helpEvent(event, view, option, index);
    QToolTip::showText(event->globalPos(), toolTipFor(index), view);
    return true;
}

void OperationDelegate::paintLate(QPainter *painter, const QStyleOptionViewItem &option,
                                  const QModelIndex &index) const
{
    // Background and selection over the whole cell, the countdown in what the mark leaves.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QString text = opt.text;
    opt.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);
    const int markWidth = qMin(lateBadgeWidth(option.font), option.rect.width());
    opt.text = text;
    opt.rect.setRight(option.rect.right() - markWidth);
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

    // The mark: a red clock face, the same in every language (the tooltip says which target).
    const int size = qMin(option.rect.height() - 8, QFontMetrics(option.font).height());
    const QRectF face(option.rect.right() - markWidth + (markWidth - size) / 2.0,
                      option.rect.center().y() - size / 2.0 + 1, size, size);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setPen(Qt::NoPen);
    painter->setBrush(lateColor());
    painter->drawEllipse(face);
    QPen hands(Qt::white, qMax(1.5, size / 9.0), Qt::SolidLine, Qt::RoundCap);
    painter->setPen(hands);
    const QPointF centre = face.center();
    painter->drawLine(centre, centre - QPointF(0, size * 0.32));
    painter->drawLine(centre, centre + QPointF(size * 0.24, 0));
    painter->restore();
}

void OperationDelegate::paintBadge(QPainter *painter, const QStyleOptionViewItem &option,
                                   const QModelIndex &index) const
{
    const QString text = index.data(Qt::DisplayRole).toString();
    const auto [background, foreground] =
        badgeColors(index.data(OperationTableModel::BadgeRole).toString());
    const QFont font = badgeFont(option.font);
    const QFontMetrics metrics(font);
    const int height = qMin(option.rect.height() - 4, metrics.height() + 4);
    const int width = qMin(option.rect.width() - 8, badgeCellWidth(option.font, text) - 8);
    const QRect badge(option.rect.left() + 4, option.rect.center().y() - height / 2 + 1, width,
                      height);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QPainterPath path;
    path.addRoundedRect(badge, height / 2.0, height / 2.0);
    painter->fillPath(path, background);
    painter->setPen(foreground);
    painter->setFont(font);
    painter->drawText(badge, Qt::AlignCenter,
                      metrics.elidedText(text, Qt::ElideRight, badge.width() - 8));
    painter->restore();
}

QSize OperationDelegate::sizeHint(const QStyleOptionViewItem &option,
                                  const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    if (index.column() == OperationTableModel::StateColumn)
        size.rwidth() += 16;
    return size;
}

} // namespace ops::ui
