// provider-sim delivering real signed webhooks to a running `opsctl webhook serve` (issue 13):
// under duplicate, reorder, delay and fail_endpoint faults every unknown refund whose money moved
// ends succeeded with the event as evidence, none whose money did not move is closed, every
// delivery ends 2xx and no event is applied twice; pending refunds settle forward (a later
// failure raises Attention); a receiver SIGKILLed before or after its commit is retried into
// exactly one application; two receivers on one database getting the same event apply it once;
// `opsctl events import` afterwards finds nothing new. Runs on PostgreSQL too (_pg).

#include "support/processrun.h"
#include "support/simprocess.h"
#include "support/teamfixture.h"
#include "support/testpaths.h"
#include "support/webhookserveprocess.h"

#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>
#include <QThread>

using namespace Qt::StringLiterals;
using nlohmann::json;
using ops::test::SimProcess;
using ops::test::WebhookServeProcess;

namespace {

const QString kSecret = u"whsec_delivery_test"_s;

QString str(const json &j)
{
    return j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString();
}

// One database, its environment for opsctl, and the receivers started on it.
struct Fixture
{
    ops::test::TestDatabase db;
    QProcessEnvironment env;
    std::vector<std::unique_ptr<WebhookServeProcess>> receivers;

    // The environment of an opsctl that acts as `who` of the team: on PostgreSQL its own login
    // (teamfixture.h; refunds as the agent, receivers and imports as the service, issue 50).
    QProcessEnvironment as(const QString &who) const
    {
        if (!ops::test::onPostgres())
            return env;
        QProcessEnvironment e = env;
        e.insert(u"OPS_DB"_s, ops::test::locationAs(db.location(), ops::test::pidName(who)));
        e.insert(u"PGPASSWORD"_s, ops::test::passwordOf(ops::test::pidName(who)));
        return e;
    }
    int count(const QString &sql) const
    {
        return ops::test::TestDatabase::probeCount(db.location(), sql);
    }
    QString value(const QString &sql) const
    {
        static int n = 0;
        const QString name = u"delivery-probe-%1"_s.arg(++n);
        QString out;
        {
            QSqlDatabase c = ops::Database::open(db.location(), name);
            QSqlQuery q(c);
            if (q.exec(sql) && q.next())
                out = q.value(0).toString();
        }
        QSqlDatabase::removeDatabase(name);
        return out;
    }
};

} // namespace

class TestWebhookDelivery : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void eventsSettleUnknownRefundsUnderFaults();
    void pendingRefundsSettleForwardAndAFailureRaisesAttention();
    void sigkilledReceiverAppliesOnce_data();
    void sigkilledReceiverAppliesOnce();
    void twoReceiversOneDatabaseApplyOnce();

private:
    std::unique_ptr<Fixture> fixture();
    WebhookServeProcess *startReceiver(Fixture &f, quint16 port = 0, const QString &stall = {});
    // A loopback port a receiver listened on a moment ago and no longer does: deliveries to it
    // are refused (and retried) until a receiver starts there.
    quint16 idlePort(Fixture &f);
    static QString urlFor(quint16 port)
    {
        return u"http://127.0.0.1:%1/webhooks/stripe"_s.arg(port);
    }
    void registerEndpoint(const QString &url, const json &events = json::array({"*"}));
    // An `unknown` refund row: the provider stores a 500 under the key, having applied the
    // refund (money moved) or not.
    // On a charge of its own: chargePrefix "ch_w" (refunds succeed) or "ch_wp" (pending).
    QString unknownRefund(Fixture &f, const QString &chargePrefix, int amount, bool moneyMoves);
    // The refund's operation id when opsctl answered `status`, else empty.
    QString opsctlRefund(Fixture &f, const QString &charge, int amount, const QString &status);
    // The simulator's events, all pages; only those of `type` when given.
    json events(const std::string &type = {});
    // Every event (of `type`) delivered to every endpoint, each delivery's last attempt 2xx.
    bool waitUntilDelivered(int endpoints, QString *why, const std::string &type = {});
    QString refundIdFor(const QString &operationId);

    std::unique_ptr<SimProcess> m_sim;
    int m_order = 0;
    int m_charge = 0;
};

