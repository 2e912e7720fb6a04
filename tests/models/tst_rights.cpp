// Roles and rights as pure logic (issue 6): names, parsing, each role's default rights.

#include "domain/rights.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestRights : public QObject
{
    Q_OBJECT
private slots:
    void roleDefaults_data();
    void roleDefaults();
    void rightNamesRoundTrip_data();
    void rightNamesRoundTrip();
    void roleNames_data();
    void roleNames();
    void parseRights_data();
    void parseRights();
    void unknownOperatorMayOnlyLook();
};

void TestRights::roleDefaults_data()
{
    QTest::addColumn<QString>("role");
    QTest::addColumn<QString>("right");
    QTest::addColumn<bool>("granted");
    const QStringList supportHas = {u"view"_s, u"attach"_s, u"resend"_s, u"message"_s};
    for (const Right r : allRights()) {
        const QString name = toString(r);
        QTest::addRow("support %s", qPrintable(name))
            << u"support"_s << name << supportHas.contains(name);
        QTest::addRow("supervisor %s", qPrintable(name)) << u"supervisor"_s << name << true;
    }
}

void TestRights::roleDefaults()
{
    QFETCH(QString, role);
    QFETCH(QString, right);
    QFETCH(bool, granted);
    const auto parsedRole = roleFromString(role);
    const auto parsedRight = rightFromString(right);
    QVERIFY(parsedRole && parsedRight);
    QCOMPARE(defaultRights(*parsedRole).testFlag(*parsedRight), granted);
}

void TestRights::rightNamesRoundTrip_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    for (const auto *n :
         {"view", "attach", "resend", "close", "message", "approve", "audit", "export"})
        QTest::addRow("%s", n) << QString::fromLatin1(n) << true;
    QTest::addRow("upper case") << u"CLOSE"_s << false;
    QTest::addRow("padded") << u" close"_s << false;
    QTest::addRow("empty") << QString() << false;
    QTest::addRow("grant is a role change, not a right") << u"grant"_s << false;
}

void TestRights::rightNamesRoundTrip()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    const auto right = rightFromString(name);
    QCOMPARE(right.has_value(), valid);
    if (right)
        QCOMPARE(toString(*right), name);
}

void TestRights::roleNames_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("valid");
    QTest::addRow("support") << u"support"_s << true;
    QTest::addRow("supervisor") << u"supervisor"_s << true;
    QTest::addRow("admin is not a role") << u"admin"_s << false;
    QTest::addRow("capitalised") << u"Supervisor"_s << false;
    QTest::addRow("empty") << QString() << false;
}

void TestRights::roleNames()
{
    QFETCH(QString, name);
    QFETCH(bool, valid);
    const auto role = roleFromString(name);
    QCOMPARE(role.has_value(), valid);
    if (role)
        QCOMPARE(toString(*role), name);
}

void TestRights::parseRights_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("formatted"); // empty: refused
    QTest::addColumn<QString>("error");
    QTest::addRow("one") << u"close"_s << u"close"_s << QString();
    QTest::addRow("listed in canonical order")
        << u"export,view,close"_s << u"view,close,export"_s << QString();
    QTest::addRow("spaces and duplicates")
        << u" view , view,attach "_s << u"view,attach"_s << QString();
    QTest::addRow("empty items skipped") << u"view,,attach,"_s << u"view,attach"_s << QString();
    QTest::addRow("all") << u"view,attach,resend,close,message,approve,audit,export"_s
                         << u"view,attach,resend,close,message,approve,audit,export"_s << QString();
    QTest::addRow("unknown name") << u"view,delete"_s << QString() << u"unknown right 'delete'"_s;
    QTest::addRow("empty") << QString() << QString() << u"no rights given"_s;
    QTest::addRow("only commas") << u" , ,"_s << QString() << u"no rights given"_s;
}

void TestRights::parseRights()
{
    QFETCH(QString, text);
    QFETCH(QString, formatted);
    QFETCH(QString, error);
    const auto rights = ops::parseRights(text);
    QCOMPARE(rights.ok(), !formatted.isEmpty());
    if (rights)
        QCOMPARE(formatRights(*rights), formatted);
    else
        QVERIFY2(rights.error().contains(error), qPrintable(rights.error()));
}

void TestRights::unknownOperatorMayOnlyLook()
{
    QCOMPARE(formatRights(kUnknownOperatorRights), u"view"_s);
    QCOMPARE(formatRights(Rights()), QString());
}

QTEST_GUILESS_MAIN(TestRights)
#include "tst_rights.moc"
