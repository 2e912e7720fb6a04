#pragma once

// A database connection owned by one piece of work on one thread (a console job, an MCP tool
// call): opened under a name no other connection uses, closed and removed when it ends. Qt's
// connections may only be used on the thread that opened them, so work that moves between
// threads opens its own.

#include "database.h"

namespace ops {

class ScopedConnection
{
public:
    // prefix names the owner in Qt's connection list ("opsconsole-job", "opsctl-mcp").
    // Throws StoreError like Database::open.
    ScopedConnection(const QString &location, const QString &prefix);
    ~ScopedConnection();
    ScopedConnection(const ScopedConnection &) = delete;
    ScopedConnection &operator=(const ScopedConnection &) = delete;

    QSqlDatabase &db() { return m_db; }

private:
    QString m_name;
    QSqlDatabase m_db;
};

} // namespace ops
