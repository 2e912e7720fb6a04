// `opsctl message send OP --text TEXT` as a real process against a real SQLite file and
// provider-sim's helpdesk sink: free text goes through the console's truth guard (rule 11);
// a refusal exits 2 with the reason on stderr, and neither the outbox, the audit trail nor the
// helpdesk sees anything. Honest text is queued and delivered once. On PostgreSQL the rows are
// the agent's, written on its login, and opsctl sends as carol, a person (support; issue 50).

#include "storage/messages/messagestore.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QProcess>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::RolesFixture;
using ops::test::SimProcess;

namespace {

struct CliRun
{
    int exitCode = -1;
    QString out;
    QString err;
};

// The kind of row a case is about.
enum class Row
{
    Unknown,
    Failed,
    PendingRefund, // succeeded, provider still reports pending
    SettledRefund, // succeeded, provider reports succeeded
    Missing        // no such operation
};

} // namespace

Q_DECLARE_METATYPE(Row)

class TestOpsctlMessage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase() { QCOMPARE(ops::test::dropRoles(), QString()); }
    void refusedTextExitsTwoAndStoresNothing_data();
    void refusedTextExitsTwoAndStoresNothing();
    void honestTextIsQueuedAndSentOnce_data();
    void honestTextIsQueuedAndSentOnce();

private:
    CliRun opsctl(const QString &db, const QStringList &args);
    static QString rowFor(RolesFixture &f, Row row);
    static int count(const QString &db, const QString &table);

    SimProcess m_sim{ops::test::providerSimPath()};
};

void TestOpsctlMessage::initTestCase()
{
    QCOMPARE(ops::test::prepareRoles(), QString());
    QVERIFY(m_sim.start());
}

CliRun TestOpsctlMessage::opsctl(const QString &db, const QStringList &args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"OPS_HELPDESK_URL"_s, m_sim.baseUrl().toString());
    env.remove(u"OPS_HELPDESK_KEY"_s);
    env.remove(u"OPS_OPERATOR"_s);
    // A person messages customers: on PostgreSQL carol's login (support) with its password; on
    // SQLite nobody is named, as the suite always ran it.
    env = ops::test::programEnvironment(db, u"carol"_s, env);
    p.setProcessEnvironment(env);
    p.start(ops::test::opsctlPath(), QStringList{u"--db"_s, env.value(u"OPS_DB"_s)} + args);
    p.waitForFinished(30000);
    return {p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// The row as the engine leaves it, opened and closed by the agent (agent:test on SQLite, as
// messagefixture.h's operationIn; on PostgreSQL the agent's login names itself).
QString TestOpsctlMessage::rowFor(RolesFixture &f, Row row)
{
    if (row == Row::Missing)
        return u"op_nowhere"_s;
    const QString actor = f.agentActor(u"test"_s);
    NewOperation refund = test::refundOperation(u"op_msg"_s);
    refund.createdBy = actor;
    refund.agent = f.agentOf();
    OperationStore &agent = f.agent();
    const QString id = agent.openOrGet(refund).operation.id;
    if (row == Row::Unknown)
        agent.markUnknown(id, u"stored 500"_s, actor);
    else if (row == Row::Failed)
        agent.closeFailed(id, u"card_declined"_s, actor, u"provider"_s);
    else
        agent.closeSucceeded(id, u"re_3Q9x"_s,
                             row == Row::PendingRefund ? u"pending"_s : u"succeeded"_s, actor,
                             u"provider"_s);
    return id;
}

int TestOpsctlMessage::count(const QString &db, const QString &table)
{
    return test::TestDatabase::probeCount(db, u"SELECT COUNT(*) FROM "_s + table);
}

void TestOpsctlMessage::refusedTextExitsTwoAndStoresNothing_data()
{
    QTest::addColumn<Row>("row");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("reason");
    const auto text = [](const QString &t) {
        return QStringList{u"--text"_s, t};
    };
    QTest::newRow("success claim on unknown")
        << Row::Unknown << text(u"Good news: your refund has been processed."_s)
        << u"claims success"_s;
    QTest::newRow("failure claim on unknown, Russian")
        << Row::Unknown << text(u"Возврат отклонён банком."_s) << u"claims failure"_s;
    QTest::newRow("failure claim on unknown, reason in Russian")
        << Row::Unknown
        << (text(u"Возврат не был выполнен."_s) + QStringList{u"--language"_s, u"ru"_s})
        << u"означает, что деньги не переведены"_s;
    QTest::newRow("success claim while open, reason in Ukrainian")
        << Row::Unknown << (text(u"Done ✅"_s) + QStringList{u"--language"_s, u"uk"_s})
        << u"Не надіслано: «done»"_s;
    QTest::newRow("promise on unknown, Ukrainian")
        << Row::Unknown << text(u"Ми повернемо вам гроші завтра."_s) << u"claims success"_s;
    QTest::newRow("success claim on failed")
        << Row::Failed << text(u"Your money is back on your card."_s) << u"claims success"_s;
    QTest::newRow("arrival claim on a pending refund")
        << Row::PendingRefund << text(u"Your refund has been completed."_s)
        << u"still reports the refund pending"_s;
    QTest::newRow("back on your card while pending")
        << Row::PendingRefund << text(u"The money is back on your card."_s)
        << u"still reports the refund pending"_s;
    QTest::newRow("arrival claim while pending, Russian")
        << Row::PendingRefund << text(u"Деньги уже на вашей карте."_s)
        << u"still reports the refund pending"_s;
    QTest::newRow("empty text") << Row::Unknown << text(QString()) << u"--text is empty"_s;
    QTest::newRow("blank text") << Row::Unknown << text(u"   \n "_s) << u"--text is empty"_s;
    QTest::newRow("text over the limit")
        << Row::Unknown << text(QString(MessageStore::kMaxBodyLength + 1, u'a'))
        << u"longer than 4000 characters"_s;
    QTest::newRow("unknown operation")
        << Row::Missing << text(u"We are checking."_s) << u"no operation op_nowhere"_s;
    QTest::newRow("template and text")
        << Row::Unknown
        << (text(u"We are checking."_s) + QStringList{u"--template"_s, u"checking"_s})
        << u"either --template or --text"_s;
    QTest::newRow("refunded template while pending")
        << Row::PendingRefund << QStringList{u"--template"_s, u"refunded"_s} << u"send 'issued'"_s;
}

void TestOpsctlMessage::refusedTextExitsTwoAndStoresNothing()
{
    QFETCH(Row, row);
    QFETCH(QStringList, args);
    QFETCH(QString, reason);
    m_sim.reset();
    RolesFixture f;
    const QString id = rowFor(f, row);
    const QString db = f.path();
    const int messages = count(db, u"messages"_s);
    const int audit = count(db, u"audit"_s);

    const CliRun r = opsctl(db, QStringList{u"message"_s, u"send"_s, id} + args);
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(reason), qPrintable(r.err));
    QVERIFY2(r.out.isEmpty(), qPrintable(r.out));
    QCOMPARE(count(db, u"messages"_s), messages);
    QCOMPARE(count(db, u"audit"_s), audit);
    QCOMPARE(m_sim.messages()["messages"].size(), 0u);
}

