#include "common/bulkjob.h"

namespace ops::ui {

BulkJob::BulkJob(BulkPreviewRequest request, QObject *parent)
    : QObject(parent)
    , m_request(std::move(request))
{}

BulkJob::BulkJob(BulkPreviewRequest request, std::vector<BulkRow> preview, QObject *parent)
    : QObject(parent)
    , m_request(std::move(request))
    , m_preview(std::move(preview))
    , m_runs(true)
{}

} // namespace ops::ui
