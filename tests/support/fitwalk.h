#pragma once

// The fit walk of tst_fitscreen (issue 31 item 5, issue 50 item 9): what in a shown window or
// dialog does not fit a 1024×700 screen, one line per offender, so a row lists them all at once.
// Content of scroll areas and item views scrolls by design and is skipped; the status bar's
// messages are elided by the console itself. Header-only: one suite uses it.

#include "support/screenshots.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QLabel>
#include <QStatusBar>
#include <QTabBar>
#include <QTest>
#include <QToolBar>
#include <QToolButton>

namespace ops::test::fit {

using namespace Qt::StringLiterals;

constexpr QSize kScreen(1024, 700);

inline bool fits(const QSize &s)
{
    return s.width() <= kScreen.width() && s.height() <= kScreen.height();
}

inline QString sizeText(const QSize &s)
{
    return u"%1×%2"_s.arg(s.width()).arg(s.height());
}

inline QString describe(const QWidget *w)
{
    QString name = w->objectName().isEmpty() ? QString::fromLatin1(w->metaObject()->className())
                                             : w->objectName();
    QString text;
    if (const auto *b = qobject_cast<const QAbstractButton *>(w))
        text = b->text();
    else if (const auto *l = qobject_cast<const QLabel *>(w))
        text = l->text();
    text.remove(u'&');
    if (text.size() > 60)
        text = text.left(57) + u"..."_s;
    return text.isEmpty() ? name : u"%1 \"%2\""_s.arg(name, text);
}

// Inside a scroll area's or an item view's viewport: its content scrolls by design.
inline bool scrolls(const QWidget *w, const QWidget *top)
{
    for (const QWidget *p = w->parentWidget(); p && p != top; p = p->parentWidget()) {
        const auto *area = qobject_cast<const QAbstractScrollArea *>(p->parentWidget());
        if (area && area->viewport() == p)
            return true;
    }
    return false;
}

inline bool inStatusBar(const QWidget *w)
{
    for (const QWidget *p = w; p; p = p->parentWidget())
        if (qobject_cast<const QStatusBar *>(p))
            return true;
    return false;
}

// Whether `button` shows text (a tool button may show its icon only).
inline bool showsText(const QAbstractButton *button)
{
    if (button->text().isEmpty())
        return false;
    const auto *tool = qobject_cast<const QToolButton *>(button);
    return !tool || tool->toolButtonStyle() != Qt::ToolButtonIconOnly || tool->icon().isNull();
}

// Where a too-large minimum comes from: from `top` down, the visible child with the widest (or
// tallest) minimum size hint at each level, so the report names the part to shorten.
inline QString widestChain(const QWidget *top, bool wide)
{
    QStringList chain;
    const QWidget *at = top;
    while (at) {
        const QWidget *next = nullptr;
        int most = 0;
        for (const QWidget *c : at->findChildren<QWidget *>(Qt::FindDirectChildrenOnly)) {
            if (c->isWindow() || !c->isVisible())
                continue;
            const QSize hint = c->minimumSizeHint().expandedTo(c->minimumSize());
            const int extent = wide ? hint.width() : hint.height();
            if (extent > most) {
                most = extent;
                next = c;
            }
        }
        if (next)
            chain << u"%1 (%2)"_s.arg(describe(next), QString::number(most));
        at = next;
    }
    return chain.join(u" > "_s);
}

// The current row's screenshot, screenshots/fit-<window>-<language>.png next to the binary, for
// a person to look at; '' for none.
inline QString &shotName()
{
    static QString name;
    return name;
}

// Everything in shown `top` that does not fit, one line each.
inline QStringList walk(QWidget *top)
{
    if (!shotName().isEmpty())
        top->grab().save(test::screenshotDir() + u"/fit-"_s + shotName() + u".png"_s);
    QStringList found;
    if (!fits(top->size())) {
        found << u"window %1 is %2"_s.arg(describe(top), sizeText(top->size()));
        if (top->width() > kScreen.width())
            found << u"  widest: "_s + widestChain(top, true);
        if (top->height() > kScreen.height())
            found << u"  tallest: "_s + widestChain(top, false);
    }
    // Against the screen, not only the window: a window larger than the screen names each part
    // that is off it.
    const QRect area = top->rect() & QRect(QPoint(0, 0), kScreen);
    const auto children = top->findChildren<QWidget *>();
    for (QWidget *w : children) {
        if (w->isWindow() || !w->isVisible() || scrolls(w, top))
            continue;
        const QRect r(w->mapTo(top, QPoint(0, 0)), w->size());
        if (!area.contains(r))
            found << u"%1 at (%2,%3) %4 reaches past the visible %5"_s.arg(
                describe(w), QString::number(r.x()), QString::number(r.y()), sizeText(r.size()),
                sizeText(area.size()));
        if (const auto *bar = qobject_cast<QTabBar *>(w)) {
            for (int i = 0; i < bar->count(); ++i)
                if (bar->isTabVisible(i) && !bar->rect().contains(bar->tabRect(i)))
                    found << u"tab \"%1\" is off its tab bar"_s.arg(bar->tabText(i).remove(u'&'));
        }
        if (auto *bar = qobject_cast<QToolBar *>(w)) {
            QStringList hidden;
            for (QAction *a : bar->actions())
                if (a->isVisible() && !a->isSeparator() && bar->widgetForAction(a) &&
                    !bar->widgetForAction(a)->isVisible())
                    hidden << a->iconText();
            if (!hidden.isEmpty())
                found << u"toolbar %1 (%2 px wide, needs %3) hides behind its » button: %4"_s.arg(
                    describe(bar), QString::number(bar->width()),
                    QString::number(bar->sizeHint().width()), hidden.join(u", "_s));
        }
        if (const auto *b = qobject_cast<QAbstractButton *>(w); b && showsText(b)) {
            if (b->sizeHint().width() > b->width())
                found << u"%1 text is clipped: needs %2 px, has %3"_s.arg(
                    describe(w), QString::number(b->sizeHint().width()),
                    QString::number(b->width()));
        } else if (const auto *l = qobject_cast<QLabel *>(w);
                   l && !l->wordWrap() && !l->text().isEmpty() && !inStatusBar(l) &&
                   l->sizeHint().width() > l->width()) {
            found << u"%1 is cut: needs %2 px, has %3"_s.arg(
                describe(w), QString::number(l->sizeHint().width()), QString::number(l->width()));
        } else if (l && l->wordWrap() && !l->text().isEmpty() &&
                   l->height() < l->heightForWidth(l->width())) {
            // A wrapped label's last lines are cut when it is shorter than its text needs.
            found << u"%1 is cut: needs %2 px of height, has %3"_s.arg(
                describe(w), QString::number(l->heightForWidth(l->width())),
                QString::number(l->height()));
        }
    }
    return found;
}

inline void settle()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::processEvents();
        QTest::qWait(20);
    }
}

