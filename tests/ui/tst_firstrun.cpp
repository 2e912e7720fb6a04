// First run and an unopenable database (issue 17 item 5), offscreen: an empty database with an
// empty operator directory offers the person starting the console to become its first
// supervisor, through the directory's bootstrap rule; someone else being first is refused with
// the reason; a database that cannot be opened names the path and the reason, and Choose
// another hands back the picked file (the picker is injected: no modal file dialog).

#include "console/consolewriter.h"
#include "dialogs/firstrundialog.h"
#include "dialogs/openfaileddialog.h"
#include "domain/storeerror.h"
#include "storage/access/operatordirectory.h"
#include "storage/session.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

class TestFirstRun : public QObject
{
    Q_OBJECT

private slots:
    void freshDatabaseMakesTheFirstPersonSupervisor();
    void someoneElseFirstIsRefusedWithTheReason();
    void databaseWithRowsIsNotFresh();
    void unopenableDatabaseNamesPathAndReason();
    void chooseAnotherHandsBackThePickedFile();

private:
    QTemporaryDir m_dir;
    SystemClock m_clock;
};

void TestFirstRun::freshDatabaseMakesTheFirstPersonSupervisor()
{
    Session session(m_dir.filePath(u"fresh.sqlite"_s), m_clock);
    QVERIFY(session.isFresh());
    console::ConsoleWriter writer(session.location(), m_clock);
    ui::FirstRunDialog dialog(session.location(), u"operator:alice"_s, writer);
    dialog.show();
    QDir().mkpath(QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots"_s));
    QVERIFY(dialog.grab().save(
        QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots/first-run.png"_s)));
    QTest::mouseClick(dialog.becomeButton(), Qt::LeftButton);
    writer.waitForIdle(); // the write is the writer's job
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    const OperatorAccess access = session.accessOf(u"operator:alice"_s);
    QCOMPARE(access.role, std::optional<Role>(Role::Supervisor));
    QVERIFY(!session.isFresh());
}

void TestFirstRun::someoneElseFirstIsRefusedWithTheReason()
{
    Session session(m_dir.filePath(u"race.sqlite"_s), m_clock);
    console::ConsoleWriter writer(session.location(), m_clock);
    ui::FirstRunDialog dialog(session.location(), u"operator:bob"_s, writer);
    dialog.show();
    // Another console (or opsctl operator add) bootstraps the directory meanwhile.
    session.addOperator(u"operator:carol"_s, u"carol"_s, Role::Supervisor);
    QTest::mouseClick(dialog.becomeButton(), Qt::LeftButton);
    writer.waitForIdle();
    QVERIFY(dialog.isVisible());
    QVERIFY2(dialog.message()->text().startsWith(u"Not added: "_s),
             qPrintable(dialog.message()->text()));
    QVERIFY(!session.accessOf(u"operator:bob"_s).role);
}

void TestFirstRun::databaseWithRowsIsNotFresh()
{
    Session session(m_dir.filePath(u"operators.sqlite"_s), m_clock);
    session.addOperator(u"operator:alice"_s, u"alice"_s, Role::Supervisor);
    QVERIFY(!session.isFresh());
}

void TestFirstRun::unopenableDatabaseNamesPathAndReason()
{
    // A folder where the file should be: SQLite cannot open it.
    const QString path = m_dir.filePath(u"a-folder.sqlite"_s);
    QVERIFY(QDir().mkpath(path));
    QString reason;
    try {
        Session session(path, m_clock);
        QFAIL("a folder opened as a database");
    } catch (const StoreError &e) {
        reason = e.message();
    }
    QVERIFY(!reason.isEmpty());
    ui::OpenFailedDialog dialog(path, reason);
    dialog.show();
    const QString text = dialog.text()->text();
    QVERIFY2(text.contains(path.toHtmlEscaped()), qPrintable(text));
    QVERIFY2(text.contains(reason.toHtmlEscaped()), qPrintable(text));
    QDir().mkpath(QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots"_s));
    QVERIFY(dialog.grab().save(
        QDir(QCoreApplication::applicationDirPath()).filePath(u"screenshots/open-failed.png"_s)));
}

void TestFirstRun::chooseAnotherHandsBackThePickedFile()
{
    const QString picked = m_dir.filePath(u"picked.sqlite"_s);
    ui::OpenFailedDialog dialog(u"/nonexistent/ops.sqlite"_s, u"unable to open database"_s);
    QString startedIn;
    int asked = 0;
    dialog.setChooser([&](QWidget *, const QString &start) {
        startedIn = start;
        return ++asked == 1 ? QString() : picked; // first: the person cancels the picker
    });
    dialog.show();
    QTest::mouseClick(dialog.chooseButton(), Qt::LeftButton);
    QVERIFY(dialog.isVisible()); // cancelled: still asking
    QVERIFY(dialog.chosenPath().isEmpty());
    QTest::mouseClick(dialog.chooseButton(), Qt::LeftButton);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.chosenPath(), picked);
    QCOMPARE(startedIn, u"/nonexistent"_s);
    Session session(dialog.chosenPath(), m_clock); // the picked file opens
    QVERIFY(session.isFresh());
}

QTEST_MAIN(TestFirstRun)
#include "tst_firstrun.moc"
