#include "storage/operations/writescope.h"

#include "domain/storeerror.h"
#include "storage/db/sqlconnection.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// Savepoint statements as transaction control (PostgreSQL cannot prepare them).
void control(QSqlDatabase &db, const QString &sql)
{
    if (const auto error = execControl(db, sql))
        throw StoreError(u"%1 failed: %2"_s.arg(sql, *error));
}

} // namespace

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

std::optional<QString> WriteScope::step(const std::function<void()> &step)
{
    Connection &db = connectionOf(m_store);
    control(db, u"SAVEPOINT write_step"_s);
    try {
        step();
        control(db, u"RELEASE SAVEPOINT write_step"_s);
        return std::nullopt;
    } catch (const StoreError &e) {
        control(db, u"ROLLBACK TO SAVEPOINT write_step"_s);
        control(db, u"RELEASE SAVEPOINT write_step"_s);
        return e.message();
    }
}

} // namespace ops
