#pragma once

// A status bar that fits a narrow window (1024 px and less): the temporary message is drawn
// elided ("…") up to a gap before the first permanent widget, instead of being cut off against
// it, and while it is elided the bar's tooltip is the whole message (issue 50 item 9: a message
// is never lost to the width). The permanent texts leave the message at least a third of the
// bar: ElidingLabel, their label, gives up width down to a few characters, showing the rest
// elided; text() stays the whole text, and while it is elided its tooltip shows it (followed by
// the label's own tooltip, if any).

#include <QLabel>
#include <QStatusBar>

namespace ops::ui {

class ElidingLabel final : public QLabel
{
    Q_OBJECT
public:
    explicit ElidingLabel(QWidget *parent = nullptr);
    QSize minimumSizeHint() const override;
    // The whole text's width, capped by setWidthCap(): what the label asks the layout for.
    QSize sizeHint() const override;
    // The width the whole text needs.
    int fullWidth() const;
    // The most width the label asks for (the status bar's share for it); QWIDGETSIZE_MAX: none.
    void setWidthCap(int cap);
    // Whether the text is drawn shortened ("…") at the label's current width.
    bool isElided() const;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;

private:
    int m_widthCap = QWIDGETSIZE_MAX;
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
    // Caps the visible ElidingLabels' widths so that the permanent items leave the message a
    // third of the bar; the shortest texts keep their whole width, the longest give up the most.
    void capPermanentTexts();
};

} // namespace ops::ui
