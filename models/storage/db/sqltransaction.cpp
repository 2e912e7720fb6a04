#include "sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QSqlQuery run(QSqlDatabase &db, const QString &sql, const QVariantList &bindings, bool forward)
{
    QSqlQuery q(db);
    q.setForwardOnly(forward);
    if (!q.prepare(sql))
        throw StoreError(u"cannot prepare statement: %1"_s.arg(q.lastError().text()));
    for (const QVariant &v : bindings)
        q.addBindValue(bindable(v));
    if (!q.exec())
        throw StoreError(u"statement failed: %1"_s.arg(q.lastError().text()));
    return q;
}

} // namespace

QSqlQuery runQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings)
{
    return run(db, sql, bindings, false);
}

QSqlQuery runForwardQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings)
{
    return run(db, sql, bindings, true);
}

} // namespace ops
