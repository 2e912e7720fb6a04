#pragma once

// The Connections dialog's backend (connectionsdialog.h): reads and writes the one place opsctl
// reads too — base URLs in connections.ini, secrets in 0600 files (connectionsettings.h,
// secrets.h) — and checks a connection with one read that proves the key works: Stripe
// GET /v1/refunds?limit=1 (the read opsctl's look-ups use, served by Stripe and provider-sim
// alike), Slen a customer read, the helpdesk GET /v1/health.

#include "dialogs/connectionsdialog.h"

#include <QObject>

namespace ops::console {

// Whether `key` is a provider test key (sk_test_… / rk_test_…); ui::isLiveApiKey is its pair.
bool isTestApiKey(const QString &key);

// What one connection check found.
struct CheckOutcome
{
    bool ok = false;
    QString text;
};

// The blocking check behind Check connection (runs on a worker thread).
CheckOutcome checkConnection(const ui::ConnectionEdit &edit, std::chrono::milliseconds timeout);

class ConnectionsService final : public QObject, public ui::ConnectionsBackend
{
    Q_OBJECT
public:
    // `configDir`: '' for the user's (secrets.h); `simulatorUrl`: the provider-sim this console
    // started (--demo), '' otherwise.
    explicit ConnectionsService(QString configDir = {}, QString simulatorUrl = {},
                                QObject *parent = nullptr);

    std::vector<ui::ConnectionRow> rows() const override;
    QString problem(const ui::ConnectionEdit &edit) const override;
    QString warning(const ui::ConnectionEdit &edit) const override;
    QString save(const std::vector<ui::ConnectionEdit> &edits) override;
    void check(const ui::ConnectionEdit &edit,
               std::function<void(bool ok, const QString &text)> done) override;

private:
    ui::ConnectionRow row(const QString &id, const QString &title, const QString &defaultUrl) const;
    // The secret in use for `id` when the edit leaves the field empty.
    QString effectiveSecret(const ui::ConnectionEdit &edit) const;
    QString effectiveUrl(const ui::ConnectionEdit &edit) const;

    QString m_configDir;
    QString m_simulatorUrl;
};

} // namespace ops::console
