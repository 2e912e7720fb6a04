#pragma once

// The durable-commit floor (docs/benchmarks.md): what one-row write transactions cost on a
// database opened as the product opens it, with nothing of the schema around them. The figures
// that make one commit per step (a refund, a webhook event, a reconciled row) are compared with it.

#include <QString>

namespace ops {

// Creates a bare table `floor` on `location` (a SQLite file path that does not exist yet, opened
// by Database::open: WAL, synchronous=FULL), then times `commits` write transactions, one INSERT
// of one row and one durable COMMIT each, one after another on one connection. Returns commits
// per second; the connection is removed before it returns. Throws StoreError when the database
// fails.
double commitFloorPerSecond(const QString &location, int commits);

} // namespace ops
