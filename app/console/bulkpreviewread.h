#pragma once

// Reads the preview of a bulk action (docs/design.md §10 Bulk resolution) through the store:
// previewApply for Apply proposals…; for Resend selected… the resend rule (resendBlock), what the
// key holds (keyMemoryFor) and the row's newest evidence. The console's bulk thread calls it with
// that thread's own connection (bulkworker.h), a part of the selection at a time so a cancel is
// seen between parts. The window never reads it itself.

#include "common/bulkjob.h"
#include "itemmodels/applypreviewmodel.h"

#include <QDateTime>
#include <vector>

namespace ops {
class Session;
}

namespace ops::console {

// The preview rows of operationIds[from, from + count). A resend row that no longer exists is
// left out. Throws StoreError.
std::vector<BulkRow> readBulkPreview(Session &session, const ui::BulkPreviewRequest &request,
                                     qsizetype from, qsizetype count, const QDateTime &now);

} // namespace ops::console
