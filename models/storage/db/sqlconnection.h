#pragma once

// Storage's side of `Connection` (connection.h): the Qt Sql handle itself. Only code that links
// Qt Sql can include this header — models/storage and the tests that tamper with a database on
// purpose; app/ and ui/ cannot, because ops_storage keeps Qt Sql PRIVATE.

#include "storage/db/connection.h"

#include <QSqlDatabase>

namespace ops {

// A QSqlDatabase under the storage layer's own name, so that public storage headers can take and
// hold one without naming a Qt Sql type. It adds nothing: storage code passes it wherever a
// QSqlDatabase is expected.
class Connection : public QSqlDatabase
{
public:
    Connection() = default;
    Connection(const QSqlDatabase &db) // NOLINT: a plain handle converts implicitly
        : QSqlDatabase(db)
    {}
};

// Each store that holds a connection declares `friend Connection &connectionOf(Store &)`: storage
// code and tests reach a store's connection through it (found by argument-dependent lookup).

} // namespace ops
