#include "console/connectionsservice.h"

#include "common/replicationtext.h"
#include "config/engineenv.h"
#include "console/helpdeskconnection.h"
#include "dialogs/resendconfirmdialog.h"
#include "domain/dblocation.h"
#include "domain/storeerror.h"
#include "storage/access/replication.h"
#include "transport/connectionsettings.h"
#include "transport/httptransport.h"
#include "transport/secrets.h"

#include <QFutureWatcher>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QtConcurrent>

using namespace Qt::StringLiterals;

namespace ops::console {

namespace {

constexpr std::chrono::milliseconds kCheckTimeout{8000};
const QString kStripeDefault = u"https://api.stripe.com"_s;
const QString kAdyenDefault = u"https://checkout-test.adyen.com"_s;

QString defaultUrlOf(const QString &id)
{
    if (id == u"stripe"_s)
        return kStripeDefault;
    return id == u"adyen"_s ? kAdyenDefault : QString();
}

// The rows whose secret is a list of notification keys, with no URL and nothing to call.
bool isNotificationKey(const QString &id)
{
    return id == u"stripe-webhook"_s || id == u"adyen-hmac"_s;
}

// The provider's own words, from a Stripe- or Slen-shaped error body ({"error":{"message"}}),
// an Adyen one ({"errorCode","message"}), else the first bytes.
QString providerMessage(const QByteArray &body)
{
    const QJsonObject top = QJsonDocument::fromJson(body).object();
    const QString message = top.value(u"error"_s).toObject().value(u"message"_s).toString();
    if (!message.isEmpty())
        return message;
    if (top.contains(u"errorCode"_s))
        return u"%1 %2"_s.arg(top.value(u"errorCode"_s).toString(),
                              top.value(u"message"_s).toString());
    return QString::fromUtf8(body.left(200)).simplified();
}

QString joinPath(const QString &base, const QString &path)
{
    return (base.endsWith(u'/') ? base.chopped(1) : base) + path;
}

// Whether the URL as typed has a password in it (user:password@…). DbLocation::parse cannot
// tell: it adds the password this process keeps for a saved URL.
bool typesPassword(const QString &url)
{
    const qsizetype start = url.indexOf(u"://"_s) + 3;
    qsizetype end = url.size();
    for (const QChar stop : {u'/', u'?', u'#'}) {
        const qsizetype at = url.indexOf(stop, start);
        if (at >= 0)
            end = qMin(end, at);
    }
    const QString authority = url.mid(start, end - start);
    const qsizetype at = authority.lastIndexOf(u'@');
    return at >= 0 && authority.left(at).contains(u':');
}

// Whether two team database URLs log the same user in to the same servers and database, so a
// saved password still belongs to the second; false when either is empty or unusable.
bool sameLogin(const QString &a, const QString &b)
{
    if (a.isEmpty() || b.isEmpty())
        return false;
    try {
        const DbLocation x = DbLocation::parse(a);
        const DbLocation y = DbLocation::parse(b);
        return x.user == y.user && x.hosts == y.hosts && x.ports == y.ports &&
               x.database == y.database;
    } catch (const StoreError &) {
        return false;
    }
}

} // namespace

bool isTestApiKey(const QString &key)
{
    const QString k = key.trimmed();
    return k.startsWith(u"sk_test_"_s) || k.startsWith(u"rk_test_"_s);
}

namespace {

// Opens the team database without migrating it and says what it found. A working server whose
// replication refuses new refunds is not "ok".
CheckOutcome checkDatabase(const QString &location, const QString &password)
{
    if (location.isEmpty())
        return {true, ConnectionsService::tr("Empty: a start without --db or OPS_DB uses the "
                                             "embedded SQLite file %1.")
                          .arg(DbLocation::defaultLocation())};
    if (!DbLocation::isPostgresUrl(location))
        return {true, ConnectionsService::tr("%1 is an embedded SQLite file: there is no server "
                                             "to connect to.")
                          .arg(location)};
    try {
        const LocationCheck c = checkLocation(location, password);
        const ReplicationState &r = c.replication;
        QString schema = ConnectionsService::tr("schema version %1").arg(c.schemaVersion);
        if (c.schemaVersion == 0)
            schema = ConnectionsService::tr("not set up yet (opsctl db migrate)");
        else if (c.schemaVersion < c.latestVersion)
            schema = ConnectionsService::tr("schema version %1 of %2 (opsctl db migrate)")
                         .arg(c.schemaVersion)
                         .arg(c.latestVersion);
        return {!r.refusesOpenings(c.acceptsAsync),
                ConnectionsService::tr("Connected: %1 as %2; %3; %4.")
                    .arg(r.server, r.login, schema, ui::replicationText(r, c.acceptsAsync))};
    } catch (const StoreError &e) {
        return {false, ConnectionsService::tr("Cannot open: %1").arg(e.message())};
    }
}

} // namespace

CheckOutcome checkConnection(const ui::ConnectionEdit &edit, std::chrono::milliseconds timeout)
{
    if (edit.id == u"database"_s)
        return checkDatabase(edit.url, edit.secret);
    if (edit.id == u"helpdesk"_s)
        return checkHelpdeskEdit(edit, timeout);
    HttpRequest r;
    QString what;
    if (edit.id == u"adyen"_s) {
        // Lists the merchant account's payment methods: proves the key and that it may act for
        // the account, and moves no money (Adyen has no read of a refund to use instead).
        what = u"POST /v71/paymentMethods"_s;
        r.method = "POST";
        r.url = QUrl(joinPath(edit.url, u"/v71/paymentMethods"_s));
        r.headers = {{"X-API-Key", edit.secret.toUtf8()}, {"Content-Type", "application/json"}};
        r.body = QJsonDocument(QJsonObject{{u"merchantAccount"_s, edit.project}})
                     .toJson(QJsonDocument::Compact);
    } else if (edit.id == u"stripe"_s) {
        what = u"GET /v1/refunds?limit=1"_s;
        r.url = QUrl(joinPath(edit.url, u"/v1/refunds?limit=1"_s));
    } else if (edit.id == u"slen"_s) {
        what = u"GET /v1/customers/opsconsole-check"_s;
        r.url = QUrl(joinPath(edit.url, u"/v1/customers/opsconsole-check"_s));
    } else {
        what = u"GET /v1/health"_s;
        r.url = QUrl(joinPath(edit.url, u"/v1/health"_s));
    }
    if (!edit.secret.isEmpty() && edit.id != u"adyen"_s)
        r.headers.append({"Authorization", "Bearer " + edit.secret.toUtf8()});
    QtHttpTransport transport;
    const HttpResponse answer = transport.send(r, timeout);
    if (answer.status == 0)
        return {false,
                ConnectionsService::tr("No answer from %1: %2").arg(edit.url, answer.errorText)};
    // Slen: an unknown customer after the key was accepted still proves the key works.
    const bool accepted = (answer.status >= 200 && answer.status < 300) ||
                          (edit.id == u"slen"_s && answer.status == 404);
    if (accepted)
        return {true, ConnectionsService::tr("Connected: %1 answered HTTP %2 to %3.")
                          .arg(edit.url)
                          .arg(answer.status)
                          .arg(what)};
    QString refusal = providerMessage(answer.body);
    if (!edit.secret.isEmpty())
        refusal.replace(edit.secret, u"••••"_s); // a provider may echo the key
    return {false, ConnectionsService::tr("Refused: HTTP %1 to %2 — %3")
                       .arg(answer.status)
                       .arg(what, refusal)};
}

ConnectionsService::ConnectionsService(QString configDir, QString simulatorUrl, QObject *parent)
    : QObject(parent)
    , m_configDir(std::move(configDir))
    , m_simulatorUrl(std::move(simulatorUrl))
{}

ui::ConnectionRow ConnectionsService::row(const QString &id, const QString &title,
                                          const QString &defaultUrl, bool showTail) const
{
    ui::ConnectionRow r;
    r.id = id;
    r.title = title;
    const ConnectionSettings settings(m_configDir);
    const ConnectionValue url = settings.value(id, u"url"_s, defaultUrl);
    r.url = url.value;
    if (url.source == ConnectionValue::Source::Environment)
        r.urlOverride =
            tr("%1 is set in the environment and wins over this field.").arg(url.variable);
    const SecretOrigin origin = EnvFileSecretSource(m_configDir).origin(id);
    switch (origin.kind) {
    case SecretOrigin::Kind::None:
        r.secretState = tr("not set");
        break;
    case SecretOrigin::Kind::File:
        r.secretState = showTail ? tr("saved %1").arg(maskedSecret(origin.tail)) : tr("saved");
        break;
    case SecretOrigin::Kind::Environment:
        r.secretState = showTail ? tr("from %1 %2").arg(origin.variable, maskedSecret(origin.tail))
                                 : tr("from %1").arg(origin.variable);
        r.secretOverride = tr("%1 is set in the environment and wins over the saved file %2.")
                               .arg(origin.variable, origin.path);
        break;
    case SecretOrigin::Kind::Refused:
        r.secretState = tr("refused");
        r.secretProblem = origin.problem;
        break;
    }
    return r;
}

void ConnectionsService::addProject(ui::ConnectionRow &r, const QString &key,
                                    const QString &fallback) const
{
    const ConnectionValue value = ConnectionSettings(m_configDir).value(r.id, key, fallback);
    r.hasProject = true;
    r.project = value.value;
    if (value.source == ConnectionValue::Source::Environment)
        r.projectOverride =
            tr("%1 is set in the environment and wins over this field.").arg(value.variable);
}

std::vector<ui::ConnectionRow> ConnectionsService::rows() const
{
    const QString providers = tr("Payment providers");
    const QString notifications = tr("Notifications");
    const QString credits = tr("Credits");
    const QString helpdesk = tr("Helpdesk");
    std::vector<ui::ConnectionRow> rows{
        row(u"stripe"_s, tr("Stripe"), kStripeDefault),
        row(u"adyen"_s, tr("Adyen"), kAdyenDefault),
        row(u"stripe-webhook"_s, tr("Stripe webhook secret"), {}),
        row(u"adyen-hmac"_s, tr("Adyen notifications (HMAC key)"), {}),
        row(u"slen"_s, tr("Slen"), {}),
        row(u"helpdesk"_s, tr("Helpdesk"), {}),
    };
    for (ui::ConnectionRow &r : rows) {
        r.page = r.id == u"slen"_s         ? credits
                 : r.id == u"helpdesk"_s   ? helpdesk
                 : isNotificationKey(r.id) ? notifications
                                           : providers;
        r.hasUrl = !isNotificationKey(r.id);
        r.canCheck = !isNotificationKey(r.id);
    }
    ui::ConnectionRow &adyen = rows[1];
    adyen.secretLabel = tr("API key:");
    adyen.projectLabel = tr("&Merchant account:");
    addProject(adyen, u"merchant"_s, {});
    adyen.note = tr("Live or test is the endpoint's: https://checkout-test.adyen.com is TEST.");
    rows[3].secretLabel = tr("HMAC key:");
    rows[3].note = tr("The 64 hex digits of the webhook's HMAC key in Adyen's Customer Area; two, "
                      "comma-separated, while a new key is rolled out.");
    addProject(rows[4], u"project"_s, u"default"_s);
    addHelpdeskFields(rows[5], m_configDir);
    rows.push_back(databaseRow());
    return rows;
}

ui::ConnectionRow ConnectionsService::databaseRow() const
{
    // A person's password: not even its last characters are shown.
    ui::ConnectionRow r = row(u"database"_s, tr("Team database (PostgreSQL)"), {}, false);
    r.page = tr("Team database");
    r.urlLabel = tr("Server &URL:");
    r.urlPlaceholder = u"postgresql://you@db1:5432,db2:5432/ops"_s;
    r.secretLabel = tr("Password:");
    if (!r.urlOverride.isEmpty())
        r.url = savedDatabase(); // OPS_DB may carry a password: shown without it
    if (!m_runningDatabase.isEmpty())
        r.note = tr("This console uses %1. A saved change takes effect at its next start; --db "
                    "wins over this field.")
                     .arg(m_runningDatabase);
    return r;
}

QString ConnectionsService::savedDatabase() const
{
    const ConnectionValue url = ConnectionSettings(m_configDir).value(u"database"_s, u"url"_s);
    if (url.value.isEmpty())
        return {};
    try {
        return DbLocation::parse(url.value).display();
    } catch (const StoreError &) {
        return tr("an unusable location in %1").arg(url.variable); // never its text: a password
    }
}

QString ConnectionsService::databaseProblem(const ui::ConnectionEdit &edit) const
{
    const bool fromEnv = ConnectionSettings(m_configDir).value(u"database"_s, u"url"_s).source ==
                         ConnectionValue::Source::Environment;
    if (fromEnv)
        return {}; // OPS_DB is the environment's business, as --db is the command line's
    if (edit.url.isEmpty())
        return edit.secret.isEmpty() ? QString() : tr("a password needs a server URL");
    if (!DbLocation::isPostgresUrl(edit.url))
        return tr("the team database is a postgresql:// URL; a SQLite file is chosen with --db "
                  "or OPS_DB");
    DbLocation parsed;
    try {
        parsed = DbLocation::parse(edit.url);
    } catch (const StoreError &e) {
        return e.message();
    }
    if (typesPassword(edit.url))
        return tr("the URL carries a password; put it in the Password field, where it is not "
                  "shown or logged");
    if (parsed.user.isEmpty() && !effectiveSecret(edit).isEmpty())
        return tr("a password needs the user name in the URL: postgresql://you@host/db");
    return {};
}

QString ConnectionsService::effectiveSecret(const ui::ConnectionEdit &edit) const
{
    if (!edit.secret.isEmpty())
        return edit.secret;
    // A refused file counts as none here: the row's state already says why.
    return EnvFileSecretSource(m_configDir)
        .secret(edit.id)
        .valueOr(std::nullopt)
        .value_or(QString());
}

QString ConnectionsService::effectiveUrl(const ui::ConnectionEdit &edit) const
{
    const ConnectionValue url =
        ConnectionSettings(m_configDir).value(edit.id, u"url"_s, defaultUrlOf(edit.id));
    return url.source == ConnectionValue::Source::Environment ? url.value : edit.url;
}

QString ConnectionsService::problem(const ui::ConnectionEdit &edit) const
{
    // A provider key is printable ASCII; a person's password may be any text on one line.
    static const QRegularExpression printable(u"^[\\x21-\\x7e]*$"_s);
    static const QRegularExpression oneLine(u"^[^\\x00-\\x1f\\x7f]*$"_s);
    if (edit.id == u"database"_s && !oneLine.match(edit.secret).hasMatch())
        return tr("the password may contain no line breaks or control characters");
    if (edit.id != u"database"_s && !printable.match(edit.secret).hasMatch())
        return tr("the secret may contain no spaces or line breaks");
    if (edit.id == u"adyen-hmac"_s)
        return adyenHmacKeysProblem(edit.secret);
    if (edit.id == u"stripe-webhook"_s)
        return {};
    if (edit.id == u"database"_s)
        return databaseProblem(edit);
    if (const QString p = savedKeyToNewUrl(edit); !p.isEmpty())
        return p;
    if (edit.id == u"adyen"_s)
        return adyenProblem(edit);
    if (edit.id == u"helpdesk"_s) {
        ui::ConnectionEdit resolved = edit;
        resolved.url = effectiveUrl(edit);
        resolved.secret = effectiveSecret(edit);
        return helpdeskEditProblem(resolved);
    }
    const QString url = effectiveUrl(edit);
    // Slen and the helpdesk are optional: no URL and no secret means not configured.
    if (url.isEmpty() && edit.id != u"stripe"_s && effectiveSecret(edit).isEmpty())
        return {};
    if (const QString p = baseUrlProblem(url); !p.isEmpty())
        return p;
    if (edit.id == u"slen"_s && (edit.project.isEmpty() || edit.project.size() > 128))
        return tr("the project must be 1-128 characters");
    return {};
}

QString ConnectionsService::adyenProblem(const ui::ConnectionEdit &edit) const
{
    const ConnectionValue merchant =
        ConnectionSettings(m_configDir).value(u"adyen"_s, u"merchant"_s);
    const QString account =
        merchant.source == ConnectionValue::Source::Environment ? merchant.value : edit.project;
    // Optional: no key and no merchant account means Adyen is not used.
    if (account.isEmpty() && effectiveSecret(edit).isEmpty())
        return {};
    if (const QString p = baseUrlProblem(effectiveUrl(edit)); !p.isEmpty())
        return p;
    if (account.isEmpty())
        return tr("the merchant account is needed with an API key");
    return adyenMerchantProblem(account);
}

namespace {

// Two base URLs that name the same place: scheme and host in any case, a trailing slash or not.
bool sameBaseUrl(const QString &a, const QString &b)
{
    const auto norm = [](const QString &u) {
        return QUrl(u.trimmed()).adjusted(QUrl::StripTrailingSlash | QUrl::NormalizePathSegments);
    };
    return norm(a) == norm(b);
}

} // namespace

QString ConnectionsService::savedUrl(const QString &id) const
{
    const QString url = ConnectionSettings(m_configDir).value(id, u"url"_s, defaultUrlOf(id)).value;
    // The helpdesk's URL may be a subdomain, which means another host under another vendor.
    if (id == u"helpdesk"_s)
        return helpdeskPlace(ConnectionSettings(m_configDir).value(id, u"vendor"_s).value, url);
    return url;
}

QString ConnectionsService::placeOf(const ui::ConnectionEdit &edit) const
{
    return edit.id == u"helpdesk"_s
               ? helpdeskPlace(edit.fields.value(u"vendor"_s), effectiveUrl(edit))
               : effectiveUrl(edit);
}

QString ConnectionsService::savedKeyToNewUrl(const ui::ConnectionEdit &edit) const
{
    // A key from the environment goes wherever the environment says; only the saved file's key
    // is bound to the saved URL.
    if (!edit.secret.isEmpty() ||
        EnvFileSecretSource(m_configDir).origin(edit.id).kind != SecretOrigin::Kind::File ||
        sameBaseUrl(placeOf(edit), savedUrl(edit.id)))
        return {};
    return tr("the saved key belongs to %1; type the key again to use it with %2")
        .arg(savedUrl(edit.id), placeOf(edit));
}

QString ConnectionsService::warning(const ui::ConnectionEdit &edit) const
{
    const QString key = effectiveSecret(edit);
    const QUrl url(effectiveUrl(edit));
    if (isNotificationKey(edit.id) || edit.id == u"database"_s || key.isEmpty() || !url.isValid())
        return {};
    const QUrl sim(m_simulatorUrl);
    const bool simulator =
        isLoopbackUrl(url) ||
        (!m_simulatorUrl.isEmpty() && url.host() == sim.host() && url.port() == sim.port());
    if (ui::isLiveApiKey(key) && simulator)
        return tr("a LIVE key against the simulator or this machine (%1). A live key belongs "
                  "with the real provider only.")
            .arg(url.toString());
    if (isTestApiKey(key) && !simulator)
        return tr("a TEST key against %1, which is not the simulator: no real money will move.")
            .arg(url.toString());
    return {};
}

QString ConnectionsService::save(const std::vector<ui::ConnectionEdit> &edits)
{
    const ConnectionSettings settings(m_configDir);
    const EnvFileSecretSource secrets(m_configDir);
    for (const ui::ConnectionEdit &e : edits) {
        if (!problem(e).isEmpty())
            return problem(e); // nothing is half-saved: the dialog checks every row first
    }
    if (const ui::EditsProblem p = problemAcross(edits); !p.text.isEmpty())
        return p.text;
    for (const ui::ConnectionEdit &e : edits) {
        if (e.id == u"database"_s) {
            if (const QString failed = saveDatabase(e); !failed.isEmpty())
                return failed;
            continue;
        }
        const bool urlFromEnv =
            settings.value(e.id, u"url"_s).source == ConnectionValue::Source::Environment;
        if (!isNotificationKey(e.id) && !urlFromEnv) {
            const auto stored =
                settings.store(e.id, u"url"_s, e.url == defaultUrlOf(e.id) ? QString() : e.url);
            if (!stored)
                return stored.error();
        }
        const QString projectKey = e.id == u"adyen"_s ? u"merchant"_s : u"project"_s;
        const bool projectFromEnv =
            settings.value(e.id, projectKey).source == ConnectionValue::Source::Environment;
        if ((e.id == u"slen"_s || e.id == u"adyen"_s) && !projectFromEnv) {
            if (const auto stored = settings.store(e.id, projectKey, e.project); !stored)
                return stored.error();
        }
        if (e.id == u"helpdesk"_s) {
            if (const QString failed = saveHelpdeskFields(e, m_configDir); !failed.isEmpty())
                return failed;
        }
        if (e.secret.isEmpty())
            continue;
        if (const auto written = secrets.writeSecretFile(e.id, e.secret); !written)
            return written.error();
    }
    return {};
}

ui::EditsProblem
ConnectionsService::problemAcross(const std::vector<ui::ConnectionEdit> &edits) const
{
    return {notificationsWithoutMerchant(edits), u"adyen"_s};
}

QString
ConnectionsService::notificationsWithoutMerchant(const std::vector<ui::ConnectionEdit> &edits) const
{
    bool hmacKey =
        EnvFileSecretSource(m_configDir).origin(u"adyen-hmac"_s).kind != SecretOrigin::Kind::None;
    const ConnectionValue saved = ConnectionSettings(m_configDir).value(u"adyen"_s, u"merchant"_s);
    QString merchant = saved.value;
    for (const ui::ConnectionEdit &e : edits) {
        if (e.id == u"adyen-hmac"_s && !e.secret.isEmpty())
            hmacKey = true;
        if (e.id == u"adyen"_s && saved.source != ConnectionValue::Source::Environment)
            merchant = e.project;
    }
    if (!hmacKey || !merchant.isEmpty())
        return {};
    return tr("Adyen's HMAC key needs the merchant account its notifications are for (Payment "
              "providers → Adyen): without it opsctl serve does not start.");
}

bool ConnectionsService::databaseCheckMayUseSavedPassword(const ui::ConnectionEdit &edit) const
{
    if (!edit.secret.isEmpty())
        return true; // typed for this check
    const ConnectionValue saved = ConnectionSettings(m_configDir).value(u"database"_s, u"url"_s);
    // As databaseLocation does at start: OPS_DB brings its own password or libpq's.
    if (saved.source == ConnectionValue::Source::Environment)
        return false;
    // PGPASSWORD goes to any server anyway (libpq); the saved file only to the saved login.
    return EnvFileSecretSource(m_configDir).origin(u"database"_s).kind ==
               SecretOrigin::Kind::Environment ||
           sameLogin(saved.value, edit.url);
}

QString ConnectionsService::saveDatabase(const ui::ConnectionEdit &edit) const
{
    const ConnectionSettings settings(m_configDir);
    const EnvFileSecretSource secrets(m_configDir);
    const ConnectionValue before = settings.value(u"database"_s, u"url"_s);
    if (before.source != ConnectionValue::Source::Environment) {
        if (const auto stored = settings.store(u"database"_s, u"url"_s, edit.url); !stored)
            return stored.error();
    }
    if (!edit.secret.isEmpty())
        return secrets.writeSecretFile(u"database"_s, edit.secret).error();
    const QString after =
        before.source == ConnectionValue::Source::Environment ? before.value : edit.url;
    if (sameLogin(before.value, after))
        return {};
    // Another login: the saved password was the old one's, so it goes.
    return secrets.writeSecretFile(u"database"_s, QString()).error();
}

void ConnectionsService::check(const ui::ConnectionEdit &edit,
                               std::function<void(bool ok, const QString &text)> done)
{
    ui::ConnectionEdit resolved = edit;
    resolved.url = effectiveUrl(edit);
    resolved.secret = effectiveSecret(edit);
    if (edit.id == u"database"_s && !databaseCheckMayUseSavedPassword(edit))
        resolved.secret.clear();
    // A configured key goes to the URL it was configured for only: a typed URL may be anyone's.
    if (edit.id != u"database"_s && edit.secret.isEmpty() && !resolved.secret.isEmpty() &&
        !sameBaseUrl(placeOf(edit), savedUrl(edit.id))) {
        done(false, tr("Not sent: the configured key goes only to the saved URL. To check %1, "
                       "type the key again.")
                        .arg(placeOf(edit)));
        return;
    }
    auto *watcher = new QFutureWatcher<CheckOutcome>(this);
    connect(watcher, &QFutureWatcher<CheckOutcome>::finished, this, [watcher, done] {
        const CheckOutcome outcome = watcher->result();
        watcher->deleteLater();
        done(outcome.ok, outcome.text);
    });
    watcher->setFuture(
        QtConcurrent::run([resolved] { return checkConnection(resolved, kCheckTimeout); }));
}

} // namespace ops::console
