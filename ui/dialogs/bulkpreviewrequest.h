#pragma once

// What a bulk dialog asks the console to read (ConsoleRequests::bulkPreviewRequested); the reading is
// the console's (app/console/bulkpreviewread.h), off the UI thread.

#include <QStringList>

namespace ops::ui {

struct BulkPreviewRequest
{
    QStringList operationIds; // in list order
    QString actor;
    QString leaseHolder;
    bool resend = false; // Resend selected…; else Apply proposals…
};

} // namespace ops::ui
