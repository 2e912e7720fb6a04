#pragma once

// Column lists and row mapping shared by the store's queries.

#include "domain/operation.h"

#include <QSqlQuery>

namespace ops::rows {

// SELECT list for operations, in the order operationFromRow() reads it.
QString operationColumns();
Operation operationFromRow(const QSqlQuery &q);

QString attemptColumns();
Attempt attemptFromRow(const QSqlQuery &q);

QDateTime utc(qint64 ms);
// An empty text as SQL NULL (optional columns: order, charge, customer, agent, provider codes).
QVariant nullable(const QString &s);
std::optional<QDateTime> utcOrNull(const QVariant &v);

} // namespace ops::rows
