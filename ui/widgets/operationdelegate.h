#pragma once

// Paints operation rows: the state as a coloured badge, identifiers in a fixed-width font, the
// window countdown red when the model marks it urgent. Reads only the model's roles.

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

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    void paintBadge(QPainter *painter, const QStyleOptionViewItem &option,
                    const QModelIndex &index) const;
};

} // namespace ops::ui
