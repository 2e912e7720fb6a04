#include "mainwindow/consolerequests.h"

#include <QMetaMethod>

namespace ops::ui {

bool ConsoleRequests::readsBulkPreviews() const
{
    return isSignalConnected(QMetaMethod::fromSignal(&ConsoleRequests::bulkPreviewRequested));
}

} // namespace ops::ui
