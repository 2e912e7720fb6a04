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

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override;

private:
    void paintBadge(QPainter *painter, const QStyleOptionViewItem &option,
                    const QModelIndex &index) const;
};

} // namespace ops::ui
