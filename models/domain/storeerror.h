#pragma once

// The two exceptions every layer above storage catches. They carry a message fit for an
// operator; neither needs Qt Sql, so the domain, the ui and the tools can name them.

#include <QString>
#include <stdexcept>

namespace ops {

// The database itself failed (cannot open, a statement failed, a row vanished).
class StoreError : public std::runtime_error
{
public:
    explicit StoreError(const QString &message)
        : std::runtime_error(message.toStdString())
    {}
    QString message() const { return QString::fromStdString(what()); }
};

// A request understood and refused by a rule (missing right, self-approval, approving twice):
// the caller shows the message; nothing was written.
class ActionRefused : public StoreError
{
public:
    using StoreError::StoreError;
    // A refusal the database itself made (team mode, migration 0011): its code ("actor",
    // "close", "approve", "own", "supervisor", "grant", …) lets the console say it in the
    // person's language; the message is the database's English.
    ActionRefused(const QString &message, QString databaseCode)
        : StoreError(message)
        , m_code(std::move(databaseCode))
    {}
    QString databaseCode() const { return m_code; }

private:
    QString m_code;
};

// The database location cannot be opened at all (a file that cannot be created, a server that
// does not answer, a malformed URL): the caller's input is unusable (opsctl exits 2, not 1).
// Nothing was read or written.
class LocationError : public StoreError
{
public:
    using StoreError::StoreError;
};

} // namespace ops
