#include "domain/operationsummary.h"

namespace ops {

QueryFilter QueryFilter::checkingQueue()
{
    QueryFilter f;
    f.state = OperationState::Unknown;
    f.sort = SortKey::Due;
    f.descending = false;
    return f;
}

PageCursor cursorAfter(const OperationSummary &row)
{
    return {row.sortValue, row.id};
}

} // namespace ops
