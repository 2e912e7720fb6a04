// Tools → Agents' item model (issue 27 item 6) under QAbstractItemModelTester, fed with what the
// agent directory hands over from a real database: names, state, limits as describeLimits()
// words them (amounts grouped by the locale), operations opened in the last 24 h, the last call
// in local time, and the history in the tooltip. agentCallsSince counts only `operation.opened`
// by the agent's own actors, from the given instant on, with `_` in a name taken literally.
// Each actor in its role (rolesfixture.h, issue 50): the supervisors change the directory on
// their own logins, the agent's calls open the rows on the agent's.

#include "itemmodels/agentlistmodel.h"
#include "itemmodels/localeformat.h"
#include "storage/access/accessstore.h"
#include "storage/access/agentdirectory.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>
#include <QTimeZone>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace std::chrono_literals;
using Tester = QAbstractItemModelTester;

namespace {

AgentLimits limits(std::optional<Money> max, std::optional<Money> daily, std::optional<int> rate)
{
    AgentLimits l;
    l.maxRefund = std::move(max);
    l.daily = std::move(daily);
    l.ratePerSecond = rate;
    return l;
}

} // namespace

class TestAgentModels : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void callsSinceCountsOpenedOperationsOfThatAgentOnly();
    void modelShowsTheDirectory();
    void limitsReadAsDescribeLimits();
    void resetKeepsTheTesterQuiet();

private:
    // An operation opened now by a call of agent `name`.
    void agentOpens(const QString &name, const QString &id);
    std::vector<AgentListRow> rows();
    // The directory as `who` (alice, bob) changes it, on their own connection.
    AccessStore accessOf(const QString &who);

    std::unique_ptr<test::RolesFixture> m_fx;
    QString kSupervisor; // alice, who adds the agents
    std::unique_ptr<AccessStore> m_access;
    int m_order = 5000;
};

void TestAgentModels::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    kSupervisor = test::personActorOf(u"alice"_s);
}

void TestAgentModels::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAgentModels::init()
{
    m_fx = std::make_unique<test::RolesFixture>(); // alice, bob supervisors; carol support
    m_access = std::make_unique<AccessStore>(connectionOf(m_fx->as(u"alice"_s)), m_fx->clock());
}

void TestAgentModels::cleanup()
{
    m_access.reset();
    m_fx.reset();
}

void TestAgentModels::agentOpens(const QString &name, const QString &id)
{
    NewOperation op = test::refundOperation(id, QString::number(++m_order));
    op.createdBy = u"agent:%1:claude-code:req-%2"_s.arg(name, id);
    op.agent = name; // as the engine names it (agentOfActor)
    QVERIFY(m_fx->agent().openOrGet(op).created);
}

AccessStore TestAgentModels::accessOf(const QString &who)
{
    return AccessStore(connectionOf(m_fx->as(who)), m_fx->clock());
}

std::vector<AgentListRow> TestAgentModels::rows()
{
    std::vector<AgentListRow> out;
    for (AgentRecord &a : m_access->agents()) {
        const qint64 calls = m_access->agentCallsWithin(a.name, 24h);
        out.push_back({std::move(a), calls});
    }
    return out;
}

