#include "storage/operations/writescope.h"

#include "domain/storeerror.h"
#include "storage/db/sqlconnection.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {} // namespace

WriteScope::WriteScope(OperationStore &store)
    : m_store(store)
    , m_tx(std::make_unique<WriteTransaction>(connectionOf(store)))
{}

WriteScope::WriteScope(OperationStore &store, const QString &operationId)
    : m_store(store)
    , m_tx(std::make_unique<WriteTransaction>(connectionOf(store),
                                              WriteLocks::scoped({operationScope(operationId)})))
{}

WriteScope::~WriteScope() = default;

void WriteScope::commit()
{
    m_tx->commit();
}

void WriteScope::rollback()
{
    m_tx->rollback();
}

qint64 WriteScope::durableCommits(OperationStore &store)
{
    return WriteTransaction::commitCount(connectionOf(store).connectionName());
}

Result<void> WriteScope::step(const std::function<void()> &step)
{
    // Undoing the step drops its audit entries with its rows (Savepoint::undo).
    WriteTransaction::Savepoint savepoint(connectionOf(m_store), u"write_step"_s);
    try {
        step();
        savepoint.release();
        return {};
    } catch (const StoreError &e) {
        savepoint.undo();
        return Failure{e.message()};
    }
}

} // namespace ops
