// A session kept read-only (storage/readonlysession.h), as the console keeps its window's: it
// reads as before, every write through any of its stores is refused before it begins and stores
// nothing, and the mark belongs to that connection only. On SQLite and, as
// tst_readonlysession_pg, on PostgreSQL with alice's own login.

#include "domain/evidencemaking.h"
#include "domain/storeerror.h"
#include "storage/access/accessstore.h"
#include "storage/events/eventstore.h"
#include "storage/operations/operationstore.h"
#include "storage/readonlysession.h"
#include "storage/session.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"

#include <QTest>
#include <memory>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

const QString kWhy = u"the console window writes through its jobs"_s;

Evidence note(const QString &operationId, const QString &actor)
{
    return noteEvidence(operationId, u"dashboard"_s, "no refund listed", actor);
}

// An unknown row `id` the agent opened, and alice's session marked read-only.
std::unique_ptr<Session> readOnlyWindow(test::RolesFixture &f, const QString &id)
{
    NewOperation op = test::refundOperation(id);
    op.agent = f.agentOf();
    test::operationIn(f.agent(), op, OperationState::Unknown);
    auto window = std::make_unique<Session>(f.location(u"alice"_s), f.clock());
    keepReadOnly(*window, kWhy);
    return window;
}

} // namespace

class TestReadOnlySession : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { QCOMPARE(test::prepareRoles(), QString()); }
    void cleanupTestCase() { QCOMPARE(test::dropRoles(), QString()); }
    void readsAndRefusesEveryWrite();
    void theMarkIsThatConnectionsOnly();
};

void TestReadOnlySession::readsAndRefusesEveryWrite()
{
    test::RolesFixture f;
    const QString alice = f.person(u"alice"_s);
    const std::unique_ptr<Session> held = readOnlyWindow(f, u"op_ro"_s);
    Session &window = *held;

    QCOMPARE(toString(window.store().operation(u"op_ro"_s)->state), u"unknown"_s);
    QCOMPARE(window.store().evidence(u"op_ro"_s).size(), size_t(0));

    const auto refused = [](const std::function<void()> &write) {
        try {
            write();
        } catch (const StoreError &e) {
            return e.message();
        }
        return QString();
    };
    const QStringList said = {
        refused([&] { window.store().addEvidence(note(u"op_ro"_s, alice)); }),
        refused([&] {
            window.store().closeManually(
                {u"op_ro"_s, OperationState::Failed, {}, {1}, alice, u"no refund"_s});
        }),
        refused([&] { window.access().setApprovalThreshold(alice, u"usd"_s, 1000); }),
        refused([&] { window.events().clearAttention(u"op_ro"_s, alice, u"told them"_s); }),
    };
    for (const QString &message : said)
        QCOMPARE(message, u"this connection only reads: %1"_s.arg(kWhy));

    // Nothing was stored, as another connection sees it.
    Session other(f.location(u"alice"_s), f.clock());
    QCOMPARE(other.store().evidence(u"op_ro"_s).size(), size_t(0));
    QCOMPARE(toString(other.store().operation(u"op_ro"_s)->state), u"unknown"_s);
    QVERIFY(other.access().approvalThresholds().empty());
}

void TestReadOnlySession::theMarkIsThatConnectionsOnly()
{
    test::RolesFixture f;
    const QString alice = f.person(u"alice"_s);
    const std::unique_ptr<Session> held = readOnlyWindow(f, u"op_rw"_s);
    Session &window = *held;
    // The writer's connection: the same login and database, its own connection.
    Session writer(f.location(u"alice"_s), f.clock());
    const qint64 id = writer.store().addEvidence(note(u"op_rw"_s, alice));
    QVERIFY(id > 0);
    // The read-only window sees the write at once, and still may not write.
    QCOMPARE(window.store().evidence(u"op_rw"_s).size(), size_t(1));
    QVERIFY_THROWS_EXCEPTION(StoreError, window.store().addEvidence(note(u"op_rw"_s, alice)));
    QCOMPARE(writer.store().evidence(u"op_rw"_s).size(), size_t(1));
}

QTEST_GUILESS_MAIN(TestReadOnlySession)
#include "tst_readonlysession.moc"
