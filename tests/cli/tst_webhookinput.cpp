// `opsctl webhook serve` against hostile and odd deliveries (issue 13, "Bad input"): each
// refusal is a 4xx, stores nothing, is counted (GET /healthz) and logged without the body; an
// event for an object type we do not handle and an unmatched refund event are 200 and kept.
// Bodies are signed here, independently of the receiver's code.

#include "support/processrun.h"
#include "support/rawhttp.h"
#include "support/teamfixture.h"
#include "support/testpaths.h"
#include "support/webhookserveprocess.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using nlohmann::json;
using ops::test::stripeSignature;
using ops::test::unixNow;

namespace {

const QByteArray kSecret = "whsec_input_test";
// Appears in every body: it must never reach the receiver's log.
const std::string kBodyMarker = "marker-9f2c41-not-for-logs";

QByteArray eventBody(const std::string &id, const json &object, bool livemode = false)
{
    return QByteArray::fromStdString(json{
        {"id", id},
        {"object", "event"},
        {"type", "refund.updated"},
        {"created", unixNow()},
        {"livemode", livemode},
        {"api_version", "2024-06-20"},
        {"data", {{"object", object}}},
        {"request", {{"id", nullptr}, {"idempotency_key", nullptr}}},
        {"note", kBodyMarker}}.dump(2));
}

json refundObject(const std::string &id)
{
    return {{"id", id},
            {"object", "refund"},
            {"amount", 1200},
            {"currency", "usd"},
            {"status", "succeeded"},
            {"charge", "ch_elsewhere"},
            {"metadata", json::object()}};
}

} // namespace

class TestWebhookInput : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void refusedStoresNothingAndIsCounted_data();
    void refusedStoresNothingAndIsCounted();
    void unhandledObjectTypeIsKept();
    void unmatchedRefundIsKeptAsUnmatched();
    void duplicateChangesNothing();
    void rotationAcceptsEitherSecret();
    void wrongMethodAndPath();
    void secretFileWithWidePermissionsIsRefused();
    void missingSecretIsRefused();

private:
    ops::test::HttpReply post(const QByteArray &body, const QByteArray &signature);
    json health();
    int events(const QString &where = u"1 = 1"_s) const
    {
        return ops::test::TestDatabase::probeCount(
            m_db.location(), u"SELECT COUNT(*) FROM provider_events WHERE "_s + where);
    }
    QProcessEnvironment baseEnv() const;
    // `opsctl webhook serve` run to its end with HOME (and the config folder) at `home`.
    ops::test::ProcessRun serveWithHome(const QString &home) const;

    ops::test::TestDatabase m_db;
    std::unique_ptr<ops::test::WebhookServeProcess> m_serve;
};

// On PostgreSQL the receiver is the service: it logs in as svc (teamfixture.h), its password in
// PGPASSWORD; the owner only migrated (issue 50).
QProcessEnvironment TestWebhookInput::baseEnv() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    if (ops::test::onPostgres()) {
        const QString svc = ops::test::pidName(u"svc"_s);
        env.insert(u"OPS_DB"_s, ops::test::locationAs(m_db.location(), svc));
        env.insert(u"PGPASSWORD"_s, ops::test::passwordOf(svc));
    } else {
        env.insert(u"OPS_DB"_s, m_db.location());
    }
    env.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
    env.remove(u"OPS_STRIPE_WEBHOOK_SECRET"_s);
    env.remove(u"OPS_WEBHOOK_TEST_STALL"_s);
    return env;
}

ops::test::ProcessRun TestWebhookInput::serveWithHome(const QString &home) const
{
    QProcessEnvironment env = baseEnv();
    env.insert(u"HOME"_s, home);
    env.insert(u"XDG_CONFIG_HOME"_s, home + u"/.config"_s);
    return ops::test::runProcess(ops::test::opsctlPath(), {u"webhook"_s, u"serve"_s}, env, 20000);
}

void TestWebhookInput::initTestCase()
{
    if (ops::test::onPostgres()) {
        const QString error = ops::test::prepareTeam();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString name = u"webhookinput-migrate"_s;
        {
            ops::Connection owner = ops::Database::open(m_db.location(), name);
            ops::Database::migrate(owner);
        }
        QSqlDatabase::removeDatabase(name);
    }
    QProcessEnvironment env = baseEnv();
    env.insert(u"OPS_STRIPE_WEBHOOK_SECRET"_s, u"whsec_old_one,"_s + QString::fromLatin1(kSecret));
    m_serve = std::make_unique<ops::test::WebhookServeProcess>(ops::test::opsctlPath(), env);
    QVERIFY2(m_serve->start(), qPrintable(m_serve->firstLine()));
}

