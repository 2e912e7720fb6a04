#pragma once

// Whether the database under a team desk keeps rule 1 through a failover (DESIGN §14). Rule 1
// rests on the row being durable before the request leaves; across a failover "durable" means
// "on the standby that will be promoted". With asynchronous streaming a commit the primary
// acknowledged may be missing there, so an agent's retry would find no row and open a second
// refund. The engines therefore refuse to open new rows on an asynchronously replicated primary
// unless a supervisor has accepted that risk (settings accept-async-replication, audited).

#include "domain/replicationstate.h"
#include "domain/result.h"
#include "storage/db/connection.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace ops {

// One read; SQLite answers Embedded without a query. Throws StoreError when the server does not
// answer.
ReplicationState readReplication(Connection &db);

// Opens the PostgreSQL URL `location` on a connection of its own with `password` (when not
// empty; else the URL's, else libpq's), reads it and closes it again without migrating it (a
// database nobody set up yet gets the empty schema_version table any open creates), so a check
// does not set up a database someone only typed and leaves no password behind in this process.
// Throws StoreError with a message fit for an operator (never the password), also for a
// location that is not a PostgreSQL URL.
LocationCheck checkLocation(const QString &location, const QString &password = {});

// The supervisor's acceptance of asynchronous replication (settings table, default off).
bool acceptsAsyncReplication(Connection &db);
// Needs the approve right (ActionRefused otherwise); audited as
// settings.accept_async_replication with the value before and after.
void setAcceptAsyncReplication(Connection &db, qint64 nowMs, const QString &actor, bool accept);

// Whether openings may go ahead: embedded, standalone, synchronous, or asynchronous with the
// supervisor's acceptance. Fails with the sentence an opening is refused with (code
// async_replication).
Result<void> replicationAllowsOpenings(Connection &db);

} // namespace ops
