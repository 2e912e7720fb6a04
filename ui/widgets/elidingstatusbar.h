#pragma once

// A status bar that fits a narrow window (1024 px and less): the temporary message is drawn
// elided ("…") up to a gap before the first permanent widget, instead of being cut off against
// it, and while it is elided the bar's tooltip is the whole message (issue 50 item 9: a message
// is never lost to the width). ElidingLabel, the permanent texts' label, gives up width down to a
// few characters, showing the rest elided; text() stays the whole text (and the tooltip shows it).

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
    // The message as drawn: currentMessage(), elided at the right to fit messageArea().
    QString shownMessage() const;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // The tooltip is the whole message while it is elided, else none.
    void updateToolTip();
};

} // namespace ops::ui