void TestWebhookDelivery::initTestCase()
{
    m_sim = std::make_unique<SimProcess>(ops::test::providerSimPath(),
                                         SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(m_sim->start(), qPrintable(m_sim->error()));
    // One charge per refund, so the refundable balance (rule 9, which counts an unknown row and
    // the provider's refunded amount alike) never stands in the way.
    json charges = json::array();
    for (int i = 1; i <= 40; ++i) {
        charges.push_back(
            {{"id", "ch_w" + std::to_string(i)}, {"amount", 10000}, {"currency", "usd"}});
        charges.push_back({{"id", "ch_wp" + std::to_string(i)},
                           {"amount", 10000},
                           {"currency", "usd"},
                           {"refund_status", "pending"}});
    }
    m_sim->seed({{"charges", charges}});
    QVERIFY2(m_sim->error().isEmpty(), qPrintable(m_sim->error()));
    if (ops::test::onPostgres()) {
        const QString error = ops::test::prepareTeam();
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
}

void TestWebhookDelivery::cleanupTestCase()
{
    if (ops::test::onPostgres())
        QVERIFY(ops::test::dropTeam({}).isEmpty());
}

void TestWebhookDelivery::init()
{
    m_sim->reset();
}

std::unique_ptr<Fixture> TestWebhookDelivery::fixture()
{
    auto f = std::make_unique<Fixture>();
    f->env = QProcessEnvironment::systemEnvironment();
    f->env.insert(u"OPS_DB"_s, f->db.location());
    f->env.insert(u"OPS_STRIPE_URL"_s, m_sim->baseUrl().toString());
    f->env.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
    f->env.insert(u"OPS_STRIPE_WEBHOOK_SECRET"_s, kSecret);
    f->env.insert(u"OPS_ATTEMPT_TIMEOUT_MS"_s, u"2000"_s);
    f->env.insert(u"OPS_BACKOFF_BASE_MS"_s, u"20"_s);
    f->env.insert(u"OPS_BACKOFF_CAP_MS"_s, u"100"_s);
    f->env.remove(u"OPS_OPERATOR"_s);
    f->env.remove(u"OPS_WEBHOOK_TEST_STALL"_s);
    if (ops::test::onPostgres()) { // the owner migrates; the team's logins may not
        const QString name = u"delivery-migrate"_s;
        {
            ops::Connection owner = ops::Database::open(f->db.location(), name);
            ops::Database::migrate(owner);
        }
        QSqlDatabase::removeDatabase(name);
    }
    return f;
}

WebhookServeProcess *TestWebhookDelivery::startReceiver(Fixture &f, quint16 port,
                                                        const QString &stall)
{
    QProcessEnvironment env = f.as(u"svc"_s);
    if (!stall.isEmpty())
        env.insert(u"OPS_WEBHOOK_TEST_STALL"_s, stall);
    auto r = std::make_unique<WebhookServeProcess>(ops::test::opsctlPath(), env);
    if (!r->start(port))
        return nullptr;
    f.receivers.push_back(std::move(r));
    return f.receivers.back().get();
}

quint16 TestWebhookDelivery::idlePort(Fixture &f)
{
    WebhookServeProcess *r = startReceiver(f);
    if (!r)
        return 0;
    const quint16 port = r->port();
    r->terminate();
    return port;
}

void TestWebhookDelivery::registerEndpoint(const QString &url, const json &types)
{
    const json added = m_sim->admin("POST", u"/_sim/webhooks"_s,
                                    {{"url", url.toStdString()},
                                     {"secret", kSecret.toStdString()},
                                     {"events", types},
                                     {"timeout_ms", 1500},
                                     {"retry_base_ms", 100},
                                     {"retry_max_ms", 400},
                                     {"max_attempts", 60}});
    QVERIFY2(added.contains("endpoint"), qPrintable(m_sim->error()));
}

QString TestWebhookDelivery::opsctlRefund(Fixture &f, const QString &charge, int amount,
                                          const QString &status)
{
    const auto run =
        ops::test::runProcess(ops::test::opsctlPath(),
                              {u"refund"_s, u"--order"_s, u"wh-%1"_s.arg(++m_order), u"--charge"_s,
                               charge, u"--amount"_s, QString::number(amount)},
                              f.as(u"agent"_s), 60000);
    if (str(run.result()["status"]) != status) {
        qWarning("opsctl refund: %s %s", run.out.constData(), run.err.constData());
        return {};
    }
    return str(run.result()["operation_id"]);
}

QString TestWebhookDelivery::unknownRefund(Fixture &f, const QString &chargePrefix, int amount,
                                           bool moneyMoves)
{
    const QString charge = chargePrefix + QString::number(++m_charge);
    m_sim->addFault({{"route", "POST /v1/refunds"},
                     {"mode", "stored_500"},
                     {"apply", moneyMoves},
                     {"count", 1}});
    // The tool answered "checking": the row was unknown (an event may close it at any moment).
    return opsctlRefund(f, charge, amount, u"checking"_s);
}

json TestWebhookDelivery::events(const std::string &type)
{
    ops::test::HeaderList auth = {{"Authorization", "Bearer sk_test_demo"}};
    json all = json::array();
    QString after;
    for (;;) {
        const QString query = after.isEmpty() ? u"/v1/events?limit=100"_s
                                              : u"/v1/events?limit=100&starting_after="_s + after;
        const json page = m_sim->request("GET", query, {}, auth).json();
        for (const auto &e : page["data"]) {
            if (type.empty() || e.value("type", "") == type)
                all.push_back(e);
        }
        if (!page.value("has_more", false) || page["data"].empty())
            return all;
        after = str(page["data"].back()["id"]);
    }
}

bool TestWebhookDelivery::waitUntilDelivered(int endpoints, QString *why, const std::string &type)
{
    QDeadlineTimer deadline(90000);
    while (!deadline.hasExpired()) {
        const json deliveries = m_sim->admin("GET", u"/_sim/webhooks/deliveries"_s)["deliveries"];
        std::map<std::string, json> last; // delivery id → its latest attempt
        for (const auto &a : deliveries)
            last[a["delivery"].dump()] = a;
        QSet<QString> delivered; // event|endpoint
        bool allFinal = true;
        for (const auto &[id, a] : last) {
            const int status = a["status"].is_number() ? a["status"].get<int>() : 0;
            if (a.value("outcome", "") == "delivered" && status >= 200 && status < 300)
                delivered.insert(str(a["event"]) + u'|' +
                                 QString::fromStdString(a["endpoint"].dump()));
            else
                allFinal = false;
        }
        const int expected = int(events(type).size()) * endpoints;
        if (allFinal && delivered.size() >= expected && expected > 0)
            return true;
        *why = u"%1 of %2 event deliveries done, all final: %3"_s.arg(delivered.size())
                   .arg(expected)
                   .arg(allFinal);
        QThread::msleep(200);
    }
    return false;
}

QString TestWebhookDelivery::refundIdFor(const QString &operationId)
{
    const json ledger = m_sim->ledger();
    for (const auto &m : ledger["movements"]) {
        if (str(m["operation_id"]) == operationId && m.value("kind", "") == "refund")
            return str(m["id"]);
    }
    return {};
}

void TestWebhookDelivery::eventsSettleUnknownRefundsUnderFaults()
{
    auto f = fixture();
    // The provider's incident: rows end unknown while no receiver answers; it starts afterwards
    // and the retried deliveries settle them.
    const quint16 port = idlePort(*f);
    QVERIFY(port);
    registerEndpoint(urlFor(port));
    m_sim->admin("POST", u"/_sim/faults"_s, {{"seed", 1313}});
    for (const json &rule : {json{{"mode", "duplicate"}, {"probability", 0.3}},
                             json{{"mode", "reorder"}, {"probability", 0.3}, {"delay_ms", 300}},
                             json{{"mode", "delay"}, {"probability", 0.3}, {"delay_ms", 200}},
                             json{{"mode", "fail_endpoint"}, {"count", 4}}}) {
        json r = rule;
        r["route"] = "WEBHOOK";
        m_sim->addFault(r);
    }
    QStringList moved;
    QStringList notMoved;
    for (int i = 0; i < 5; ++i)
        moved << unknownRefund(*f, u"ch_w"_s, 1000, true);
    for (int i = 0; i < 3; ++i)
        notMoved << unknownRefund(*f, u"ch_w"_s, 1000 + i, false);
    QVERIFY(!moved.contains(QString()) && !notMoved.contains(QString()));
    const QString confirmed =
        opsctlRefund(*f, u"ch_4417"_s, 3800, u"refunded"_s); // closed by its 2xx
    QVERIFY(!confirmed.isEmpty());
    QVERIFY(startReceiver(*f, port));

    QString why;
    QVERIFY2(waitUntilDelivered(1, &why), qPrintable(why));
    for (const QString &op : moved) {
        const QString ref = refundIdFor(op);
        QVERIFY(!ref.isEmpty());
        QCOMPARE(
            f->value(
                u"SELECT state || ' ' || provider_ref FROM operations WHERE id = '%1'"_s.arg(op)),
            u"succeeded "_s + ref);
        QCOMPARE(f->count(u"SELECT COUNT(*) FROM audit WHERE operation_id = '%1' AND action = "
                          "'state.succeeded' AND actor = 'system:webhook'"_s.arg(op)),
                 1);
        QVERIFY(f->count(u"SELECT COUNT(*) FROM evidence WHERE operation_id = '%1' AND kind = "
                         "'provider_event'"_s.arg(op)) >= 1);
    }
    for (const QString &op : notMoved) {
        QCOMPARE(f->value(u"SELECT state FROM operations WHERE id = '%1'"_s.arg(op)), u"unknown"_s);
        QCOMPARE(
            f->count(u"SELECT COUNT(*) FROM provider_events WHERE operation_id = '%1'"_s.arg(op)),
            0);
    }
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM audit WHERE action = 'state.succeeded' AND "
                      "operation_id = '%1'"_s.arg(confirmed)),
             1);
    // No event twice, every event once.
    const int distinct = int(events().size());
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM provider_events"_s), distinct);
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM audit WHERE action LIKE 'event.%'"_s),
             f->count(u"SELECT COUNT(*) FROM provider_events WHERE operation_id IS NOT NULL"_s));
    QVERIFY(m_sim->faultStats()["injected"].value("fail_endpoint", 0) > 0);

    // The backfill afterwards: the same events, nothing new, nothing changed.
    const int audits = f->count(u"SELECT COUNT(*) FROM audit"_s);
    const auto import = ops::test::runProcess(
        ops::test::opsctlPath(), {u"events"_s, u"import"_s, u"--json"_s}, f->as(u"svc"_s));
    QCOMPARE(import.exitCode, 0);
    QCOMPARE(import.result().value("stored", -1), 0);
    QCOMPARE(import.result()["seen"].get<int>(), distinct);
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM audit"_s), audits);
}

