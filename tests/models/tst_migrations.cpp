// Upgrades: a database an older release left behind, brought up to date by Database::migrate on
// real SQLite files (and, as tst_migrations_pg, on PostgreSQL). Migration 0017 widens the CHECKs
// that name providers (SQLite edits the table definitions in place): rows written before it are
// kept, Adyen rows and events are admitted after it, and every other value is still refused.

#include "domain/clock.h"
#include "storage/bulkgenerator.h"
#include "storage/db/database.h"
#include "storage/db/sqltransaction.h"
#include "storage/operations/operationstore.h"
#include "support/testdatabase.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::TestDatabase;

namespace {

constexpr int kBeforeAdyen = 16;

NewOperation refund(const QString &id, Provider provider, const QString &order)
{
    NewOperation op;
    op.id = id;
    op.kind = OperationKind::Refund;
    op.provider = provider;
    op.unitOfWork = order + u"|5000|eur"_s;
    op.orderId = order;
    op.chargeId = provider == Provider::Adyen ? u"DZ4DPSHB4WD2WN82"_s : u"ch_"_s + order;
    op.amount = {5000, u"eur"_s};
    op.idempotencyKey = u"key-"_s + id;
    op.request = {"POST", u"/v1/refunds"_s, "amount=5000", "application/x-www-form-urlencoded"};
    op.attemptCap = 6;
    op.createdBy = u"agent:test"_s;
    return op;
}

// Runs `sql` on `db` outside the store; the database's error text, or empty when it ran.
QString tryExec(QSqlDatabase &db, const QString &sql)
{
    QSqlQuery q(db);
    return q.exec(sql) ? QString() : q.lastError().text();
}

QString eventInsert(const QString &id, const QString &provider, const QString &matchedBy)
{
    return u"INSERT INTO provider_events (id, provider, type, created, livemode, object_type, "
           "object_id, operation_id, matched_by, source, received_at, outcome, raw) VALUES "
           "('%1', '%2', 'REFUND', 1, 0, 'refund', 'psp1', 'op_adyen', %3, 'webhook', 1, "
           "'applied', '{}')"_s.arg(id, provider, matchedBy);
}

// A refund row as any schema since 0001 takes it: what the code of that version wrote. The store
// of this build writes the newest schema's columns, so rows older schemas hold are made here.
QString operationInsert(const QString &id, const QString &provider, const QString &order)
{
    return u"INSERT INTO operations (id, kind, provider, project, unit_of_work, order_id, "
           "amount_minor, currency, idempotency_key, request_method, request_path, request_body, "
           "request_content_type, attempt_cap, window_seconds, margin_seconds, created_by, "
           "created_at, updated_at) VALUES ('%1', 'refund', '%2', '', '%3|5000|usd', '%3', 5000, "
           "'usd', 'key-%1', 'POST', '/v1/refunds', 'amount=5000', "
           "'application/x-www-form-urlencoded', 6, 86400, 900, 'agent:old', 1, 1)"_s.arg(
               id, provider, order);
}

class Opened
{
public:
    Opened()
        : m_clock(QDateTime(QDate(2026, 12, 5), QTime(9, 0), Qt::UTC))
        , m_db(Database::open(m_testDb.location(), Database::uniqueName(u"migrations"_s)))
    {}
    ~Opened() { Database::drop(m_db); }
    Opened(const Opened &) = delete;
    Opened &operator=(const Opened &) = delete;

    QSqlDatabase &db() { return m_db; }
    Connection &connection() { return m_db; }
    OperationStore store() { return OperationStore(m_db, m_clock); }
    QString location() const { return m_testDb.location(); }

private:
    TestDatabase m_testDb;
    ManualClock m_clock;
    Connection m_db;
};

} // namespace

class TestMigrations : public QObject
{
    Q_OBJECT

private slots:
    void upgradeKeepsRowsAndAdmitsAdyen();
    void providerValuesOutsideTheListAreRefused_data();
    void providerValuesOutsideTheListAreRefused();
    void targetOutsideTheBuildIsRefused_data();
    void targetOutsideTheBuildIsRefused();
    void olderTargetLeavesANewerSchemaAlone();
    void largeFileMigrates();
};

