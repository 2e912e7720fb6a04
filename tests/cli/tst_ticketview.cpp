// The ticket view of `opsctl serve` (issue 51 item 6, DESIGN §17) as a helpdesk meets it: a real
// opsctl serve process over loopback, its rows made by real `opsctl refund --ticket` calls
// against provider-sim. A ticket's operations come back newest first with their state, deadline
// and the texts the customer may be told now (rule 11: "checking" for an unknown refund,
// "refunded" for a confirmed one), as JSON and as an HTML card whose text is escaped; every read
// is audited; no token, a wrong token, a ticket id that is not one, an unknown language and a
// write are refused with the reason; without its token configured the view is not served.

#include "support/processrun.h"
#include "support/rawhttp.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testdatabase.h"
#include "support/testpaths.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTest>

using namespace ops;
using namespace Qt::StringLiterals;
using json = nlohmann::json;
using ops::test::HttpReply;
using ops::test::ProcessRun;
using ops::test::SimProcess;

namespace {

const QByteArray kToken = "tv_4f1c9a27e8d3b6";

struct Cli
{
    ops::test::RolesFixture db{ops::test::RolesFixture::ForPrograms{}};
    SimProcess sim{ops::test::providerSimPath(), SimProcess::demoSeedPath(ops::test::sourceDir())};