void TestWebhookDelivery::pendingRefundsSettleForwardAndAFailureRaisesAttention()
{
    auto f = fixture();
    const quint16 port = idlePort(*f);
    QVERIFY(port);
    registerEndpoint(urlFor(port));
    const QString settles = unknownRefund(*f, u"ch_wp"_s, 2000, true);
    const QString fails = unknownRefund(*f, u"ch_wp"_s, 2100, true);
    QVERIFY(!settles.isEmpty() && !fails.isEmpty());
    QVERIFY(startReceiver(*f, port));
    QString why;
    QVERIFY2(waitUntilDelivered(1, &why), qPrintable(why));
    for (const QString &op : {settles, fails})
        QCOMPARE(
            f->value(
                u"SELECT state || ' ' || provider_status FROM operations WHERE id = '%1'"_s.arg(
                    op)),
            u"succeeded pending"_s);

    m_sim->admin("POST", u"/_sim/refunds/%1/settle"_s.arg(refundIdFor(settles)),
                 {{"status", "succeeded"}});
    m_sim->admin("POST", u"/_sim/refunds/%1/settle"_s.arg(refundIdFor(fails)),
                 {{"status", "failed"}, {"failure_reason", "lost_or_stolen_card"}});
    QVERIFY2(waitUntilDelivered(1, &why), qPrintable(why));
    QCOMPARE(
        f->value(u"SELECT state || ' ' || provider_status FROM operations WHERE id = '%1'"_s.arg(
            settles)),
        u"succeeded succeeded"_s);
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM operations WHERE id = '%1' AND attention_at IS "
                      "NULL"_s.arg(settles)),
             1);
    // Accepted, then failed: the row stays succeeded (final) and a person must act.
    QCOMPARE(
        f->value(
            u"SELECT state || ' ' || provider_status FROM operations WHERE id = '%1'"_s.arg(fails)),
        u"succeeded failed"_s);
    QVERIFY(f->value(u"SELECT attention_reason FROM operations WHERE id = '%1'"_s.arg(fails))
                .contains(u"lost_or_stolen_card"_s));
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM audit WHERE operation_id = '%1' AND action = "
                      "'attention.raised' AND actor = 'system:webhook'"_s.arg(fails)),
             1);
}

