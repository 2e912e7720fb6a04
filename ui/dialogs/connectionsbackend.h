#pragma once

// What Tools → Connections shows and collects, and the backend that reads, checks and saves it
// (app/console implements it; connectionsdialog.h only shows).

#include <QMap>
#include <QString>
#include <QStringList>
#include <functional>
#include <vector>

namespace ops::ui {

// A further field of a row beside its URL, project and secret: the helpdesk's vendor, user and
// author, say.
struct ConnectionField
{
    QString key;   // the edit's key, and the settings' ("vendor")
    QString label; // "&Vendor:"
    QString value;
    QStringList choices; // not empty: one of these, in a combo box
    QString placeholder;
    QString override;      // not empty: the environment variable wins (the field is read-only)
    bool aboveUrl = false; // shown before the URL: it decides what the URL means (a vendor)
};

// One provider row as the backend reads it.
struct ConnectionRow
{
    QString id;             // "stripe", "adyen", "slen", "helpdesk", "stripe-webhook", …
    QString title;          // "Stripe"
    QString page;           // the tab it is on: "Payment providers"
    QString urlLabel;       // '' for "Base URL:"
    QString urlPlaceholder; // '' for "https://…"
    QString secretLabel;    // '' for "Secret:"
    QString projectLabel;   // '' for "Project:"
    QString note;           // shown above the overrides, e.g. what the console uses now
    bool hasUrl = true;
    bool hasProject = false; // Slen's project, Adyen's merchant account
    bool canCheck = true;
    QString url;
    QString urlOverride; // not empty: "OPS_STRIPE_URL is set and wins over this value"
    QString project;
    QString projectOverride;               // not empty: the environment variable wins
    QString secretState;                   // "saved ••••1234", "not set"
    QString secretOverride;                // not empty: the environment variable wins
    QString secretProblem;                 // not empty: the file is refused (how to fix it)
    std::vector<ConnectionField> fields{}; // shown in this order, after the URL unless aboveUrl
};

// A problem of several edits together: what it is ('' when none) and the row it shows on.
struct EditsProblem
{
    QString text;
    QString rowId;
};

// What the person typed for one row. An empty secret keeps the saved one.
struct ConnectionEdit
{
    QString id;
    QString url;
    QString project;
    QString secret;
    QMap<QString, QString> fields{}; // ConnectionField::key → what was typed or chosen
};

class ConnectionsBackend
{
public:
    virtual ~ConnectionsBackend() = default;
    virtual std::vector<ConnectionRow> rows() const = 0;
    // Why the edit cannot be saved ('' when it can): a bad base URL, say.
    virtual QString problem(const ConnectionEdit &edit) const = 0;
    // Why the edits cannot be saved together although each one could (text '' when they can),
    // and the row to show: an Adyen HMAC key with no merchant account, say.
    virtual EditsProblem problemAcross(const std::vector<ConnectionEdit> &edits) const = 0;
    // A doubt to confirm before saving ('' when none).
    virtual QString warning(const ConnectionEdit &edit) const = 0;
    // Saves every edit; '' on success, else what failed.
    virtual QString save(const std::vector<ConnectionEdit> &edits) = 0;
    // Checks off the UI thread and calls `done` on it with whether the provider accepted the
    // key and the text to show (its refusal when it did not).
    virtual void check(const ConnectionEdit &edit,
                       std::function<void(bool ok, const QString &text)> done) = 0;
};

} // namespace ops::ui