void TestMigrations::upgradeKeepsRowsAndAdmitsAdyen()
{
    Opened o;
    Database::migrate(o.db(), kBeforeAdyen);
    QCOMPARE(Database::schemaVersion(o.db()), kBeforeAdyen);
    // Another connection (another process) open across the upgrade: it must read the widened
    // definitions afterwards, not the ones it parsed before.
    Connection other = Database::open(o.location(), Database::uniqueName(u"other"_s));
    QCOMPARE(Database::schemaVersion(other), kBeforeAdyen);
    QCOMPARE(tryExec(o.db(), operationInsert(u"op_stripe"_s, u"stripe"_s, u"4417"_s)), QString());
    // Before 0017 the database itself refuses an Adyen row, whatever the code above it says.
    QVERIFY(!tryExec(o.db(), operationInsert(u"op_early"_s, u"adyen"_s, u"1"_s)).isEmpty());

    Database::migrate(o.db());
    QCOMPARE(Database::schemaVersion(o.db()), Database::latestVersion());
    const auto kept = o.store().operation(u"op_stripe"_s);
    QVERIFY(kept);
    QVERIFY(kept->provider == Provider::Stripe);
    QCOMPARE(kept->amount.minor, 5000);
    QVERIFY(kept->reasonCode.isEmpty()); // 0020's column is empty on older rows
    QVERIFY(!o.store().operation(u"op_early"_s));

    // The same unit of work on another provider is another unit (rule 2 is per provider).
    const OpenResult adyen = o.store().openOrGet(refund(u"op_adyen"_s, Provider::Adyen, u"4417"_s));
    QVERIFY(adyen.created);
    QVERIFY(o.store().operation(u"op_adyen"_s)->provider == Provider::Adyen);
    QCOMPARE(tryExec(o.db(), eventInsert(u"evt_1"_s, u"adyen"_s, u"'merchant_reference'"_s)),
             QString());
    QCOMPARE(tryExec(o.db(), eventInsert(u"evt_2"_s, u"adyen"_s, u"'original_reference'"_s)),
             QString());

    {
        ManualClock clock(QDateTime(QDate(2026, 12, 5), QTime(9, 0), Qt::UTC));
        OperationStore second(other, clock);
        QVERIFY(second.openOrGet(refund(u"op_adyen2"_s, Provider::Adyen, u"4418"_s)).created);
    }
    Database::drop(other);
    if (!ops::test::onPostgres()) {
        QSqlQuery q(o.db());
        QVERIFY(q.exec(u"PRAGMA integrity_check"_s) && q.next());
        QCOMPARE(q.value(0).toString(), u"ok"_s);
    }
}

void TestMigrations::providerValuesOutsideTheListAreRefused_data()
{
    QTest::addColumn<QString>("sql");
    QTest::newRow("operation provider paypal")
        << u"UPDATE operations SET provider = 'paypal' WHERE id = 'op_adyen'"_s;
    QTest::newRow("operation provider in capitals")
        << u"UPDATE operations SET provider = 'ADYEN' WHERE id = 'op_adyen'"_s;
    QTest::newRow("event provider paypal") << eventInsert(u"evt_x"_s, u"paypal"_s, u"NULL"_s);
    QTest::newRow("event matched by a guess")
        << eventInsert(u"evt_y"_s, u"adyen"_s, u"'amount_only'"_s);
}

void TestMigrations::providerValuesOutsideTheListAreRefused()
{
    QFETCH(QString, sql);
    Opened o;
    Database::migrate(o.db());
    QVERIFY(o.store().openOrGet(refund(u"op_adyen"_s, Provider::Adyen, u"4417"_s)).created);
    QVERIFY2(!tryExec(o.db(), sql).isEmpty(), qPrintable(sql));
    QCOMPARE(TestDatabase::probeCount(
                 o.location(), u"SELECT COUNT(*) FROM operations WHERE provider = 'adyen'"_s),
             1);
    QCOMPARE(TestDatabase::probeCount(o.location(), u"SELECT COUNT(*) FROM provider_events"_s), 0);
}

void TestMigrations::targetOutsideTheBuildIsRefused_data()
{
    QTest::addColumn<int>("target");
    QTest::newRow("zero") << 0;
    QTest::newRow("negative") << -3;
    QTest::newRow("past the latest") << Database::latestVersion() + 1;
}

void TestMigrations::targetOutsideTheBuildIsRefused()
{
    QFETCH(int, target);
    Opened o;
    try {
        Database::migrate(o.db(), target);
        QFAIL("a target outside 1..latest was applied");
    } catch (const StoreError &e) {
        QVERIFY2(e.message().contains(u"no migration"_s), qPrintable(e.message()));
    }
    QCOMPARE(Database::schemaVersion(o.db()), 0);
}

void TestMigrations::olderTargetLeavesANewerSchemaAlone()
{
    Opened o;
    Database::migrate(o.db());
    Database::migrate(o.db(), 5);
    QCOMPARE(Database::schemaVersion(o.db()), Database::latestVersion());
    QCOMPARE(TestDatabase::probeCount(o.location(), u"SELECT COUNT(*) FROM schema_version"_s),
             Database::latestVersion());
}

// A file with enough operations that a migration's statement journals megabytes: 0019 drops
// indexes of several MiB, and each freed page goes into the statement journal. SQLite kept
// that journal in memory up to the process's limit (sqlitetuning.cpp) and, with a limit of
// 4 MiB, failed its spill to disk with "database or disk is full": the upgrade stopped, the
// file stayed at 18. Now it migrates and keeps its rows.
void TestMigrations::largeFileMigrates()
{
    if (ops::test::onPostgres())
        QSKIP("the statement journal is SQLite's; PostgreSQL's 1,000,000-row migration is timed "
              "in docs/benchmarks.md");
    constexpr int kBeforeIndexCut = 18;
    constexpr int kRows = 150'000; // operations_created alone is about 8 MiB
    Opened o;
    Database::migrate(o.db(), kBeforeIndexCut);
    generateOperations(o.connection(), kRows,
                       QDateTime(QDate(2026, 12, 5), QTime(9, 0), Qt::UTC).toMSecsSinceEpoch());
    Database::migrate(o.db());
    QCOMPARE(Database::schemaVersion(o.db()), Database::latestVersion());
    QCOMPARE(TestDatabase::probeCount(o.location(), u"SELECT COUNT(*) FROM operations"_s), kRows);
    QCOMPARE(TestDatabase::probeCount(o.location(),
                                      u"SELECT COUNT(*) FROM sqlite_schema WHERE name IN "
                                      "('operations_created', 'operations_refund_charge')"_s),
             1);
}

QTEST_GUILESS_MAIN(TestMigrations)
#include "tst_migrations.moc"