void TestWebhookDelivery::sigkilledReceiverAppliesOnce_data()
{
    QTest::addColumn<QString>("stall");
    QTest::newRow("killed before its commit") << u"before_commit"_s;
    QTest::newRow("killed after its commit, before answering") << u"after_commit"_s;
}

void TestWebhookDelivery::sigkilledReceiverAppliesOnce()
{
    QFETCH(QString, stall);
    auto f = fixture();
    WebhookServeProcess *first = startReceiver(*f, 0, stall);
    QVERIFY(first);
    const quint16 port = first->port();
    registerEndpoint(first->url(), json::array({"refund.created"}));
    // The first delivery arrives after opsctl has finished with the row, so a receiver stalled
    // inside its write transaction holds up nobody but the provider.
    m_sim->addFault({{"route", "WEBHOOK"}, {"mode", "delay"}, {"count", 1}, {"delay_ms", 1500}});
    const QString op = unknownRefund(*f, u"ch_w"_s, 1500, true);
    QVERIFY(!op.isEmpty());
    QVERIFY(first->waitForStderr(u"test stall "_s + stall));
    const int stored = f->count(u"SELECT COUNT(*) FROM provider_events"_s);
    QCOMPARE(stored, stall == u"after_commit"_s ? 1 : 0);
    first->kill(); // SIGKILL: no answer ever reaches the provider
    QVERIFY(startReceiver(*f, port));
    QString why;
    QVERIFY2(waitUntilDelivered(1, &why, "refund.created"), qPrintable(why));
    QCOMPARE(f->value(u"SELECT state FROM operations WHERE id = '%1'"_s.arg(op)), u"succeeded"_s);
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM provider_events"_s), 1);
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM audit WHERE operation_id = '%1' AND action = "
                      "'state.succeeded'"_s.arg(op)),
             1);
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM evidence WHERE operation_id = '%1' AND kind = "
                      "'provider_event'"_s.arg(op)),
             1);
}