void TestOpsctlMessage::honestTextIsQueuedAndSentOnce_data()
{
    QTest::addColumn<Row>("row");
    QTest::addColumn<QString>("text");
    QTest::newRow("checking on unknown")
        << Row::Unknown
        << u"We are still checking your refund with the payment provider and will write again "
           "today."_s;
    QTest::newRow("issued on a pending refund")
        << Row::PendingRefund << u"Your refund has been issued and is on its way."_s;
    QTest::newRow("completed once settled")
        << Row::SettledRefund << u"Your refund has been completed."_s;
    QTest::newRow("failure on failed, Ukrainian")
        << Row::Failed << u"На жаль, повернення відхилено."_s;
}

void TestOpsctlMessage::honestTextIsQueuedAndSentOnce()
{
    QFETCH(Row, row);
    QFETCH(QString, text);
    m_sim.reset();
    RolesFixture f;
    const QString id = rowFor(f, row);
    const QString db = f.path();
    const QStringList send = {u"message"_s, u"send"_s, id, u"--text"_s, text};
    for (const char *expected : {"sent", "already_sent"}) {
        const CliRun r = opsctl(db, send);
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto json = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(json["status"].get<std::string>(), std::string(expected));
        QCOMPARE(json["message"]["template"].get<std::string>(), std::string("custom"));
        QCOMPARE(QString::fromStdString(json["message"]["body"].get<std::string>()), text);
    }
    QCOMPARE(count(db, u"messages"_s), 1);
    const auto delivered = m_sim.messages()["messages"];
    QCOMPARE(delivered.size(), 1u);
    QCOMPARE(QString::fromStdString(delivered[0]["body"].get<std::string>()), text);
}

QTEST_GUILESS_MAIN(TestOpsctlMessage)
#include "tst_opsctl_message.moc"
