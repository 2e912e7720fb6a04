#pragma once

// A small, strict parser for "--name value" options and bare positionals. Unknown options and
// missing values are errors: a typo must never turn into a default.

#include "domain/result.h"

#include <QHash>
#include <QHostAddress>
#include <QSet>
#include <QStringList>
#include <optional>

namespace ops::cli {

class CliArgs
{
public:
    // valued: options that take a value; flags: options that do not.
    static Result<CliArgs> parse(const QStringList &args, const QSet<QString> &valued,
                                 const QSet<QString> &flags);

    bool has(const QString &name) const
    {
        return m_values.contains(name) || m_flags.contains(name);
    }
    QString value(const QString &name, const QString &fallback = {}) const
    {
        return m_values.value(name, fallback);
    }
    const QStringList &positionals() const { return m_positionals; }

private:
    QHash<QString, QString> m_values;
    QSet<QString> m_flags;
    QStringList m_positionals;
};

// "HOST:PORT" of a server option (`option` names it in the error): an IP address ("localhost"
// reads as 127.0.0.1, IPv6 in brackets) and a port (0 = pick one). A non-loopback address is
// refused unless allowNonLoopback (the user's explicit --allow-non-loopback).
Result<std::pair<QHostAddress, quint16>> parseListen(const QString &text, bool allowNonLoopback,
                                                     const QString &option);

// A server's --db-connections N (`option` names it in the error): 1-256. Each connection is a
// backend process on a PostgreSQL server, whose max_connections (100 by default) every server
// on the database shares.
Result<int> parseConnectionCount(const QString &text, const QString &option);

} // namespace ops::cli