void TestWebhookInput::cleanupTestCase()
{
    const QByteArray log = m_serve->process()->readAllStandardError();
    m_serve->terminate();
    QVERIFY2(!log.contains(QByteArray::fromStdString(kBodyMarker)), "a body reached the log");
    QVERIFY2(!log.contains(kSecret), "a secret reached the log");
    if (ops::test::onPostgres())
        QVERIFY(ops::test::dropTeam({}).isEmpty());
}

ops::test::HttpReply TestWebhookInput::post(const QByteArray &body, const QByteArray &signature)
{
    ops::test::RawHttpConnection c(u"127.0.0.1"_s, m_serve->port());
    ops::test::HeaderList headers = {{"Content-Type", "application/json"}};
    if (!signature.isNull())
        headers.append({"Stripe-Signature", signature});
    return c.request("POST", u"/webhooks/stripe"_s, body, headers, 20000);
}

json TestWebhookInput::health()
{
    ops::test::RawHttpConnection c(u"127.0.0.1"_s, m_serve->port());
    return c.request("GET", u"/healthz"_s).json();
}

void TestWebhookInput::refusedStoresNothingAndIsCounted_data()
{
    // A row is signed in the test function (secret not empty: with that secret at now + offset).
    // Delivery only ages a signature, so "301 s old" stays stale however slow the run; the future
    // row keeps a minute of margin because a sanitized run can take seconds to deliver it.
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("header"); // used as is when secret is empty
    QTest::addColumn<QByteArray>("secret");
    QTest::addColumn<qint64>("offset");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("reason");
    const QByteArray body = eventBody("evt_bad_1", refundObject("re_bad_1"));
    const QByteArray none;
    QTest::newRow("no header") << body << none << none << 0LL << 400 << u"missing_signature"_s;
    QTest::newRow("malformed header")
        << body << QByteArray("v1 deadbeef") << none << 0LL << 400 << u"malformed_signature"_s;
    QTest::newRow("t not a number")
        << body << QByteArray("t=soon,v1=00") << none << 0LL << 400 << u"malformed_signature"_s;
    QTest::newRow("no v1") << body << ("t=" + QByteArray::number(unixNow()) + ",v0=abcdef") << none
                           << 0LL << 400 << u"no_v1_signature"_s;
    QTest::newRow("wrong secret") << body << none << QByteArray("whsec_other") << 0LL << 400
                                  << u"bad_signature"_s;
    const QByteArray good = stripeSignature(kSecret, unixNow(), body);
    QByteArray changed = body;
    changed[changed.indexOf("1200")] = '2';
    QTest::newRow("one byte changed")
        << changed << good << none << 0LL << 400 << u"bad_signature"_s;
    QTest::newRow("301 s old") << body << none << kSecret << -301LL << 400 << u"stale_timestamp"_s;
    QTest::newRow("360 s in the future")
        << body << none << kSecret << 360LL << 400 << u"future_timestamp"_s;
    QByteArray huge = body;
    huge.insert(huge.lastIndexOf('}'), ",\"pad\":\"" + QByteArray(1024 * 1024, 'x') + "\"");
    QTest::newRow("over 1 MiB") << huge << none << kSecret << 0LL << 413 << u"too_large"_s;
    const QByteArray notJson =
        "{\"id\":\"evt_x\", this is not json " + QByteArray::fromStdString(kBodyMarker);
    QTest::newRow("signed invalid JSON")
        << notJson << none << kSecret << 0LL << 400 << u"invalid_event"_s;
    const QByteArray notEvent = R"({"object":"refund","id":"re_1"})";
    QTest::newRow("signed JSON that is no event")
        << notEvent << none << kSecret << 0LL << 400 << u"invalid_event"_s;
    const QByteArray live = eventBody("evt_live_1", refundObject("re_live_1"), true);
    QTest::newRow("livemode true vs a test key")
        << live << none << kSecret << 0LL << 400 << u"livemode_mismatch"_s;
}

void TestWebhookInput::refusedStoresNothingAndIsCounted()
{
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, header);
    QFETCH(QByteArray, secret);
    QFETCH(qint64, offset);
    QFETCH(int, status);
    QFETCH(QString, reason);
    const QByteArray signature =
        secret.isEmpty() ? header : stripeSignature(secret, unixNow() + offset, body);
    const json before = health();
    const int stored = events();
    const auto reply = post(body, signature);
    QCOMPARE(reply.status, status);
    QCOMPARE(QString::fromStdString(reply.json()["error"].value("code", "")), reason);
    QCOMPARE(events(), stored);
    const json after = health();
    const std::string key = reason.toStdString();
    QCOMPARE(after["refused"].value(key, 0), before["refused"].value(key, 0) + 1);
    QCOMPARE(after["refused_total"].get<int>(), before["refused_total"].get<int>() + 1);
    QVERIFY(after["stored"] == before["stored"]);
}

