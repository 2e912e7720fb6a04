// provider-sim's four helpdesks over real HTTP (app/tools/providersim/README.md, *Helpdesks*):
// for each vendor a reply and a note stored and read back in its own shape, paging with a
// seeded page size, the check route, 401/404 in the vendor's shape with nothing stored, the
// size limit, stored 500 faults; Zendesk's closed ticket and safe_update; the rate limit
// (Retry-After, rate_limited) apart from an injected 429; duplicates; a malformed seed
// refused whole; reset. The official clients' view is tests/node/helpdesk-real-clients.test.mjs.

#include "helpdeskcalls.h"

using namespace ops::test;
using namespace Qt::StringLiterals;

namespace {

std::unique_ptr<SimProcess> startBareSim()
{
    auto sim = std::make_unique<SimProcess>(ops::test::providerSimPath());
    if (!sim->start())
        qWarning("provider-sim: %s", qPrintable(sim->error()));
    return sim;
}

} // namespace

class TestSimHelpdesk : public QObject
{
    Q_OBJECT

    std::unique_ptr<SimProcess> m_sim;

    nlohmann::json ledger(SimProcess *sim = nullptr)
    {
        return (sim ? sim : m_sim.get())->admin("GET", QStringLiteral("/_sim/helpdesk"));
    }
    qint64 count(const char *name, SimProcess *sim = nullptr)
    {
        return ledger(sim)["counts"][name].get<qint64>();
    }
    std::size_t ticketsWithPosts() { return ledger()["tickets"].size(); }

private slots:
    void initTestCase()
    {
        m_sim = startDemoSim();
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->error()));
    }

    void init() { m_sim->reset(); }

    void replyAndNoteReadBack_data() { addDeskRows(); }
    void replyAndNoteReadBack()
    {
        QFETCH(int, desk);
        const Desk d = Desk(desk);
        QCOMPARE(deskPost(*m_sim, d, u"1001"_s, "<p>Your refund is on its way.</p>").status,
                 postedStatus(d));
        QCOMPARE(deskPost(*m_sim, d, u"1001"_s, "<p>Checked by Ana.</p>", true).status,
                 postedStatus(d));
        const HttpReply read = deskGet(*m_sim, d, readPath(d, u"1001"_s));
        QCOMPARE(read.status, 200);
        const DeskPage page = pageOf(d, read, readPath(d, u"1001"_s));
        QCOMPARE(page.bodies, QStringList({u"<p>Your refund is on its way.</p>"_s,
                                           u"<p>Checked by Ana.</p>"_s}));
        QVERIFY(page.next.isEmpty());

        const nlohmann::json l = ledger();
        QCOMPARE(l["tickets"].size(), 1u);
        QCOMPARE(str(l["tickets"][0], "vendor"), QString::fromLatin1(deskName(d)));
        QCOMPARE(str(l["tickets"][0], "id"), u"1001"_s);
        const auto &posts = l["tickets"][0]["posts"];
        QCOMPARE(posts.size(), 2u);
        QCOMPARE(posts[0]["public"].get<bool>(), true);
        QCOMPARE(posts[0]["internal"].get<bool>(), false);
        QCOMPARE(posts[1]["public"].get<bool>(), false);
        QCOMPARE(posts[1]["internal"].get<bool>(), true);
        QCOMPARE(str(posts[1], "body"), QStringLiteral("<p>Checked by Ana.</p>"));
        QCOMPARE(count("replies"), 1);
        QCOMPARE(count("notes"), 1);

        const HttpReply check = deskGet(*m_sim, d, checkPath(d));
        QCOMPARE(check.status, 200);
        QVERIFY2(check.body.contains("agent@example.com") || check.body.contains("active"),
                 check.body.constData());
    }

    void pagination_data() { addDeskRows(); }
    void pagination()
    {
        QFETCH(int, desk);
        const Desk d = Desk(desk);
        auto sim = startBareSim();
        QVERIFY(sim->isRunning());
        sim->seed({{"helpdesk", {{"page_size", 2}}}});
        for (const char *body : {"<p>one</p>", "<p>two</p>", "<p>three</p>"})
            QCOMPARE(deskPost(*sim, d, u"1002"_s, body).status, postedStatus(d));
        const DeskPage first =
            pageOf(d, deskGet(*sim, d, readPath(d, u"1002"_s)), readPath(d, u"1002"_s));
        if (d == Desk::Intercom) { // a conversation is not paged
            QCOMPARE(first.bodies.size(), 3);
            return;
        }
        QCOMPARE(first.bodies, QStringList({u"<p>one</p>"_s, u"<p>two</p>"_s}));
        QVERIFY(!first.next.isEmpty());
        const HttpReply second = deskGet(*sim, d, first.next);
        QCOMPARE(second.status, 200);
        const DeskPage last = pageOf(d, second, readPath(d, u"1002"_s));
        QCOMPARE(last.bodies, QStringList({u"<p>three</p>"_s}));
        QVERIFY2(last.next.isEmpty(), qPrintable(last.next));
    }

    void zendeskPageLinks()
    {
        for (int i = 1; i <= 3; ++i)
            deskPost(*m_sim, Desk::Zendesk, u"1003"_s, "<p>" + std::to_string(i) + "</p>");
        const HttpReply r = deskGet(*m_sim, Desk::Zendesk,
                                    u"/api/v2/tickets/1003/comments.json?page=2&per_page=1"_s);
        const auto j = r.json();
        QCOMPARE(j["count"].get<int>(), 3);
        const QString host = QStringLiteral("http://127.0.0.1:%1").arg(m_sim->port());
        QCOMPARE(str(j, "next_page"),
                 host + u"/api/v2/tickets/1003/comments.json?page=3&per_page=1"_s);
        QCOMPARE(str(j, "previous_page"),
                 host + u"/api/v2/tickets/1003/comments.json?page=1&per_page=1"_s);
        QCOMPARE(deskGet(*m_sim, Desk::Zendesk, readPath(Desk::Zendesk, u"1003"_s) + u"?page=0"_s)
                     .status,
                 400);
    }

    void badCredentials_data() { addDeskRows(); }
    void badCredentials()
    {
        QFETCH(int, desk);
        const Desk d = Desk(desk);
        const HttpReply post = deskPost(*m_sim, d, u"1001"_s, "<p>x</p>", false, false);
        QCOMPARE(post.status, 401);
        const QByteArray shapes[] = {"Couldn't authenticate you", "Unauthorized", "unauthorized",
                                     "invalid_credentials"};
        QVERIFY2(post.body.contains(shapes[desk]), post.body.constData());
        QCOMPARE(deskGet(*m_sim, d, readPath(d, u"1001"_s), false).status, 401);
        QCOMPARE(deskGet(*m_sim, d, checkPath(d), false).status, 401);
        QCOMPARE(m_sim->request("GET", checkPath(d)).status, 401); // no Authorization at all
        QCOMPARE(ticketsWithPosts(), 0u);
    }

    void unknownTicket_data() { addDeskRows(); }
    void unknownTicket()
    {
        QFETCH(int, desk);
        const Desk d = Desk(desk);
        const HttpReply post = deskPost(*m_sim, d, u"4242"_s, "<p>x</p>");
        QCOMPARE(post.status, 404);
        const QByteArray shapes[] = {"RecordNotFound", "Resource not found.", "not_found",
                                     "The requested resource could not be found."};
        QVERIFY2(post.body.contains(shapes[desk]), post.body.constData());
        QCOMPARE(deskGet(*m_sim, d, readPath(d, u"4242"_s)).status, 404);
        QCOMPARE(ticketsWithPosts(), 0u);
    }

    void closedTicket_data() { addDeskRows(); }
    void closedTicket()
    {
        QFETCH(int, desk);
        const Desk d = Desk(desk);
        const HttpReply post = deskPost(*m_sim, d, u"1099"_s, "<p>late</p>");
        if (d == Desk::Zendesk) {
            QCOMPARE(post.status, 422);
            const auto j = post.json();
            QCOMPARE(str(j, "error"), QStringLiteral("RecordInvalid"));
            QCOMPARE(str(j["details"]["status"][0], "description"),
                     QStringLiteral("Status: closed prevents ticket update"));
            QCOMPARE(ticketsWithPosts(), 0u);
            return;
        }
        QCOMPARE(post.status, postedStatus(d));
        // Gorgias and Intercom reopen the ticket; Freshdesk leaves its status alone.
        const QString status = str(ledger()["tickets"][0], "status");
        QCOMPARE(status, d == Desk::Freshdesk ? QStringLiteral("closed") : QStringLiteral("open"));
    }

    void zendeskSafeUpdate()
    {
        const auto put = [this](const nlohmann::json &ticket) {
            return m_sim->request(
                "PUT", u"/api/v2/tickets/1004.json"_s,
                QByteArray::fromStdString(nlohmann::json{{"ticket", ticket}}.dump()),
                deskHeaders(Desk::Zendesk));
        };
        const HttpReply first = put({{"comment", {{"body", "first"}}}});
        QCOMPARE(first.status, 200);
        const std::string stamp = first.json()["ticket"]["updated_at"].get<std::string>();
        const HttpReply second = put(
            {{"comment", {{"body", "second"}}}, {"safe_update", true}, {"updated_stamp", stamp}});
        QCOMPARE(second.status, 200);
        QVERIFY(second.json()["ticket"]["updated_at"].get<std::string>() != stamp);
        // The first stamp is stale now.
        const HttpReply stale = put(
            {{"comment", {{"body", "third"}}}, {"safe_update", true}, {"updated_stamp", stamp}});
        QCOMPARE(stale.status, 409);
        QCOMPARE(str(stale.json(), "error"), QStringLiteral("UpdateConflict"));
        QCOMPARE(count("replies"), 2);
        // A comment with nothing in it is a validation error naming the base.
        const HttpReply blank = put({{"comment", {{"body", "  "}}}});
        QCOMPARE(blank.status, 422);
        QVERIFY(blank.json()["details"].contains("base"));
    }

    void oversizeBody_data() { addDeskRows(); }
    void oversizeBody()
    {
        QFETCH(int, desk);
        const Desk d = Desk(desk);
        const std::string limit(65536, 'a');
        QCOMPARE(deskPost(*m_sim, d, u"1005"_s, limit + "b").status, invalidStatus(d));
        QCOMPARE(ticketsWithPosts(), 0u);
        QCOMPARE(deskPost(*m_sim, d, u"1005"_s, limit).status, postedStatus(d));
        QCOMPARE(count("replies"), 1);
    }

    void rateLimit()
    {
        auto sim = startBareSim();
        QVERIFY(sim->isRunning());
        sim->seed({{"helpdesk", {{"rates", {{"gorgias", {{"requests", 3}, {"seconds", 60}}}}}}}});
        QCOMPARE(deskGet(*sim, Desk::Gorgias, checkPath(Desk::Gorgias)).status, 200);
        QCOMPARE(deskPost(*sim, Desk::Gorgias, u"1001"_s, "<p>a</p>").status, 201);
        QCOMPARE(deskGet(*sim, Desk::Gorgias, readPath(Desk::Gorgias, u"1001"_s)).status, 200);
        const HttpReply limited = deskPost(*sim, Desk::Gorgias, u"1001"_s, "<p>b</p>");
        QCOMPARE(limited.status, 429);
        QVERIFY(limited.header("retry-after").toInt() >= 1);
        QVERIFY(limited.json()["error"].contains("msg"));
        QCOMPARE(count("rate_limited", sim.get()), 1);
        QCOMPARE(count("replies", sim.get()), 1);
        // Another vendor's account has its own bucket.
        QCOMPARE(deskPost(*sim, Desk::Zendesk, u"1001"_s, "<p>b</p>").status, 200);
    }

    void intercomRateHeaders()
    {
        auto sim = startBareSim();
        QVERIFY(sim->isRunning());
        sim->seed({{"helpdesk", {{"rates", {{"intercom", {{"requests", 1}, {"seconds", 30}}}}}}}});
        QCOMPARE(deskGet(*sim, Desk::Intercom, checkPath(Desk::Intercom)).status, 200);
        const HttpReply limited = deskPost(*sim, Desk::Intercom, u"1001"_s, "<p>x</p>");
        QCOMPARE(limited.status, 429);
        QCOMPARE(str(limited.json()["errors"][0], "code"), QStringLiteral("rate_limit_exceeded"));
        QCOMPARE(limited.header("x-ratelimit-limit"), QByteArray("1"));
        QCOMPARE(limited.header("x-ratelimit-remaining"), QByteArray("0"));
        const qint64 reset = limited.header("x-ratelimit-reset").toLongLong();
        QVERIFY(reset > QDateTime::currentSecsSinceEpoch());
        QVERIFY(limited.header("retry-after").toInt() >= 1);
    }

    void injected429IsNotRateLimited()
    {
        m_sim->addFault({{"route", "POST /api/tickets/*/messages"}, {"mode", "429"}, {"count", 1}});
        const HttpReply r = deskPost(*m_sim, Desk::Gorgias, u"1001"_s, "<p>x</p>");
        QCOMPARE(r.status, 429);
        QCOMPARE(r.header("retry-after"), QByteArray("1"));
        QVERIFY(r.json()["error"].contains("msg")); // Gorgias' shape, not Stripe's
        QCOMPARE(count("rate_limited"), 0);
        m_sim->addFault({{"route", "GET /api/v2/tickets/*"}, {"mode", "503"}, {"count", 1}});
        const HttpReply busy = deskGet(*m_sim, Desk::Zendesk, readPath(Desk::Zendesk, u"1001"_s));
        QCOMPARE(busy.status, 503);
        QCOMPARE(str(busy.json(), "error"), QStringLiteral("ServiceUnavailable"));
    }

    void stored500_data() { addDeskRows(); }
    void stored500()
    {
        QFETCH(int, desk);
        const Desk d = Desk(desk);
        const QString route =
            QLatin1String(d == Desk::Zendesk ? "PUT " : "POST ") + postPath(d, u"*"_s, false);
        m_sim->addFault({{"route", route.toStdString()}, {"mode", "stored_500"}, {"count", 1}});
        QCOMPARE(deskPost(*m_sim, d, u"1006"_s, "<p>lost</p>").status, 500);
        QCOMPARE(ticketsWithPosts(), 0u);
        m_sim->addFault({{"route", route.toStdString()},
                         {"mode", "stored_500"},
                         {"apply", true},
                         {"count", 1}});
        QCOMPARE(deskPost(*m_sim, d, u"1006"_s, "<p>kept</p>").status, 500);
        QCOMPARE(str(ledger()["tickets"][0]["posts"][0], "body"), QStringLiteral("<p>kept</p>"));
        // The same fault by its own name.
        m_sim->addFault({{"route", route.toStdString()}, {"mode", "stored_500_applied"}});
        QCOMPARE(deskPost(*m_sim, d, u"1006"_s, "<p>kept too</p>").status, 500);
        m_sim->clearFaults();
        const DeskPage page =
            pageOf(d, deskGet(*m_sim, d, readPath(d, u"1006"_s)), readPath(d, u"1006"_s));
        QCOMPARE(page.bodies, QStringList({u"<p>kept</p>"_s, u"<p>kept too</p>"_s}));
        QCOMPARE(count("replies"), 2);
    }

    void duplicates()
    {
        const auto gorgias = [this](const std::string &body, const std::string &external) {
            return m_sim->request(
                "POST", u"/api/tickets/1007/messages"_s,
                QByteArray::fromStdString(postBody(Desk::Gorgias, body, false, external).dump()),
                deskHeaders(Desk::Gorgias));
        };
        QCOMPARE(gorgias("<p>a</p>", "ops-1").status, 201);
        QCOMPARE(gorgias("<p>b</p>", "ops-1").status, 201); // same external_id: a duplicate
        QCOMPARE(gorgias("<p>a</p>", "ops-2").status, 201); // same body, another id: not one
        QCOMPARE(gorgias("<p>a</p>", "ops-2").status, 201); // and again: a duplicate
        QCOMPARE(deskPost(*m_sim, Desk::Zendesk, u"1007"_s, "<p>same</p>").status, 200);
        QCOMPARE(deskPost(*m_sim, Desk::Zendesk, u"1007"_s, "<p>same</p>").status, 200);
        QCOMPARE(deskPost(*m_sim, Desk::Zendesk, u"1008"_s, "<p>same</p>").status, 200);
        QCOMPARE(count("duplicates"), 3);
        QCOMPARE(count("replies"), 7);
    }

    void seeds()
    {
        auto sim = startBareSim();
        QVERIFY(sim->isRunning());
        const nlohmann::json bad[] = {
            {{"helpdesk",
              {{"tickets", {{{"vendor", "zendesk"}, {"id", "2001"}}}},
               {"rates", {{"gorgias", {{"requests", 0}, {"seconds", 20}}}}}}}},
            {{"helpdesk", {{"tickets", {{{"vendor", "kayako"}, {"id", "2001"}}}}}}},
            {{"helpdesk", {{"tickets", {{{"vendor", "zendesk"}, {"id", "20x1"}}}}}}},
            {{"helpdesk",
              {{"tickets", {{{"vendor", "zendesk"}, {"id", "2001"}, {"status", "new"}}}}}}},
            {{"helpdesk", {{"credentials", {{"zendesk", {{"password", "x"}}}}}}}},
            {{"helpdesk", {{"page_size", 101}}}},
            {{"helpdesk", "yes"}},
        };
        for (const auto &seed : bad) {
            const auto answer = sim->admin("POST", QStringLiteral("/_sim/seed"), seed);
            QCOMPARE(str(answer["error"], "code"), QStringLiteral("invalid_seed"));
        }
        QCOMPARE(deskPost(*sim, Desk::Zendesk, u"2001"_s, "<p>x</p>").status,
                 404); // nothing applied
        sim->seed({{"helpdesk",
                    {{"tickets",
                      {{{"vendor", "zendesk"}, {"id", "2001"}, {"status", "closed"}},
                       {{"vendor", "freshdesk"}, {"id", "2001"}}}},
                     {"credentials", {{"freshdesk", {{"api_key", "other_key"}}}}}}}});
        QCOMPARE(deskPost(*sim, Desk::Zendesk, u"2001"_s, "<p>x</p>").status, 422);
        QCOMPARE(deskPost(*sim, Desk::Freshdesk, u"2001"_s, "<p>x</p>").status, 401);
        QCOMPARE(sim->request("POST", u"/api/v2/tickets/2001/reply"_s, R"({"body":"x"})",
                              {{"Authorization", "Basic " + QByteArray("other_key:X").toBase64()}})
                     .status,
                 201);
        QCOMPARE(deskPost(*sim, Desk::Gorgias, u"2001"_s, "<p>x</p>").status, 404); // per vendor
        sim->reset(); // seeds come back, posts do not
        QCOMPARE(ledger(sim.get())["tickets"].size(), 0u);
        QCOMPARE(deskPost(*sim, Desk::Zendesk, u"2001"_s, "<p>x</p>").status, 422);
    }

    void resetClears()
    {
        QCOMPARE(deskPost(*m_sim, Desk::Intercom, u"1009"_s, "<p>x</p>").status, 200);
        QCOMPARE(deskPost(*m_sim, Desk::Intercom, u"1009"_s, "<p>x</p>", true).status, 200);
        m_sim->reset();
        const auto l = ledger();
        QCOMPARE(l["tickets"].size(), 0u);
        for (const char *name : {"replies", "notes", "rate_limited", "duplicates"})
            QCOMPARE(l["counts"][name].get<int>(), 0);
        const auto conversation = deskGet(*m_sim, Desk::Intercom, u"/conversations/1009"_s).json();
        QCOMPARE(conversation["conversation_parts"]["total_count"].get<int>(), 0);
    }

    void intercomKeepsLast500Parts()
    {
        for (int i = 1; i <= 502; ++i)
            QCOMPARE(deskPost(*m_sim, Desk::Intercom, u"1010"_s, "<p>" + std::to_string(i) + "</p>",
                              true)
                         .status,
                     200);
        const auto j = deskGet(*m_sim, Desk::Intercom, u"/conversations/1010"_s).json();
        const auto &parts = j["conversation_parts"];
        QCOMPARE(parts["total_count"].get<int>(), 502);
        QCOMPARE(parts["conversation_parts"].size(), 500u);
        QCOMPARE(str(parts["conversation_parts"][0], "body"), QStringLiteral("<p>3</p>"));
        QCOMPARE(str(parts["conversation_parts"][499], "body"), QStringLiteral("<p>502</p>"));
    }
};

QTEST_GUILESS_MAIN(TestSimHelpdesk)
#include "tst_simhelpdesk.moc"
