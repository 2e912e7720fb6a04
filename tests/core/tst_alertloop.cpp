// The alert loop (DESIGN §18, app/core/alerts) in process with a clock the test moves, against
// a real database (each actor in its role: the loop writes as the service) and provider-sim's
// real sinks over loopback (a Slack-style webhook, an SMTP server with STARTTLS and AUTH):
//  - an unknown row whose window ends in 2 hours reaches the webhook and the mailbox at the
//    first pass after the condition begins (a pass a tick, 15 s by default), and its
//    resolution follows the close;
//  - a flood becomes one digest per channel;
//  - chaos: 100 conditions with 30 % channel faults: each is alerted at least once and resolved
//    at least once, and no message reaches a sink more than twice (no read-back: an ambiguous
//    answer is sent once more at most), counted in the sinks' own ledgers.

#include "alerts/alertpass.h"
#include "alerts/alertservice.h"
#include "storage/alerts/alertstore.h"
#include "storage/session.h"
#include "storage/team/teamstore.h"
#include "support/alertsinks.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"

#include <QTest>
#include <map>

using namespace ops;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using ops::test::RolesFixture;

namespace {

// `id` opened by the agent with its first attempt counted (its deadline is set: 23 h 45 m on),
// then unknown.
void unknownRow(RolesFixture &f, const QString &id)
{
    test::agentsOperation(f, test::refundOperation(id, id.mid(3)), OperationState::Unknown, true);
}

// Only the window alert: the service targets off, the alert window `window`.
void windowOnly(RolesFixture &f, std::chrono::milliseconds window)
{
    TeamStore &alice = f.sessionAs(u"alice"_s).team();
    const QString by = f.person(u"alice"_s);
    alice.setTarget(TargetKind::Unowned, 0ms, by);
    alice.setTarget(TargetKind::Undecided, 0ms, by);
    alice.setTarget(TargetKind::AlertWindow, window, by);
}

QString str(const nlohmann::json &j, const char *field)
{
    return QString::fromStdString(j.value(field, std::string()));
}

// What reached the sinks: the webhook's texts and the mails' subjects, by channel.
struct Reached
{
    QStringList slack;
    QStringList mail;
};

Reached reached(test::AlertSinks &sinks)
{
    Reached r;
    const nlohmann::json ledger = sinks.ledger(); // kept: a range over a temporary's member dangles
    for (const auto &d : ledger["deliveries"]) {
        if (d["channel"] == "slack")
            r.slack << str(d, "text");
        else
            r.mail << str(d, "subject");
    }
    return r;
}

int containing(const QStringList &list, const QString &part)
{
    return int(std::count_if(list.begin(), list.end(),
                             [&](const QString &s) { return s.contains(part); }));
}

} // namespace

class TestAlertLoop : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase() { QVERIFY(test::dropRoles().isEmpty()); }
    void init()
    {
        m_sinks.sim().reset();
        m_sinks.configure();
    }
    void aWindowEndingReachesWebhookAndMailboxAtTheNextPass();
    void aFloodBecomesOneDigestPerChannel();
    void chaosAlertsEachConditionAndResolvesItAtMostOnceMore();

private:
    // The two channels at the sinks; `timeout` short where a sink may hold its answer.
    std::vector<std::unique_ptr<AlertChannel>> channels(std::chrono::milliseconds timeout = 5s)
    {
        AlertChannelsConfig config;
        config.webhookUrl = m_sinks.hook(u"T0/B0/alerts"_s);
        config.timeout = timeout;
        config.smtp = m_sinks.mail(timeout);
        return alertChannelsOf(config);
    }
    static std::vector<AlertChannel *> raw(const std::vector<std::unique_ptr<AlertChannel>> &all)
    {
        std::vector<AlertChannel *> out;
        for (const auto &c : all)
            out.push_back(c.get());
        return out;
    }

    test::AlertSinks m_sinks;
};

