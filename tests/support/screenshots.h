#pragma once

// Screenshots of console windows for a person to look at (issue 18): each changed screen at
// 1440×900 and 1024×700, written to <test binary dir>/screenshots/NAME-WxH.png. Not compared to
// anything; the tests assert the behaviour, these show it. Header-only: the suites that use it
// link Qt Widgets, the support library does not.

#include <QApplication>
#include <QDir>
#include <QPainter>
#include <QPixmap>
#include <QTest>
#include <QWidget>

namespace ops::test {

inline QString screenshotDir()
{
    const QString dir = QCoreApplication::applicationDirPath() + QStringLiteral("/screenshots");
    QDir().mkpath(dir);
    return dir;
}

// The window as the operator sees it at `size`, with `dialog` (if any) drawn over it, centred
// and a third down, the way a window-modal dialog sits. Returns the file written.
inline QString screenshot(QWidget *window, const QSize &size, const QString &name,
                          QWidget *dialog = nullptr)
{
    window->resize(size);
    QApplication::processEvents();
    QPixmap shot = window->grab();
    if (dialog) {
        const QPixmap over = dialog->grab();
        QPainter p(&shot);
        p.fillRect(shot.rect(), QColor(0, 0, 0, 60));
        p.drawPixmap((shot.width() - over.width()) / 2, (shot.height() - over.height()) / 3, over);
    }
    const QString path = QStringLiteral("%1/%2-%3x%4.png")
                             .arg(screenshotDir(), name)
                             .arg(size.width())
                             .arg(size.height());
    if (!shot.save(path, "PNG"))
        qWarning("cannot write %s", qPrintable(path));
    else
        qInfo("screenshot: %s", qPrintable(path));
    return path;
}

inline void screenshots(QWidget *window, const QString &name, QWidget *dialog = nullptr)
{
    for (const QSize size : {QSize(1440, 900), QSize(1024, 700)})
        screenshot(window, size, name, dialog);
}

} // namespace ops::test
