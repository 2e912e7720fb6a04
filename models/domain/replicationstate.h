#pragma once

// What one read of the database server says about replication (DESIGN §14;
// storage/access/replication.h reads it), and what Tools → Connections' check shows of a team
// database. Plain types: nothing here reaches the database.

#include <QString>
#include <QStringList>

namespace ops {

enum class ReplicationVerdict
{
    Embedded,     // SQLite: one file on one disk, no standby to fail over to
    Standalone,   // PostgreSQL with no standby streaming and no physical replication slot
    Synchronous,  // each commit waits for a named standby (synchronous_standby_names)
    Asynchronous, // a standby streams or a slot is kept, and commits do not wait for it
};
QString toString(ReplicationVerdict verdict); // "embedded", "standalone", "sync", "async"

// What one read of the server says; counts are -1 when this login may not see them
// (pg_stat_replication's columns need pg_read_all_stats, e.g. through pg_monitor).
struct ReplicationState
{
    ReplicationVerdict verdict = ReplicationVerdict::Embedded;
    QString server;            // version(), first words
    QString role;              // "primary", "standby" (pg_is_in_recovery), "embedded"
    QString synchronousCommit; // this session's synchronous_commit
    QString synchronousStandbyNames;
    int walSenders = 0;    // standbys connected (rows of pg_stat_replication)
    int streaming = -1;    // of them in state 'streaming'
    int syncStandbys = -1; // of them with sync_state 'sync' or 'quorum'
    int physicalSlots = 0;
    QString login;      // session_user: who the server says this connection is
    QStringList advice; // what a DBA changes, one sentence each; empty when nothing

    // Whether the engines refuse new rows here: asynchronous, and nobody accepted the risk.
    bool refusesOpenings(bool acceptedAsync) const
    {
        return verdict == ReplicationVerdict::Asynchronous && !acceptedAsync;
    }
};

// What Tools → Connections' Check connection shows of a team database.
struct LocationCheck
{
    ReplicationState replication;
    int schemaVersion = 0; // 0: not set up yet (opsctl db migrate)
    int latestVersion = 0; // what this build migrates to
    bool acceptsAsync = false;
};

} // namespace ops