void TestAlertLoop::initTestCase()
{
    QVERIFY(test::prepareRoles().isEmpty());
    const QString error = m_sinks.start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAlertLoop::aWindowEndingReachesWebhookAndMailboxAtTheNextPass()
{
    RolesFixture f;
    windowOnly(f, 2h);
    unknownRow(f, u"op_9001"_s);
    const auto all = channels();
    AlertPass pass(f.sessionAs(u"svc"_s), raw(all), {});
    const qint64 deadline = f.store().operation(u"op_9001"_s)->deadline->toMSecsSinceEpoch();
    // One second before the condition: nothing to say.
    f.clock().set(QDateTime::fromMSecsSinceEpoch(deadline - 2 * 3600 * 1000 - 1000, Qt::UTC));
    QCOMPARE(pass.run().fired, 0);
    QVERIFY(reached(m_sinks).slack.isEmpty() && reached(m_sinks).mail.isEmpty());
    // The condition begins; the loop's next pass comes within one tick (15 s).
    f.clock().advanceSecs(15);
    const AlertPassReport report = pass.run();
    QCOMPARE(report.fired, 1);
    QCOMPARE(report.delivered, 2);
    Reached r = reached(m_sinks);
    QCOMPARE(r.slack.size(), 1);
    QCOMPARE(r.mail.size(), 1);
    QVERIFY2(r.slack.front().startsWith(u"Unknown refund op_9001: its window ends in 1h 59m"_s),
             qPrintable(r.slack.front()));
    QVERIFY2(r.mail.front().startsWith(u"Unknown refund op_9001"_s), qPrintable(r.mail.front()));
    // Passes while it holds send nothing more.
    f.clock().advanceSecs(15);
    QCOMPARE(pass.run().delivered, 0);
    // A person closes it: the next pass resolves it on both channels.
    QVERIFY(test::closeByHand(f.as(u"alice"_s), u"op_9001"_s, f.person(u"alice"_s)).closed());
    f.clock().advanceSecs(15);
    const AlertPassReport after = pass.run();
    QCOMPARE(after.resolved, 1);
    QCOMPARE(after.delivered, 2);
    r = reached(m_sinks);
    QCOMPARE(containing(r.slack, u"Resolved: Unknown refund op_9001"_s), 1);
    QCOMPARE(containing(r.mail, u"Resolved: Unknown refund op_9001"_s), 1);
    QCOMPARE(m_sinks.ledger()["counts"]["duplicates"].get<int>(), 0);
}

void TestAlertLoop::aFloodBecomesOneDigestPerChannel()
{
    RolesFixture f;
    windowOnly(f, 48h);
    for (int i = 0; i < 8; ++i)
        unknownRow(f, u"op_91%1"_s.arg(i, 2, 10, QChar(u'0')));
    const auto all = channels();
    AlertPass pass(f.sessionAs(u"svc"_s), raw(all), {});
    const AlertPassReport report = pass.run();
    QCOMPARE(report.fired, 8);
    QCOMPARE(report.digests, 2);
    QCOMPARE(report.delivered, 16); // every message of the flood, in one digest per channel
    const Reached r = reached(m_sinks);
    QCOMPARE(r.slack.size(), 1);
    QCOMPARE(r.mail.size(), 1);
    QVERIFY2(r.slack.front().startsWith(u"8 alerts: 8 new, 0 resolved"_s),
             qPrintable(r.slack.front()));
    for (int i = 0; i < 8; ++i)
        QVERIFY(r.slack.front().contains(u"op_91%1"_s.arg(i, 2, 10, QChar(u'0'))));
    for (const AlertRecord &a : f.sessionAs(u"svc"_s).alerts().alerts(false, 20))
        for (const AlertDelivery &d : f.sessionAs(u"svc"_s).alerts().deliveries(a.id))
            QCOMPARE(d.state, u"sent"_s);
}

void TestAlertLoop::chaosAlertsEachConditionAndResolvesItAtMostOnceMore()
{
    constexpr int kConditions = 100;
    RolesFixture f;
    windowOnly(f, 48h);
    for (int i = 0; i < kConditions; ++i)
        unknownRow(f, u"op_93%1"_s.arg(i, 3, 10, QChar(u'0')));
    // 30 % of calls meet a fault. Ambiguous ones here are ambiguous after the sink kept the
    // message (stored then 500; kept then silent); the rest refuse before keeping it (429, 451).
    // A call lost without a trace twice in a row cannot be told from a delivered one by a
    // channel without read-back, so that case is not in the mix (docs/alerts.md).
    test::SimProcess &sim = m_sinks.sim();
    sim.addFault({{"seed", 53}});
    sim.addFault(
        {{"route", "POST /_sink/slack/*"}, {"mode", "stored_500_applied"}, {"probability", 0.12}});
    sim.addFault(
        {{"route", "POST /_sink/slack/*"}, {"mode", "commit_then_hang"}, {"probability", 0.06}});
    sim.addFault({{"route", "POST /_sink/slack/*"}, {"mode", "429"}, {"probability", 0.15}});
    sim.addFault({{"route", "SMTP DATA"}, {"mode", "commit_then_hang"}, {"probability", 0.1}});
    sim.addFault({{"route", "SMTP RCPT"}, {"mode", "503"}, {"probability", 0.22}});
    AlertPassOptions options;
    options.digestAbove = 1000; // one message per alert, so the sinks count each key
    const auto all = channels(800ms);
    AlertPass pass(f.sessionAs(u"svc"_s), raw(all), options);
    AlertStore &store = f.sessionAs(u"svc"_s).alerts();
    auto settle = [&] {
        for (int round = 0; round < 400; ++round) { // a 429 rests its channel to the next pass
            f.clock().advanceSecs(15);
            pass.run();
            if (store.due(u"webhook"_s, 1, 0).empty() && store.due(u"smtp"_s, 1, 0).empty())
                return true;
        }
        return false;
    };
    QVERIFY(settle());
    windowOnly(f, 0ms); // every condition clears
    QVERIFY(settle());

    const Reached r = reached(m_sinks);
    int twice = 0;
    for (int i = 0; i < kConditions; ++i) {
        const QString id = u"op_93%1"_s.arg(i, 3, 10, QChar(u'0'));
        for (const QStringList *sink : {&r.slack, &r.mail}) {
            const int fired = containing(*sink, u"Unknown refund %1:"_s.arg(id)) -
                              containing(*sink, u"Resolved: Unknown refund %1:"_s.arg(id));
            const int resolved = containing(*sink, u"Resolved: Unknown refund %1:"_s.arg(id));
            QVERIFY2(fired >= 1 && fired <= 2,
                     qPrintable(u"%1 fired %2 times"_s.arg(id).arg(fired)));
            QVERIFY2(resolved >= 1 && resolved <= 2,
                     qPrintable(u"%1 resolved %2 times"_s.arg(id).arg(resolved)));
            twice += (fired - 1) + (resolved - 1);
        }
    }
    int unknown = 0;
    int ambiguous = 0;
    for (const AlertRecord &a : store.alerts(false, 1000))
        for (const AlertDelivery &d : store.deliveries(a.id)) {
            QVERIFY2(d.state == u"sent"_s || d.state == u"unknown"_s, qPrintable(d.state));
            unknown += d.state == u"unknown"_s;
            ambiguous += d.ambiguous;
        }
    const nlohmann::json counts = m_sinks.ledger()["counts"];
    QCOMPARE(counts["duplicates"].get<int>(), twice);
    QVERIFY2(twice <= ambiguous, "a second copy only after an ambiguous answer");
    QVERIFY2(twice > 0 && ambiguous > 0, "the run met the faults it was meant to");
    qInfo().noquote() << u"chaos: %1 conditions, %2 messages reached the sinks, %3 second copies "
                         "(after %4 ambiguous answers; bound: one per message), %5 messages left "
                         "unknown after two ambiguous answers"_s.arg(kConditions)
                             .arg(r.slack.size() + r.mail.size())
                             .arg(twice)
                             .arg(ambiguous)
                             .arg(unknown);
}

QTEST_GUILESS_MAIN(TestAlertLoop)
#include "tst_alertloop.moc"
