#pragma once

// The Connections dialog's backend (connectionsdialog.h): reads and writes the one place opsctl
// reads too — base URLs in connections.ini, secrets in 0600 files (connectionsettings.h,
// secrets.h) — and checks a connection with one read that proves the key works (a saved key is
// sent to the URL it was saved for only; to check another, the key is typed again): Stripe
// GET /v1/refunds?limit=1 (the read opsctl's look-ups use, served by Stripe and provider-sim
// alike), Adyen POST /v71/paymentMethods for the merchant account (it moves no money), Slen a
// customer read, the helpdesk its vendor's "who am I" (helpdeskconnection.h), the team database an
// open that reads its server, login, schema version and replication verdict without migrating
// anything.
//
// The team database (issue 29): a postgresql:// URL, one host or a primary and its standbys,
// kept in connections.ini without its password (the 0600 file database.key holds that). Empty
// means the embedded SQLite default. --db and OPS_DB win over it (engineenv.h,
// databaseLocation). The running console keeps the database it opened: a saved change takes
// effect at its next start, and the row says which database is in use.

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

    // What the console opened, for the database row's note ('' when the service stands alone).
    void setRunningDatabase(const QString &display) { m_runningDatabase = display; }
    // The team database a start without --db would open ('' for the embedded default), shown
    // without its password.
    QString savedDatabase() const;

    // Whether Check connection on the database row may send the saved password: typed now,
    // PGPASSWORD, or the file for the login it was saved with; never to other servers.
    bool databaseCheckMayUseSavedPassword(const ui::ConnectionEdit &edit) const;

    std::vector<ui::ConnectionRow> rows() const override;
    QString problem(const ui::ConnectionEdit &edit) const override;
    ui::EditsProblem problemAcross(const std::vector<ui::ConnectionEdit> &edits) const override;
    QString warning(const ui::ConnectionEdit &edit) const override;
    QString save(const std::vector<ui::ConnectionEdit> &edits) override;
    void check(const ui::ConnectionEdit &edit,
               std::function<void(bool ok, const QString &text)> done) override;

private:
    ui::ConnectionRow row(const QString &id, const QString &title, const QString &defaultUrl,
                          bool showTail = true) const;
    // Saves the team database's row: the URL, and the password typed, or none kept when the URL
    // is emptied or names another login or servers (an old password never goes to new ones).
    QString saveDatabase(const ui::ConnectionEdit &edit) const;

    // Shows the row's second field (Slen's project, Adyen's merchant account) from `key`.
    void addProject(ui::ConnectionRow &r, const QString &key, const QString &fallback) const;
    ui::ConnectionRow databaseRow() const;
    QString adyenProblem(const ui::ConnectionEdit &edit) const;
    // Why `edits` would leave an Adyen HMAC key without the merchant account its notifications
    // are for ('' when they do not): opsctl serve refuses to start so.
    QString notificationsWithoutMerchant(const std::vector<ui::ConnectionEdit> &edits) const;
    // Why a provider row's new URL would take the key saved for another ('' when it would not):
    // a saved key goes to the URL it was saved for only, so a new URL needs the key typed.
    QString savedKeyToNewUrl(const ui::ConnectionEdit &edit) const;
    // The URL a provider row's saved or environment key belongs to.
    // Where the saved key of row `id` goes (the helpdesk's resolved from its vendor and URL or
    // subdomain), and where the edit would send it: a saved key goes to its own place only.
    QString savedUrl(const QString &id) const;
    QString placeOf(const ui::ConnectionEdit &edit) const;
    QString databaseProblem(const ui::ConnectionEdit &edit) const;
    // The secret in use for `id` when the edit leaves the field empty.
    QString effectiveSecret(const ui::ConnectionEdit &edit) const;
    QString effectiveUrl(const ui::ConnectionEdit &edit) const;

    QString m_configDir;
    QString m_simulatorUrl;
    QString m_runningDatabase;
};

} // namespace ops::console
