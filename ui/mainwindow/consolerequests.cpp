#include "mainwindow/consolerequests.h"

#include <QMetaMethod>

namespace ops::ui {

bool ConsoleRequests::readsBulkPreviews() const
{
    return isSignalConnected(QMetaMethod::fromSignal(&ConsoleRequests::bulkPreviewRequested));
}

bool ConsoleRequests::readsBatches() const
{
    return isSignalConnected(QMetaMethod::fromSignal(&ConsoleRequests::batchCheckRequested));
}

} // namespace ops::ui