void TestWebhookDelivery::twoReceiversOneDatabaseApplyOnce()
{
    auto f = fixture();
    const quint16 a = idlePort(*f);
    const quint16 b = idlePort(*f);
    QVERIFY(a && b && a != b);
    // Two endpoints: every event reaches both receivers at about the same moment.
    registerEndpoint(urlFor(a));
    registerEndpoint(urlFor(b));
    QStringList ops;
    for (int i = 0; i < 4; ++i)
        ops << unknownRefund(*f, u"ch_w"_s, 2000 + i, true);
    QVERIFY(!ops.contains(QString()));
    QVERIFY(startReceiver(*f, a) && startReceiver(*f, b));
    QString why;
    QVERIFY2(waitUntilDelivered(2, &why), qPrintable(why));
    for (const QString &op : ops) {
        QCOMPARE(f->value(u"SELECT state FROM operations WHERE id = '%1'"_s.arg(op)),
                 u"succeeded"_s);
        QCOMPARE(f->count(u"SELECT COUNT(*) FROM audit WHERE operation_id = '%1' AND action = "
                          "'state.succeeded'"_s.arg(op)),
                 1);
    }
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM provider_events"_s), int(events().size()));
    QCOMPARE(f->count(u"SELECT COUNT(*) FROM evidence WHERE kind = 'provider_event'"_s),
             f->count(u"SELECT COUNT(*) FROM provider_events WHERE operation_id IS NOT NULL"_s));
}

QTEST_GUILESS_MAIN(TestWebhookDelivery)
#include "tst_webhookdelivery.moc"
