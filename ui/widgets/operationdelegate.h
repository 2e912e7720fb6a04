#pragma once

// Paints operation rows: the state as a coloured badge, identifiers in a fixed-width font, the
// window countdown red when the model marks it urgent, and a red clock mark beside it when the
// row is past a service target (DESIGN §18, "late"), whose tooltip says which. Reads only the
// model's roles, and the targets of its filter for that tooltip.

#include <QStyledItemDelegate>

namespace ops::ui {

class OperationDelegate final : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // Badge colours per state (background, text).
    static std::pair<QColor, QColor> badgeColors(const QString &state);
    // The cell width a badge reading `text` needs in a cell of `cellFont`, margins included.
    static int badgeCellWidth(const QFont &cellFont, const QString &text);
    // The width the late mark takes at the end of a Window left cell of `cellFont`, and its
    // colour.
    static int lateBadgeWidth(const QFont &cellFont);
    static QColor lateColor();
    // The tooltip of `index`: for a late row's Window left cell which target it is past ("no
    // owner after 1 h") above the model's own tooltip; else the model's.
    static QString toolTipFor(const QModelIndex &index);

    bool helpEvent(QHelpEvent *event, QAbstractItemView *view, const QStyleOptionViewItem &option,
                   const QModelIndex &index) override;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    void paintBadge(QPainter *painter, const QStyleOptionViewItem &option,
                    const QModelIndex &index) const;
    // The countdown left of the late mark, the mark at the cell's end.
    void paintLate(QPainter *painter, const QStyleOptionViewItem &option,
                   const QModelIndex &index) const;
};

} // namespace ops::ui
