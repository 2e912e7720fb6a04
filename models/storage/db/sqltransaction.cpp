#include "sqltransaction.h"

using namespace Qt::StringLiterals;

namespace ops {

QSqlQuery runQuery(QSqlDatabase &db, const QString &sql, const QVariantList &bindings)
{
    QSqlQuery q(db);
    if (!q.prepare(sql))
        throw StoreError(u"cannot prepare statement: %1"_s.arg(q.lastError().text()));
    for (const QVariant &v : bindings)
        q.addBindValue(bindable(v));
    if (!q.exec())
        throw StoreError(u"statement failed: %1"_s.arg(q.lastError().text()));
    return q;
}

} // namespace ops