void TestWebhookInput::unhandledObjectTypeIsKept()
{
    const json charge = {{"id", "ch_elsewhere"},
                         {"object", "charge"},
                         {"amount", 5000},
                         {"amount_refunded", 1200},
                         {"currency", "usd"}};
    const QByteArray body = eventBody("evt_charge_1", charge);
    const auto reply = post(body, stripeSignature(kSecret, unixNow(), body));
    QCOMPARE(reply.status, 200);
    QCOMPARE(reply.json().value("outcome", ""), "ignored");
    QCOMPARE(events(u"id = 'evt_charge_1' AND object_type = 'charge' AND operation_id IS NULL "
                    "AND outcome = 'ignored'"_s),
             1);
    QCOMPARE(
        ops::test::TestDatabase::probeCount(m_db.location(), u"SELECT COUNT(*) FROM evidence"_s),
        0);
}

void TestWebhookInput::unmatchedRefundIsKeptAsUnmatched()
{
    // A refund made in the Dashboard: no operation id, no key of ours, no reference we know.
    const QByteArray body = eventBody("evt_unmatched_1", refundObject("re_dashboard_1"));
    const auto reply = post(body, stripeSignature(kSecret, unixNow() - 299, body));
    QCOMPARE(reply.status, 200);
    QVERIFY(reply.json()["operation_id"].is_null());
    QCOMPARE(events(u"id = 'evt_unmatched_1' AND operation_id IS NULL AND object_type = 'refund' "
                    "AND object_id = 're_dashboard_1'"_s),
             1);
    QCOMPARE(ops::test::TestDatabase::probeCount(
                 m_db.location(), u"SELECT COUNT(*) FROM operations WHERE state <> 'open'"_s),
             0);
}

void TestWebhookInput::duplicateChangesNothing()
{
    const QByteArray body = eventBody("evt_dup_1", refundObject("re_dup_1"));
    QCOMPARE(post(body, stripeSignature(kSecret, unixNow(), body)).status, 200);
    const int auditRows =
        ops::test::TestDatabase::probeCount(m_db.location(), u"SELECT COUNT(*) FROM audit"_s);
    const auto again = post(body, stripeSignature(kSecret, unixNow(), body));
    QCOMPARE(again.status, 200);
    QVERIFY(again.json().value("duplicate", false));
    QCOMPARE(events(u"id = 'evt_dup_1'"_s), 1);
    QCOMPARE(ops::test::TestDatabase::probeCount(m_db.location(), u"SELECT COUNT(*) FROM audit"_s),
             auditRows);
}

void TestWebhookInput::rotationAcceptsEitherSecret()
{
    const QByteArray body = eventBody("evt_rotated_1", refundObject("re_rotated_1"));
    const qint64 now = unixNow();
    // Stripe sends one v1 per active secret during a rotation; the old secret alone also holds.
    const QByteArray both = stripeSignature("whsec_unknown", now, body) +
                            ",v1=" + ops::test::stripeV1("whsec_old_one", now, body);
    QCOMPARE(post(body, both).status, 200);
    QCOMPARE(events(u"id = 'evt_rotated_1'"_s), 1);
}

void TestWebhookInput::wrongMethodAndPath()
{
    ops::test::RawHttpConnection c(u"127.0.0.1"_s, m_serve->port());
    QCOMPARE(c.request("GET", u"/webhooks/stripe"_s).status, 405);
    ops::test::RawHttpConnection d(u"127.0.0.1"_s, m_serve->port());
    QCOMPARE(d.request("POST", u"/elsewhere"_s, "{}").status, 404);
}

void TestWebhookInput::secretFileWithWidePermissionsIsRefused()
{
    QTemporaryDir home;
    QDir().mkpath(home.path() + u"/.config/opsconsole"_s);
    QFile key(home.path() + u"/.config/opsconsole/stripe-webhook.key"_s);
    QVERIFY(key.open(QIODevice::WriteOnly));
    key.write(kSecret);
    key.close();
    key.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ReadOther);
    const auto run = serveWithHome(home.path());
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.errText().contains(u"chmod 600"_s), qPrintable(run.errText()));
    QVERIFY(!run.err.contains(kSecret));
}

void TestWebhookInput::missingSecretIsRefused()
{
    QTemporaryDir home;
    const auto run = serveWithHome(home.path());
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.errText().contains(u"OPS_STRIPE_WEBHOOK_SECRET"_s), qPrintable(run.errText()));
}

QTEST_GUILESS_MAIN(TestWebhookInput)
#include "tst_webhookinput.moc"