void TestAgentModels::callsSinceCountsOpenedOperationsOfThatAgentOnly()
{
    m_access->addAgent(kSupervisor, u"ops_bot"_s, {});
    m_access->addAgent(kSupervisor, u"opsxbot"_s, {});
    Connection db = connectionOf(m_fx->store());
    const qint64 start = m_fx->clock().nowMs();
    agentOpens(u"ops_bot"_s, u"op_old"_s); // 25 h before the reading
    m_fx->clock().advanceSecs(3600);
    const qint64 second = m_fx->clock().nowMs();
    agentOpens(u"ops_bot"_s, u"op_new"_s);
    agentOpens(u"opsxbot"_s, u"op_x"_s); // `_` must not match x
    // Another entry by the agent's actor that opens nothing: the last call, not a use.
    m_fx->agent().beginAttempt(u"op_new"_s, u"agent:ops_bot:claude-code:req-9"_s);
    m_fx->clock().advanceSecs(24 * 3600);

    QCOMPARE(agentCallsSince(db, u"ops_bot"_s, start), qint64(2));
    QCOMPARE(agentCallsSince(db, u"ops_bot"_s, second), qint64(1));
    QCOMPARE(agentCallsSince(db, u"ops_bot"_s, second + 1), qint64(0));
    QCOMPARE(agentCallsSince(db, u"opsxbot"_s, start), qint64(1));
    QCOMPARE(agentCallsSince(db, u"nobody"_s, start), qint64(0));
    // The store's window is its clock's last 24 h: op_new is exactly 24 h old, op_old is 25 h.
    QCOMPARE(m_access->agentCallsWithin(u"ops_bot"_s, 24h), qint64(1));
    QCOMPARE(m_access->agentCallsWithin(u"ops_bot"_s, 23h), qint64(0));
    QCOMPARE(m_access->agentCallsWithin(u"ops_bot"_s, 26h), qint64(2));
}

void TestAgentModels::modelShowsTheDirectory()
{
    m_access->addAgent(kSupervisor, u"billing-bot"_s,
                       limits(Money{5000, u"usd"_s}, Money{20000, u"usd"_s}, 5));
    m_access->addAgent(kSupervisor, u"helper"_s, {});
    m_access->addAgent(kSupervisor, u"old_agent"_s, {});
    m_fx->clock().advanceSecs(60);
    agentOpens(u"billing-bot"_s, u"op_b1"_s);
    agentOpens(u"billing-bot"_s, u"op_b2"_s);
    const qint64 lastCall = m_fx->clock().nowMs();
    m_fx->clock().advanceSecs(60);
    accessOf(u"bob"_s).revokeAgent(test::personActorOf(u"bob"_s), u"old_agent"_s);

    AgentListModel model;
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    model.setRows(rows());
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(AgentListModel::ColumnCount));
    QCOMPARE(model.headerData(AgentListModel::UsedColumn, Qt::Horizontal).toString(),
             u"Used 24 h"_s);
    QCOMPARE(model.headerData(AgentListModel::LastCallColumn, Qt::Horizontal).toString(),
             u"Last call"_s);

    const auto text = [&](int row, int column, int role = Qt::DisplayRole) {
        return model.data(model.index(row, column), role).toString();
    };
    const int billing = model.rowOf(u"billing-bot"_s);
    const int helper = model.rowOf(u"helper"_s);
    const int old = model.rowOf(u"old_agent"_s);
    QCOMPARE(billing, 0); // the directory's order: by name
    QCOMPARE(model.rowOf(u"nobody"_s), -1);
    QCOMPARE(text(billing, AgentListModel::AgentColumn), u"billing-bot"_s);
    QCOMPARE(text(billing, AgentListModel::StateColumn), u"active"_s);
    QCOMPARE(text(billing, AgentListModel::LimitsColumn),
             u"max 50.00 USD · 200.00 USD a day · 5/s"_s);
    QCOMPARE(text(billing, AgentListModel::UsedColumn), u"2"_s);
    const QDateTime last = QDateTime::fromMSecsSinceEpoch(lastCall, QTimeZone::utc());
    QCOMPARE(text(billing, AgentListModel::LastCallColumn), formatDateTime(last, QLocale()));
    QVERIFY(text(billing, AgentListModel::LastCallColumn).endsWith(localZoneName()));
    QCOMPARE(model.data(model.index(billing, AgentListModel::UsedColumn), Qt::TextAlignmentRole)
                 .value<Qt::Alignment>(),
             Qt::AlignRight | Qt::AlignVCenter);

    QCOMPARE(text(helper, AgentListModel::LimitsColumn), u"no limits"_s);
    QCOMPARE(text(helper, AgentListModel::UsedColumn), u"0"_s);
    QCOMPARE(text(helper, AgentListModel::LastCallColumn), u"never"_s);
    QCOMPARE(text(old, AgentListModel::StateColumn), u"revoked"_s);
    QCOMPARE(model.data(model.index(old, 0), AgentListModel::ActiveRole).toBool(), false);
    QCOMPARE(model.data(model.index(helper, 3), AgentListModel::ActiveRole).toBool(), true);
    QCOMPARE(model.data(model.index(old, 2), AgentListModel::AgentNameRole).toString(),
             u"old_agent"_s);
    QCOMPARE(model.agentAt(old)->agent.name, u"old_agent"_s);
    QVERIFY(!model.agentAt(3));

    // The tooltip: who added it and when (UTC), the revocation, the use and the last call.
    const QString billingTip = text(billing, AgentListModel::AgentColumn, Qt::ToolTipRole);
    QVERIFY2(billingTip.contains(u"added by %1 at 2026-11-29 12:00:00 UTC"_s.arg(kSupervisor)),
             qPrintable(billingTip));
    QVERIFY2(billingTip.contains(u"Operations opened in the last 24 h: 2"_s),
             qPrintable(billingTip));
    QVERIFY2(billingTip.contains(u"Last call at 2026-11-29 12:01:00 UTC"_s),
             qPrintable(billingTip));
    QVERIFY(!billingTip.contains(u"Revoked"_s));
    const QString oldTip = text(old, AgentListModel::StateColumn, Qt::ToolTipRole);
    QVERIFY2(oldTip.contains(u"Last changed by %1 at 2026-11-29 12:02:00 UTC"_s.arg(
                 test::personActorOf(u"bob"_s))),
             qPrintable(oldTip));
    QVERIFY2(oldTip.contains(u"Revoked at 2026-11-29 12:02:00 UTC"_s), qPrintable(oldTip));
    QVERIFY2(oldTip.contains(u"No call yet"_s), qPrintable(oldTip));

    // After a rotation with grace the tooltip says until when the previous token works.
    m_access->rotateAgent(kSupervisor, u"helper"_s, 1h);
    model.setRows(rows());
    QVERIFY2(text(helper, 0, Qt::ToolTipRole)
                 .contains(u"previous token works until 2026-11-29 13:02:00 UTC"_s),
             qPrintable(text(helper, 0, Qt::ToolTipRole)));
}