// A dialog as it opens: its size hints must fit; then walked at the size it has, capped at the
// screen (a dialog larger than the screen is reported and walked at the screen's size).
inline QStringList walkDialog(QDialog *dialog)
{
    QStringList found;
    if (!dialog->isVisible())
        dialog->show();
    settle();
    if (!fits(dialog->minimumSizeHint()))
        found << u"dialog %1 minimum size hint is %2"_s.arg(describe(dialog),
                                                            sizeText(dialog->minimumSizeHint()));
    if (!fits(dialog->sizeHint()))
        found << u"dialog %1 size hint is %2"_s.arg(describe(dialog), sizeText(dialog->sizeHint()));
    if (!fits(dialog->size())) {
        found << u"dialog %1 opens at %2"_s.arg(describe(dialog), sizeText(dialog->size()));
        dialog->resize(dialog->size().boundedTo(kScreen));
        settle();
    }
    return found + walk(dialog);
}

inline QStringList walkWindow(QWidget *window)
{
    window->resize(kScreen);
    window->show();
    settle();
    QStringList found;
    if (!fits(window->minimumSizeHint()))
        found << u"window %1 minimum size hint is %2"_s.arg(describe(window),
                                                            sizeText(window->minimumSizeHint()));
    return found + walk(window);
}

} // namespace ops::test::fit
