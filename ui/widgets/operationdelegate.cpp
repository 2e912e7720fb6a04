#include "widgets/operationdelegate.h"

#include "itemmodels/operationtablemodel.h"

#include <QApplication>
#include <QFontDatabase>
#include <QPainter>
#include <QPainterPath>

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

void OperationDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const
{
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
