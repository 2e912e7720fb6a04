// The events backfill resumes (issue 13 item 4 and the console issue's item 6): an import stopped
// half-way by the provider — provider-sim answering 503 to one GET /v1/events in the middle of
// the forward paging — keeps what it committed and the cursor; run again it reads on from the
// stored cursor, re-reads nothing it committed, and no event is stored or applied twice. Real
// provider-sim over loopback, a real database (PostgreSQL too as _pg). The only test hook is the
// moment the fault is armed: a transport that forwards every request to the real one and asks
// the simulator for the 503 just before the Nth event list.

#include "storage/events/eventstore.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"
#include "support/simtestutil.h"
#include "transport/httptransport.h"
#include "webhook/eventimport.h"

#include <QSet>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

constexpr int kRefunds = 60;  // refund.created + charge.refunded each: 120 events
constexpr int kPageSize = 25; // back 5 pages to the oldest (20 events), then 4 pages forward
const QString kOp = u"op_import_resume"_s;

// Forwards to a real QtHttpTransport; before the `failAt`-th GET /v1/events it arms one 503 on
// that route in the simulator.
class ArmingTransport final : public HttpTransport
{
public:
    ArmingTransport(test::SimProcess &sim, int failAt)
        : m_sim(sim)
        , m_failAt(failAt)
    {}
    HttpResponse send(const HttpRequest &request, std::chrono::milliseconds timeout) override
    {
        if (request.method == "GET" && request.url.path() == u"/v1/events"_s &&
            ++m_lists == m_failAt)
            m_sim.admin("POST", u"/_sim/faults"_s,
                        {{"route", "GET /v1/events"}, {"mode", "503"}, {"count", 1}});
        return m_real.send(request, timeout);
    }
    int lists() const { return m_lists; }

private:
    test::SimProcess &m_sim;
    QtHttpTransport m_real;
    int m_failAt = 0;
    int m_lists = 0;
};

} // namespace

class TestEventImport : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void stoppedHalfWayResumesFromTheStoredCursor();

private:
    int count(const QString &sql);
    EventImportReport runImport(int failAt);

    std::unique_ptr<test::SimProcess> m_sim;
    std::unique_ptr<test::RolesFixture> m_fx;
};

void TestEventImport::initTestCase()
{
    m_sim = test::startDemoSim();
    QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->error()));
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestEventImport::cleanupTestCase()
{
    m_fx.reset();
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

int TestEventImport::count(const QString &sql)
{
    Query q = runQuery(connectionOf(m_fx->store()), sql);
    return q.next() ? q.value(0).toInt() : -1;
}

EventImportReport TestEventImport::runImport(int failAt)
{
    ArmingTransport transport(*m_sim, failAt);
    StripeClient client(transport, {m_sim->baseUrl(), u"sk_test_demo"_s});
    EventImportOptions options;
    options.pageSize = kPageSize;
    // The import is the service's (system:events-import): store() is its login on PostgreSQL.
    return EventImport(m_fx->session(), client).run(options);
}

void TestEventImport::stoppedHalfWayResumesFromTheStoredCursor()
{
    m_fx = std::make_unique<test::RolesFixture>();
    // Ours: 38.00 USD on ch_1002, unknown after a stored 500; the agent's (naming its login on
    // PostgreSQL, migration 0013).
    NewOperation ours = test::refundOperation(kOp, u"1002"_s);
    ours.agent = m_fx->agentOf();
    test::unknownAfterStored500(m_fx->agent(), ours);
    // The provider's history: refunds on ch_1002, one of them ours (in the middle of the pages).
    for (int i = 0; i < kRefunds; ++i) {
        const bool ours = i == kRefunds / 2;
        const QByteArray body =
            ours ? test::form({{u"charge"_s, u"ch_1002"_s},
                               {u"amount"_s, u"3800"_s},
                               {u"metadata[operation_id]"_s, kOp}})
                 : test::form({{u"charge"_s, u"ch_1002"_s}, {u"amount"_s, u"1"_s}});
        QCOMPARE(test::postRefund(*m_sim, body, ours ? u"key-"_s + kOp : QString()).status, 200);
    }
    QSet<QString> provider;
    for (QString after;;) {
        const auto page =
            test::stripeGet(*m_sim,
                            u"/v1/events?limit=100"_s +
                                (after.isEmpty() ? QString() : u"&starting_after="_s + after))
                .json();
        for (const auto &e : page["data"])
            provider.insert(test::str(e, "id"));
        if (!page.value("has_more", false) || page["data"].empty())
            break;
        after = test::str(page["data"].back(), "id");
    }
    QCOMPARE(provider.size(), 2 * kRefunds);

    // First run: five lists back to the oldest page, then forward; the seventh list (the
    // second forward page) gets a 503.
    const EventImportReport first = runImport(7);
    QVERIFY2(first.error.contains(u"503"_s), qPrintable(first.error));
    QVERIFY(!first.resumed);
    QCOMPARE(first.pages, 2); // the oldest page and the first forward page, each committed
    QCOMPARE(first.stored, 20 + kPageSize);
    QCOMPARE(count(u"SELECT COUNT(*) FROM provider_events"_s), first.stored);
    EventStore events(connectionOf(m_fx->store()), m_fx->clock());
    QCOMPARE(events.cursor(u"stripe.events"_s).value_or(QString()), first.cursor);
    QVERIFY(provider.contains(first.cursor));

    // Second run: from the stored cursor to the newest; nothing committed is read again.
    const EventImportReport second = runImport(0);
    QVERIFY2(second.error.isEmpty(), qPrintable(second.error));
    QVERIFY(second.resumed);
    QCOMPARE(second.duplicates, 0);
    QCOMPARE(second.seen, 2 * kRefunds - first.stored);
    QCOMPARE(first.stored + second.stored, 2 * kRefunds);
    QCOMPARE(count(u"SELECT COUNT(*) FROM provider_events"_s), 2 * kRefunds);
    QCOMPARE(count(u"SELECT COUNT(DISTINCT id) FROM provider_events"_s), 2 * kRefunds);
    QSet<QString> stored;
    Query ids = runQuery(connectionOf(m_fx->store()), u"SELECT id FROM provider_events"_s);
    while (ids.next())
        stored.insert(ids.value(0).toString());
    QCOMPARE(stored, provider);

    // Our refund's event closed our row once, with one evidence item and one close.
    const Operation op = *m_fx->store().operation(kOp);
    QCOMPARE(toString(op.state), u"succeeded"_s);
    QCOMPARE(op.closedBy, u"system:events-import"_s);
    QCOMPARE(count(u"SELECT COUNT(*) FROM evidence WHERE operation_id = '%1' AND kind = "
                   "'provider_event'"_s.arg(kOp)),
             1);
    QCOMPARE(count(u"SELECT COUNT(*) FROM provider_events WHERE operation_id = '%1' AND "
                   "outcome = 'applied'"_s.arg(kOp)),
             1);

    // A third run finds nothing new and changes nothing.
    const int audits = count(u"SELECT COUNT(*) FROM audit"_s);
    const EventImportReport third = runImport(0);
    QVERIFY2(third.error.isEmpty(), qPrintable(third.error));
    QCOMPARE(third.stored, 0);
    QCOMPARE(third.seen, 0);
    QCOMPARE(count(u"SELECT COUNT(*) FROM audit"_s), audits);
    QCOMPARE(third.cursor, second.cursor);
}

QTEST_GUILESS_MAIN(TestEventImport)
#include "tst_eventimport.moc"
