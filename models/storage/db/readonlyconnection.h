#pragma once

// A connection that only reads. Once marked, every write transaction started on it
// (WriteTransaction, sqltransaction.h) throws StoreError naming `why` and is logged as critical,
// before it begins: nothing is written. The console's window keeps its connection so, because its
// writes run as jobs on connections of their own (app/console/consolewriter.h); a write that
// still tried the window's connection fails loudly instead of blocking the UI thread on a lock.
// The mark lives as long as the connection, on the thread that opened it.

#include "storage/db/connection.h"

#include <QString>

namespace ops {

void keepReadOnly(const Connection &db, const QString &why);

} // namespace ops