void TestAgentModels::limitsReadAsDescribeLimits()
{
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    // Below a thousand, where no digit is grouped, the two read alike word for word.
    const AgentLimits cases[] = {
        {},
        limits(Money{5000, u"usd"_s}, std::nullopt, std::nullopt),
        limits(std::nullopt, Money{99999, u"eur"_s}, std::nullopt),
        limits(std::nullopt, std::nullopt, 1000),
        limits(Money{500, u"jpy"_s}, Money{999, u"jpy"_s}, 3),
    };
    for (const AgentLimits &l : cases)
        QCOMPARE(agentLimitsLabel(l, en), describeLimits(l));
    // Larger amounts are grouped as everywhere in the console, by the locale's rules.
    QCOMPARE(agentLimitsLabel(limits(std::nullopt, Money{123456789, u"eur"_s}, std::nullopt), en),
             u"1,234,567.89 EUR a day"_s);
    const QString ru = agentLimitsLabel(limits(std::nullopt, Money{123456789, u"eur"_s}, 1000),
                                        QLocale(QLocale::Russian, QLocale::Russia));
    QVERIFY2(ru.contains(u"1\u00a0234\u00a0567,89 EUR"_s), qPrintable(ru));
}

void TestAgentModels::resetKeepsTheTesterQuiet()
{
    m_access->addAgent(kSupervisor, u"one"_s, {});
    AgentListModel model;
    Tester tester(&model, Tester::FailureReportingMode::QtTest);
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    model.setRows(rows());
    QCOMPARE(model.rowCount(), 1);
    m_access->addAgent(kSupervisor, u"two"_s, {});
    model.setRows(rows());
    QCOMPARE(model.rowCount(), 2);
    model.setRows({});
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(resets.count(), 3);
    QVERIFY(!model.data(model.index(0, 0)).isValid());
}

QTEST_GUILESS_MAIN(TestAgentModels)
#include "tst_agentmodels.moc"
