// Who is acting, as the console shows it (issue 26 items 2 and 6), offscreen. On a single-desk
// SQLite file the status bar names the operator with "name not authenticated (single-desk
// file)" and the Approvals tab says four-eyes there is a habit, not a control, in English, Russian
// and Ukrainian; both read whole at 1440 px, the note also at 1024 px (screenshots in
// tests/ui/screenshots/identity-<lang>-*.png). The database's refusal codes are said in the
// person's language, and a code the console does not know keeps the database's English.
//
// In team mode (run as tst_identityconsole_pg: OPS_TEST_BACKEND=postgresql) a person logs in
// with a scram password as themselves: the status bar says "Logged in as <login> (supervisor)"
// and that the database checks it, the Approvals tab has no note, a write in another name is
// refused by the database and said in Russian, and `opsconsole --operator alice` as that login
// exits 2 with "you are logged in as <login>" before any window.

#include "common/language.h"
#include "common/refusaltext.h"
#include "console/consolewriter.h"
#include "console/sessionreads.h"
#include "dialogs/evidencedialog.h"
#include "domain/clock.h"
#include "domain/storeerror.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/rowactions.h"
#include "storage/session.h"
#include "supervisor/approvalspanel.h"
#include "support/messagefixture.h"
#include "support/screenshots.h"
#include "support/teamfixture.h"
#include "support/testpaths.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

// The label shows its whole text: it is on screen, inside the window, and wide enough that
// ElidingLabel draws no "…".
void verifyReadable(const QLabel *label, const QWidget *window)
{
    QVERIFY(label->isVisible());
    const QRect inWindow(label->mapTo(window, QPoint(0, 0)), label->size());
    QVERIFY2(window->rect().contains(inWindow), qPrintable(label->objectName()));
    const int needed = label->fontMetrics().horizontalAdvance(label->text());
    QVERIFY2(label->contentsRect().width() >= needed,
             qPrintable(u"%1: %2 px for %3 px of \"%4\""_s.arg(label->objectName())
                            .arg(label->contentsRect().width())
                            .arg(needed)
                            .arg(label->text())));
}

} // namespace

class TestIdentityConsole : public QObject
{
    Q_OBJECT
private slots:
    void cleanup();
    void singleDeskSaysNamesAreNotAuthenticated_data();
    void singleDeskSaysNamesAreNotAuthenticated();
    void refusalsSpeakTheLanguage_data();
    void refusalsSpeakTheLanguage();
    void everyKnownCodeIsTranslated();
    void teamLoginIsCheckedAndRefusalsAreTranslated();

private:
    ManualClock m_clock{QDateTime(QDate(2026, 11, 29), QTime(12, 0), Qt::UTC)};
};

