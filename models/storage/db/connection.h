#pragma once

// The database connection as the layers above storage see it: a name, nothing to run SQL with.
// ops_storage links Qt Sql PRIVATE, so only storage code (and the tests that link Qt Sql
// themselves) can complete `Connection` (storage/db/sqlconnection.h). Everything above the
// floor opens a Session (storage/session.h) and works through the stores it hands out.

#include <memory>

namespace ops {

class Connection;

// How a commit on a SQLite connection becomes durable; either way a write transaction returns
// only once its commit is durable (rule 1). PostgreSQL ignores it: its commits are durable when
// COMMIT returns, and the server already shares WAL flushes between sessions.
enum class CommitDurability
{
    // synchronous=FULL: COMMIT syncs the WAL itself, holding the write lock during the sync.
    EachCommit,
    // For one process with many writer threads (opsctl mcp): synchronous=NORMAL, and
    // WriteTransaction syncs the WAL after COMMIT, shared with the process's other connections
    // to the file (writegate.h). The write lock is free during the sync and concurrent commits
    // share one. Every write on such a connection must go through WriteTransaction.
    SharedSync,
};

// A store's own copy of its connection handle. Copies share the one open connection (a
// connection handle is a reference to a named connection, as in Qt Sql); the store that holds
// it must not outlive the Session or fixture that opened the connection.
class ConnectionHold final
{
public:
    explicit ConnectionHold(const Connection &connection);
    ConnectionHold(const ConnectionHold &other);
    ConnectionHold &operator=(const ConnectionHold &other);
    ~ConnectionHold();

    Connection &operator*() const { return *m_connection; }
    Connection *operator->() const { return m_connection.get(); }
    operator Connection &() const { return *m_connection; }

private:
    std::unique_ptr<Connection> m_connection;
};

} // namespace ops
