#pragma once

// The non-secret half of a provider connection: base URLs (and the Slen project), kept in
// <config dir>/connections.ini next to the secret files (secrets.h), so opsctl, the MCP server
// and the console read one place. The environment still wins: OPS_STRIPE_URL, OPS_SLEN_URL,
// OPS_SLEN_PROJECT, OPS_HELPDESK_URL; the team database's [database] url yields to OPS_DB.
// Secrets never go here.

#include "domain/result.h"

#include <QString>
#include <QUrl>

namespace ops {

struct ConnectionValue
{
    enum class Source
    {
        Default,
        File,
        Environment
    };
    QString value;
    Source source = Source::Default;
    QString variable; // OPS_<PROVIDER>_<KEY>, the one that overrides it
};

class ConnectionSettings
{
public:
    explicit ConnectionSettings(QString configDir = {});

    QString path() const;
    // provider "stripe", key "url" → $OPS_STRIPE_URL, else [stripe] url in the file, else fallback
    // ("database", "url" → $OPS_DB).
    ConnectionValue value(const QString &provider, const QString &key,
                          const QString &fallback = {}) const;
    // Writes one value (empty removes it); a failure when the file cannot be written.
    Result<void> store(const QString &provider, const QString &key, const QString &value) const;

private:
    QString m_configDir;
};

// Why `url` cannot be a provider base URL, or '' when it can: empty, not http(s), no host, or
// credentials in it (they belong in the secret file, where they are not shown or logged).
QString baseUrlProblem(const QString &url);
// 127.0.0.0/8, ::1 or "localhost": a simulator or a tunnel on this machine, never live money.
bool isLoopbackUrl(const QUrl &url);

} // namespace ops