void TestIdentityConsole::cleanup()
{
    ui::applyLanguage(u"en"_s, QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestIdentityConsole::singleDeskSaysNamesAreNotAuthenticated_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("operatorText");
    QTest::addColumn<QString>("identityText");
    QTest::addColumn<QString>("habit"); // in the Approvals tab's note
    QTest::addColumn<QString>("teamMode");
    QTest::addRow("en") << u"en"_s << u"Operator: alice (supervisor)"_s
                        << u"name not authenticated (single-desk file)"_s
                        << u"Four-eyes here is a habit, not a control."_s << u"team mode"_s;
    QTest::addRow("ru") << u"ru"_s << u"Оператор: alice (супервайзер)"_s
                        << u"имя не подтверждено (локальный файл)"_s
                        << u"Принцип четырёх глаз здесь — привычка, а не контроль."_s
                        << u"командный режим"_s;
    QTest::addRow("uk") << u"uk"_s << u"Оператор: alice (супервайзер)"_s
                        << u"ім'я не підтверджене (локальний файл)"_s
                        << u"Принцип чотирьох очей тут — звичка, а не контроль."_s
                        << u"командний режим"_s;
}

void TestIdentityConsole::singleDeskSaysNamesAreNotAuthenticated()
{
    QFETCH(QString, language);
    QFETCH(QString, operatorText);
    QFETCH(QString, identityText);
    QFETCH(QString, habit);
    QFETCH(QString, teamMode);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    // A SQLite file whatever OPS_TEST_BACKEND says: the single-desk case is the subject.
    QTemporaryDir dir;
    Session session(dir.path() + u"/desk.sqlite"_s, m_clock);
    session.addOperator(u"operator:alice"_s, u"alice"_s, Role::Supervisor); // the first one
    ui::MainWindow window(console::readsOf(session), u"operator:alice"_s, u"operator:alice#t"_s);

    QVERIFY(!window.decisions()->identity().teamMode);
    QVERIFY(!window.decisions()->identity().authenticated());
    QCOMPARE(window.decisions()->operatorLabel()->text(), operatorText);
    QCOMPARE(window.decisions()->identityLabel()->text(), identityText);
    QVERIFY(
        window.decisions()->replicationLabel()->isHidden()); // a file has no standby to speak of
    QVERIFY(window.decisions()->identityLabel()->toolTip().contains(teamMode, Qt::CaseInsensitive));
    // The status bar no longer says "signed in" for a typed name.
    QVERIFY2(!window.statusText().contains(u"alice"_s), qPrintable(window.statusText()));

    ui::ApprovalsPanel *panel = window.decisions()->approvalsPanel();
    QVERIFY(panel); // alice supervises
    QVERIFY2(panel->identityNote().contains(habit), qPrintable(panel->identityNote()));
    QVERIFY2(panel->identityNote().contains(teamMode, Qt::CaseInsensitive),
             qPrintable(panel->identityNote()));

    window.resize(1440, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.tabs()->setCurrentWidget(panel);
    QApplication::processEvents();
    verifyReadable(window.decisions()->operatorLabel(), &window);
    verifyReadable(window.decisions()->identityLabel(), &window);
    // Narrow, the note still reads whole (the receiver line gives way).
    window.resize(1024, 700);
    QApplication::processEvents();
    verifyReadable(window.decisions()->identityLabel(), &window);
    QVERIFY(panel->identityNoteLabel()->isVisible());
    test::screenshots(&window, u"identity-%1"_s.arg(language));
}

void TestIdentityConsole::refusalsSpeakTheLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("english"); // as the database says it
    QTest::addColumn<QString>("expected");
    const QString own = u"alice asked for this; another supervisor decides it"_s;
    const QString actor = u"you are logged in as bob; the audit.actor names operator:alice"_s;
    const QString unknown = u"the moon is not in the right phase"_s;
    QTest::addRow("en own") << u"en"_s << u"own"_s << own
                            << u"You asked for this yourself; another supervisor must decide it."_s;
    QTest::addRow("ru own") << u"ru"_s << u"own"_s << own
                            << u"Это ваш собственный запрос; решение должен принять другой "
                               "супервайзер."_s;
    QTest::addRow("uk approve")
        << u"uk"_s << u"approve"_s << u"carol (support) may not approve"_s
        << u"Підтримка не може схвалювати; погодження вирішує супервайзер."_s;
    QTest::addRow("ru actor names the login")
        << u"ru"_s << u"actor"_s << actor
        << u"Вы вошли как bob; база данных отклоняет изменение от чужого имени."_s;
    QTest::addRow("en actor names the login")
        << u"en"_s << u"actor"_s << actor
        << u"You are logged in as bob; the database refuses a change made in someone else's "
           "name."_s;
    QTest::addRow("ru grant") << u"ru"_s << u"grant"_s
                              << u"the database refused: permission denied for table settings"_s
                              << u"У вашего логина нет прав на это изменение; база данных его "
                                 "отклонила."_s;
    QTest::addRow("ru unknown code keeps the English")
        << u"ru"_s << u"moon"_s << unknown << unknown;
    QTest::addRow("ru a rule of storage keeps its text")
        << u"ru"_s << QString() << u"no approval #7"_s << u"no approval #7"_s;
}

void TestIdentityConsole::refusalsSpeakTheLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, code);
    QFETCH(QString, english);
    QFETCH(QString, expected);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    const ActionRefused refused =
        code.isEmpty() ? ActionRefused(english) : ActionRefused(english, code);
    QCOMPARE(ui::refusalText(refused), expected);
    // Caught as the base class, as the windows catch it, it reads the same.
    const StoreError &asStoreError = refused;
    QCOMPARE(ui::storeErrorText(asStoreError), expected);
    // A failure is not a refusal: its message stays as it is.
    QCOMPARE(ui::storeErrorText(StoreError(english)), english);
}

void TestIdentityConsole::everyKnownCodeIsTranslated()
{
    const QStringList codes = ui::knownRefusalCodes();
    QVERIFY(codes.contains(u"actor"_s) && codes.contains(u"own"_s) && codes.size() >= 14);
    for (const QString &language : {u"ru"_s, u"uk"_s}) {
        QStringList said;
        for (const QString &code : codes) {
            QVERIFY(ui::applyLanguage(u"en"_s, QLocale(QLocale::English)));
            const ActionRefused refused(u"database text of %1"_s.arg(code), code);
            const QString english = ui::refusalText(refused);
            QVERIFY2(english != refused.message(), qPrintable(code)); // a sentence of its own
            QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
            const QString translated = ui::refusalText(refused);
            QVERIFY2(translated != english, qPrintable(language + u' ' + code));
            QVERIFY2(!said.contains(translated), qPrintable(code)); // one sentence per code
            said << translated;
        }
    }
}

