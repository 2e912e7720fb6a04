#include "mainwindow/screenfit.h"

#include <QScreen>

namespace ops::ui {

QSize firstStartSize(const QScreen *screen)
{
    if (!screen)
        return kPreferredWindowSize;
    return kPreferredWindowSize.boundedTo(screen->availableGeometry().size());
}

} // namespace ops::ui
