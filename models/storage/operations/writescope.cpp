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
    // Savepoint statements are transaction control (PostgreSQL cannot prepare them).
    Connection &db = connectionOf(m_store);
    execControlOrThrow(db, u"SAVEPOINT write_step"_s);
    try {
        step();
        execControlOrThrow(db, u"RELEASE SAVEPOINT write_step"_s);
        return {};
    } catch (const StoreError &e) {
        execControlOrThrow(db, u"ROLLBACK TO SAVEPOINT write_step"_s);
        execControlOrThrow(db, u"RELEASE SAVEPOINT write_step"_s);
        return Failure{e.message()};
    }
}

} // namespace ops