void TestIdentityConsole::teamLoginIsCheckedAndRefusalsAreTranslated()
{
    if (!test::onPostgres())
        QSKIP("team mode: runs as tst_identityconsole_pg (OPS_TEST_BACKEND=postgresql)");
    QVERIFY(ui::applyLanguage(u"ru"_s, ui::localeFor(u"ru"_s, QLocale::system())));
    // Two supervisors of the shared team (teamfixture.h): bob, and alice as "eve", a login that
    // names bob. The row is the agent's; the owner only migrates (issue 50).
    const QString error = test::prepareTeam();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    {
        test::TeamFixture db(false);
        NewOperation row = test::refundOperation(u"op_team"_s);
        row.agent = test::pidName(u"agent"_s); // an agent's row names its login (0013)
        test::operationIn(db.as(u"agent"_s), row, OperationState::Unknown);
        const QString bobName = test::pidName(u"bob"_s);
        const QString bobUrl = test::LoginConnection::loginUrl(db.path(), u"bob"_s);
        const QString eveName = test::pidName(u"alice"_s);
        const QString eveUrl = test::LoginConnection::loginUrl(db.path(), u"alice"_s);
        Session session(bobUrl, m_clock);
        {
            ui::MainWindow window(console::readsOf(session), u"operator:"_s + bobName,
                                  u"operator:bob#t"_s);
            QVERIFY(window.decisions()->identity().teamMode);
            QVERIFY(window.decisions()->identity().authenticated());
            QCOMPARE(window.decisions()->identity().login, bobName);
            QCOMPARE(window.decisions()->operatorLabel()->text(),
                     u"Вход выполнен: %1 (супервайзер)"_s.arg(bobName));
            QCOMPARE(window.decisions()->identityLabel()->text(), u"проверено базой данных"_s);
            // The fixture's server has no standby: standalone, read by bob's own login.
            QCOMPARE(window.decisions()->replicationLabel()->text(), u"автономный сервер"_s);
            QVERIFY(window.decisions()->approvalsPanel());
            QCOMPARE(window.decisions()->approvalsPanel()->identityNote(), QString());
            window.resize(1440, 900);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            verifyReadable(window.decisions()->operatorLabel(), &window);
            verifyReadable(window.decisions()->identityLabel(), &window);
            verifyReadable(window.decisions()->replicationLabel(), &window);
            test::screenshots(&window, u"identity-team-ru"_s);
        }
        {
            // A console logged in as eve that names bob (a modified client): bob's rights pass
            // the console's own check, the database refuses the write, and the banner says why
            // in Russian, with eve's login.
            Session asEve(eveUrl, m_clock);
            console::ConsoleWriter writer(eveUrl, m_clock); // eve's login writes too
            ui::MainWindow window(console::readsOf(asEve), u"operator:"_s + bobName,
                                  u"operator:bob#t"_s);
            window.setWrites(writer);
            window.resize(1440, 900);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.decisions()->operatorLabel()->text().contains(
                eveName)); // the login, not bob
            window.tabs()->setCurrentIndex(ui::MainWindow::OperationsTab);
            QVERIFY(window.selectOperation(u"op_team"_s));
            ui::EvidenceDialog *dialog = window.rows()->openEvidenceDialog();
            QVERIFY(dialog);
            dialog->setKind(u"note"_s);
            dialog->setTitle(u"provider dashboard"_s);
            dialog->setText(u"no refund listed"_s);
            dialog->accept();
            writer.waitForIdle();
            const QString said =
                u"Вы вошли как %1; база данных отклоняет изменение от чужого имени."_s.arg(eveName);
            QVERIFY2(window.bannerText().contains(said), qPrintable(window.bannerText()));
            QCOMPARE(session.store().evidence(u"op_team"_s).size(), size_t(0));
            test::screenshot(&window, QSize(1440, 900), u"identity-team-refused-ru"_s);
        }
        // The console itself refuses a typed name that is not the login, before any window.
        const QString png = QDir(test::screenshotDir()).filePath(u"must-not-exist.png"_s);
        QFile::remove(png);
        QProcess console;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"QT_QPA_PLATFORM"_s, u"offscreen"_s);
        console.setProcessEnvironment(env);
        console.start(ops::test::consolePath(),
                      {u"--db"_s, bobUrl, u"--operator"_s, u"alice"_s, u"--screenshot"_s, png});
        QVERIFY(console.waitForFinished(30000));
        QCOMPARE(console.exitCode(), 2);
        QVERIFY2(QString::fromUtf8(console.readAllStandardError())
                     .contains(u"opsconsole: you are logged in as %1"_s.arg(bobName)),
                 "the refusal names the login");
        QVERIFY(!QFile::exists(png));
    }
    QVERIFY(test::dropTeam({}).isEmpty());
}

QTEST_MAIN(TestIdentityConsole)

#include "tst_identityconsole.moc"
