#pragma once

// A status bar that fits a narrow window (1024 px and less): the temporary message is drawn
// elided ("…") up to a gap before the first permanent widget, instead of being cut off against
// it, and ElidingLabel, the permanent texts' label, gives up width down to a few characters,
// showing the rest elided; text() stays the whole text (and the tooltip shows it).

#include <QLabel>
#include <QStatusBar>

namespace ops::ui {

class ElidingLabel final : public QLabel
{
    Q_OBJECT
public:
    explicit ElidingLabel(QWidget *parent = nullptr);
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
};

class ElidingStatusBar final : public QStatusBar
{
    Q_OBJECT
public:
    explicit ElidingStatusBar(QWidget *parent = nullptr);
    // Where the message is drawn: from the left edge to a gap before the first visible widget.
    QRect messageArea() const;

protected:
    void paintEvent(QPaintEvent *event) override;
};

} // namespace ops::ui