    QProcessEnvironment env(const QString &who) const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(u"OPS_STRIPE_URL"_s, sim.baseUrl().toString());
        e.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_demo"_s);
        e.insert(u"OPS_STRIPE_WEBHOOK_SECRET"_s, u"whsec_test_ticketview"_s);
        e.insert(u"XDG_CONFIG_HOME"_s, u"/nonexistent-ticketview"_s);
        e.remove(u"OPS_SLEN_URL"_s);
        e.remove(u"OPS_TICKET_VIEW_KEY"_s);
        if (who == u"alice"_s)
            e.insert(u"OPS_OPERATOR"_s, who); // a person (her login's name on PostgreSQL)
        return db.programEnv(who, e);
    }
    // The agent's refund call on `charge` (one of the demo seed's) for `ticket`; its operation id.
    QString refund(const QString &charge, const QString &ticket, bool lost = false)
    {
        if (lost)
            sim.addFault({{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
        const ProcessRun r =
            ops::test::runProcess(ops::test::opsctlPath(),
                                  {u"refund"_s, u"--order"_s, charge.mid(3), u"--charge"_s, charge,
                                   u"--amount"_s, u"500"_s, u"--ticket"_s, ticket},
                                  env(u"agent"_s));
        return QString::fromStdString(r.result().value("operation_id", ""));
    }
    int audited() const
    {
        return ops::test::TestDatabase::probeCount(
            db.path(), u"SELECT COUNT(*) FROM audit WHERE action = 'ticket.viewed'"_s);
    }
};

// opsctl serve as the service, with `token` as the view's (none: the variable unset); its port.
quint16 startServe(QProcess &p, const Cli &c, const QByteArray &token)
{
    QProcessEnvironment e = c.env(c.db.onTeam() ? u"svc"_s : u"alice"_s);
    if (!token.isEmpty())
        e.insert(u"OPS_TICKET_VIEW_KEY"_s, QString::fromLatin1(token));
    p.setProcessEnvironment(e);
    p.start(ops::test::opsctlPath(), {u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s});
    if (!p.waitForStarted() || !p.waitForReadyRead(10'000))
        return 0;
    const auto m = QRegularExpression(u"listening on http://127.0.0.1:(\\d+)"_s)
                       .match(QString::fromUtf8(p.readLine()));
    return m.hasMatch() ? quint16(m.captured(1).toUInt()) : 0;
}

HttpReply get(quint16 port, const QString &path, const QByteArray &token = kToken,
              const QByteArray &method = "GET")
{
    ops::test::RawHttpConnection http(u"127.0.0.1"_s, port);
    ops::test::HeaderList headers;
    if (!token.isEmpty())
        headers.append({"Authorization", "Bearer " + token});
    return http.request(method, path, {}, headers);
}

} // namespace

class TestTicketView : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(test::prepareRoles().isEmpty()); }
    void cleanupTestCase() { QVERIFY(test::dropRoles().isEmpty()); }
    void aTicketsOperationsAndWhatMayBeSaid();
    void refusalsSayWhyAndShowNothing_data();
    void refusalsSayWhyAndShowNothing();
    void withoutItsTokenTheViewIsOff();
    void aCloseFromTheTerminalNotesTheDecision();
};

void TestTicketView::aTicketsOperationsAndWhatMayBeSaid()
{
    Cli c;
    QVERIFY2(c.sim.start(), qPrintable(c.sim.error()));
    const QString done = c.refund(u"ch_4417"_s, u"48213"_s);
    const QString lost = c.refund(u"ch_1001"_s, u"48213"_s, true);
    c.refund(u"ch_1002"_s, u"50000"_s);
    QVERIFY(!done.isEmpty() && !lost.isEmpty());
    QProcess serve;
    const quint16 port = startServe(serve, c, kToken);
    QVERIFY(port);

    const HttpReply r = get(port, u"/v1/tickets/48213/operations"_s);
    QCOMPARE(r.status, 200);
    const json body = r.json();
    QCOMPARE(body["ticket"].get<std::string>(), "48213");
    QCOMPARE(body["operations"].size(), 2u);
    QCOMPARE(body["operations"][0]["operation_id"].get<std::string>(), lost.toStdString());
    QCOMPARE(body["operations"][0]["state"].get<std::string>(), "unknown");
    QCOMPARE(body["operations"][0]["may_say"][0]["template"].get<std::string>(), "checking");
    QVERIFY(body["operations"][0]["deadline"].is_string()); // the retention window is running
    QCOMPARE(body["operations"][1]["state"].get<std::string>(), "succeeded");
    QCOMPARE(body["operations"][1]["may_say"][0]["template"].get<std::string>(), "refunded");
    QCOMPARE(body["operations"][1]["amount"].get<int>(), 500);

    const HttpReply ru = get(port, u"/v1/tickets/48213/operations?lang=ru"_s);
    QVERIFY(QString::fromStdString(ru.json()["operations"][0]["may_say"][0]["text"])
                .contains(u"Здравствуйте"_s));

    // The card, for a frame: the token may come in the query, the text is escaped HTML.
    ops::test::RawHttpConnection http(u"127.0.0.1"_s, port);
    const HttpReply card =
        http.request("GET", u"/v1/tickets/48213/card?token="_s + QString::fromLatin1(kToken));
    QCOMPARE(card.status, 200);
    QVERIFY(card.header("content-type").startsWith("text/html"));
    QVERIFY(card.body.contains("<h1>Ticket 48213</h1>"));
    QVERIFY(card.body.contains(lost.toUtf8()));
    QVERIFY(card.header("content-security-policy").contains("default-src 'none'"));

    const HttpReply none = get(port, u"/v1/tickets/777/operations"_s);
    QCOMPARE(none.status, 200);
    QCOMPARE(none.json()["operations"].size(), 0u);
    QCOMPARE(c.audited(), 4); // every read, found or not
    serve.terminate();
    QVERIFY(serve.waitForFinished(10'000));
}

void TestTicketView::refusalsSayWhyAndShowNothing_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QByteArray>("token");
    QTest::addColumn<QByteArray>("method");
    QTest::addColumn<int>("status");
    QTest::addColumn<QString>("code");
    QTest::newRow("no token") << "/v1/tickets/48213/operations" << QByteArray() << QByteArray("GET")
                              << 401 << "unauthorized";
    QTest::newRow("wrong token") << "/v1/tickets/48213/operations" << QByteArray("tv_guess")
                                 << QByteArray("GET") << 401 << "unauthorized";
    QTest::newRow("the token in the JSON route's query")
        << QString(u"/v1/tickets/48213/operations?token="_s + QString::fromLatin1(kToken))
        << QByteArray() << QByteArray("GET") << 401 << "unauthorized";
    QTest::newRow("a write") << "/v1/tickets/48213/operations" << kToken << QByteArray("POST")
                             << 405 << "method_not_allowed";
    QTest::newRow("not a ticket id") << "/v1/tickets/48%20213/operations" << kToken
                                     << QByteArray("GET") << 400 << "invalid_ticket";
    QTest::newRow("unknown language") << "/v1/tickets/48213/operations?lang=de" << kToken
                                      << QByteArray("GET") << 400 << "invalid_language";
    QTest::newRow("unknown view") << "/v1/tickets/48213/refunds" << kToken << QByteArray("GET")
                                  << 404 << "not_found";
}

void TestTicketView::refusalsSayWhyAndShowNothing()
{
    QFETCH(QString, path);
    QFETCH(QByteArray, token);
    QFETCH(QByteArray, method);
    QFETCH(int, status);
    QFETCH(QString, code);
    Cli c;
    QVERIFY2(c.sim.start(), qPrintable(c.sim.error()));
    c.refund(u"ch_4417"_s, u"48213"_s);
    QProcess serve;
    const quint16 port = startServe(serve, c, kToken);
    QVERIFY(port);
    const HttpReply r = get(port, path, token, method);
    QCOMPARE(r.status, status);
    QCOMPARE(QString::fromStdString(r.json()["error"]["code"]), code);
    QVERIFY(!r.body.contains("op_"));
    QCOMPARE(c.audited(), 0);
    serve.terminate();
    QVERIFY(serve.waitForFinished(10'000));
}

void TestTicketView::withoutItsTokenTheViewIsOff()
{
    Cli c;
    QVERIFY2(c.sim.start(), qPrintable(c.sim.error()));
    QProcess serve;
    const quint16 port = startServe(serve, c, {});
    QVERIFY(port);
    const HttpReply r = get(port, u"/v1/tickets/48213/operations"_s);
    QCOMPARE(r.status, 404); // not mounted: the receiver's own answer
    QVERIFY(!r.body.contains("op_"));
    serve.terminate();
    QVERIFY(serve.waitForFinished(10'000));
    QVERIFY(serve.readAllStandardError().contains("ticket view off (no OPS_TICKET_VIEW_KEY)"));
}

void TestTicketView::aCloseFromTheTerminalNotesTheDecision()
{
    Cli c;
    QVERIFY2(c.sim.start(), qPrintable(c.sim.error()));
    QProcessEnvironment alice = c.env(u"alice"_s);
    const auto opsctl = [&](const QStringList &args) {
        return ops::test::runProcess(ops::test::opsctlPath(), args, alice);
    };
    if (!c.db.onTeam())
        QCOMPARE(
            opsctl({u"operator"_s, u"add"_s, u"alice"_s, u"--role"_s, u"supervisor"_s}).exitCode,
            0);
    QCOMPARE(opsctl({u"settings"_s, u"set"_s, u"decision-notes"_s, u"maybe"_s}).exitCode, 2);
    const ProcessRun on = opsctl({u"settings"_s, u"set"_s, u"decision-notes"_s, u"on"_s});
    QVERIFY2(on.exitCode == 0, on.err.constData());
    const QString id = c.refund(u"ch_1001"_s, u"1003"_s, true); // unknown
    const ProcessRun evidence =
        opsctl({u"evidence"_s, u"add"_s, id, u"--kind"_s, u"note"_s, u"--title"_s, u"bank"_s,
                u"--text"_s, u"the bank statement shows re_3Q9x"_s});
    QVERIFY2(evidence.exitCode == 0, evidence.err.constData());
    const auto evidenceId = json::parse(evidence.out.constData())["evidence_id"].get<qint64>();
    alice.insert(u"OPS_HELPDESK_VENDOR"_s, u"zendesk"_s);
    alice.insert(u"OPS_HELPDESK_URL"_s, c.sim.baseUrl().toString());
    alice.insert(u"OPS_HELPDESK_USER"_s, u"agent@example.com"_s);
    alice.insert(u"OPS_HELPDESK_KEY"_s, u"zd_test_token"_s);
    const ProcessRun closed =
        opsctl({u"close"_s, id, u"--outcome"_s, u"succeeded"_s, u"--provider-ref"_s, u"re_3Q9x"_s,
                u"--reason"_s, u"bank statement"_s, u"--evidence"_s, QString::number(evidenceId)});
    QVERIFY2(closed.exitCode == 0, closed.err.constData());
    const json out = json::parse(closed.out.constData());
    QCOMPARE(out["decision_notes"].size(), 1u);
    QCOMPARE(out["decision_notes"][0]["status"].get<std::string>(), "sent");
    const json ledger = c.sim.admin("GET", u"/_sim/helpdesk"_s);
    QCOMPARE(ledger["tickets"].size(), 1u);
    QCOMPARE(ledger["tickets"][0]["id"].get<std::string>(), "1003");
    QVERIFY(ledger["tickets"][0]["posts"][0]["internal"].get<bool>());
    QCOMPARE(json::parse(opsctl({u"settings"_s, u"show"_s}).out.constData())["decision_notes"]
                 .get<std::string>(),
             "on");
}

QTEST_GUILESS_MAIN(TestTicketView)
#include "tst_ticketview.moc"
