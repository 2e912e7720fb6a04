#pragma once

// The refund engine's test harness: the real provider-sim over loopback HTTP, a real SQLite file
// (or PostgreSQL database), a manual clock and a sleeper that records instead of sleeping. Shared
// by tst_refundengine (rules 1–10), tst_refundrepeat (rule 13, PaymentIntent, reason) and
// tst_agentlimits; each test is its own executable, so the helpers are inline.
//
// Who acts (issue 50, rolesfixture.h): the engine runs the agent's refunds on the agent's store;
// a person's resend runs on an engine of that person's store (the same engine on SQLite, where
// every actor shares one connection; their own login on PostgreSQL).

#include "engine/refundengine.h"
#include "storage/access/repeatwindow.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QRegularExpression>
#include <QSqlQuery>
#include <QTest>
#include <map>

namespace ops::test::refund {

using namespace Qt::StringLiterals;
using nlohmann::json;

// Real HTTP, plus a check made at the moment of sending: the attempt about to go out must
// already be committed, visible from another connection (rule 1 and rule 4).
// On PostgreSQL that connection is the owner's (RolesFixture::path()): it only reads.
class CommitCheckingTransport final : public HttpTransport
{
public:
    explicit CommitCheckingTransport(QString dbPath)
        : m_dbPath(std::move(dbPath))
    {}
    HttpResponse send(const HttpRequest &request, std::chrono::milliseconds timeout) override
    {
        if (request.method == "POST")
            checkCommitted(request);
        return m_real.send(request, timeout);
    }
    QStringList violations;

private:
    void checkCommitted(const HttpRequest &request)
    {
        QString key;
        for (const auto &[name, value] : request.headers) {
            if (name == "Idempotency-Key")
                key = QString::fromUtf8(value);
        }
        Connection db = Database::open(m_dbPath, StoreFixture::nextConnection());
        QSqlQuery q(db);
        q.prepare(u"SELECT o.request_body, (SELECT COUNT(*) FROM attempts a WHERE "
                  "a.operation_id = o.id AND a.classification = 'in_flight') FROM operations o "
                  "WHERE o.idempotency_key = ?"_s);
        q.addBindValue(key);
        if (!q.exec() || !q.next())
            violations << u"no committed row holds key %1"_s.arg(key);
        else if (q.value(1).toInt() != 1)
            violations << u"attempt not committed before sending"_s;
        else if (q.value(0).toByteArray() != request.body)
            violations << u"sent bytes differ from the stored request"_s;
    }

    QString m_dbPath;
    QtHttpTransport m_real;
};

struct Harness
{
    RolesFixture fixture;
    SimProcess sim{ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir())};
    std::unique_ptr<CommitCheckingTransport> transport;
    std::unique_ptr<StripeClient> client;
    std::unique_ptr<RefundEngine> engine; // the agent's
    std::map<QString, std::unique_ptr<RefundEngine>> people;
    QList<qint64> sleeps;

    bool start(const QString &secret = u"sk_test_demo"_s)
    {
        if (!sim.isRunning() && !sim.start())
            return false;
        transport = std::make_unique<CommitCheckingTransport>(fixture.path());
        client = std::make_unique<StripeClient>(
            *transport, StripeConfig{sim.baseUrl(), secret, std::chrono::milliseconds(400)});
        EngineConfig config;
        config.jitterSeed = 1;
        engine = std::make_unique<RefundEngine>(
            fixture.agentSession(), *client, config,
            [this](std::chrono::milliseconds ms) { sleeps << ms.count(); });
        people.clear();
        return true;
    }
    // The engine a person's resend runs on: the agent's where they share the store (SQLite).
    RefundEngine &engineOf(const QString &person)
    {
        Session &session = fixture.sessionAs(person);
        if (&session == &fixture.agentSession())
            return *engine;
        auto &own = people[person];
        if (!own) {
            EngineConfig config;
            config.jitterSeed = 1;
            own = std::make_unique<RefundEngine>(
                session, *client, config,
                [this](std::chrono::milliseconds ms) { sleeps << ms.count(); });
        }
        return *own;
    }
    // The operator resend of `person` (alice, bob, carol) under their actor name.
    ToolResult resend(const QString &operationId, const QString &person)
    {
        return engineOf(person).resend(operationId, personActorOf(person));
    }
    ToolResult refund(const QString &order, const QString &charge, qint64 amount)
    {
        return engine->refund({order, charge, amount, u"usd"_s}, u"agent:toolu_01"_s);
    }
    ToolResult refund(const RefundInput &input)
    {
        return engine->refund(input, u"agent:toolu_01"_s);
    }
    json refundPosts()
    {
        json posts = json::array();
        const json all = sim.requests(); // keep the document alive while iterating its array
        for (const auto &r : all["requests"]) {
            if (r.value("method", "") == "POST" && r.value("path", "") == "/v1/refunds")
                posts.push_back(r);
        }
        return posts;
    }
    size_t movements() { return sim.ledger()["movements"].size(); }
    size_t paymentIntentReads()
    {
        size_t n = 0;
        const json all = sim.requests();
        for (const auto &r : all["requests"])
            n += r.value("path", "").rfind("/v1/payment_intents/", 0) == 0;
        return n;
    }
    // The audit entries of one action, oldest first.
    std::vector<AuditEntry> audit(const QString &operationId, const QString &action)
    {
        std::vector<AuditEntry> out;
        for (const auto &e : fixture.agent().audit(operationId)) {
            if (e.action == action)
                out.push_back(e);
        }
        return out;
    }
    void fault(const char *mode, int count, int delayMs = 0)
    {
        sim.addFault({{"route", "POST /v1/refunds"},
                      {"mode", mode},
                      {"count", count},
                      {"delay_ms", delayMs}});
    }
};

inline QString str(const json &j)
{
    return j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString();
}
inline QByteArray bytes(const json &j)
{
    return str(j).toUtf8();
}
inline QString status(const ToolResult &r)
{
    return QString::fromStdString(r.toJson()["status"].get<std::string>());
}

} // namespace ops::test::refund
