#pragma once

// Reads the preview of a bulk action (docs/design.md §10 Bulk resolution) through the store:
// previewApply for Apply proposals…, the resend rule (resendBlock) for Resend selected…. The
// console calls it on its bulk thread with that thread's own connection (bulkworker.h), a part of
// the selection at a time so a cancel is seen between parts; the window only when no console is
// attached (a bare window in a test).

#include "applypreviewmodel.h"

#include <QDateTime>
#include <QStringList>
#include <vector>

namespace ops {
class OperationStore;
}

namespace ops::ui {

struct BulkPreviewRequest
{
    QStringList operationIds; // in list order
    QString actor;
    QString leaseHolder;
    bool resend = false; // Resend selected…; else Apply proposals…
};

// The preview rows of operationIds[from, from + count). A resend row that no longer exists is
// left out. Throws StoreError.
std::vector<BulkRow> readBulkPreview(OperationStore &store, const BulkPreviewRequest &request,
                                     qsizetype from, qsizetype count, const QDateTime &now);

} // namespace ops::ui
