#pragma once

// Column lists and row mapping shared by the store's queries.

#include "domain/operation.h"
#include "storage/db/connection.h"

#include <QSqlQuery>
#include <optional>
#include <vector>

namespace ops::rows {

// SELECT list for operations, in the order operationFromRow() reads it.
QString operationColumns();
Operation operationFromRow(const QSqlQuery &q);
// The narrow reader every store above uses for one row by id (no store object needed).
std::optional<Operation> readOperation(Connection &db, const QString &id);
// Every operation `rest` selects: "WHERE … ORDER BY …" after "SELECT <columns> FROM operations".
std::vector<Operation> readOperations(Connection &db, const QString &rest,
                                      const QVariantList &bindings = {});

QString attemptColumns();
Attempt attemptFromRow(const QSqlQuery &q);

QDateTime utc(qint64 ms);
// An empty text as SQL NULL (optional columns: order, charge, customer, agent, provider codes).
QVariant nullable(const QString &s);
std::optional<QDateTime> utcOrNull(const QVariant &v);

} // namespace ops::rows
