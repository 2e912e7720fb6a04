#include "common/batchjob.h"

namespace ops::ui {

BatchJob::BatchJob(BatchImportRequest request, QObject *parent)
    : QObject(parent)
    , m_request(std::move(request))
{}

} // namespace ops::ui
