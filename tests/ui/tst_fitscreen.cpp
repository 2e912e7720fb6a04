// Every window and dialog fits a 1024×700 screen in English, Russian and Ukrainian (issue 31
// item 5): each is built over a real SQLite store with representative rows (an unknown refund
// with a proposal, a failed one, a close waiting for approval), shown offscreen at most 1024×700,
// and walked. A row fails, listing every offender at once, when
//   - the window (or a dialog's size hint) is larger than the screen;
//   - a visible widget reaches past the window's edge (content of scroll areas and item views
//     scrolls by design and is skipped);
//   - a button's text is clipped (Qt does not elide button text: a size hint wider than the
//     button means cut-off text);
//   - a one-line label is narrower than its text (outside scroll areas and the status bar,
//     whose messages the console elides itself), or a wrapped one shorter than its lines;
//   - a tab lies outside its tab bar, or a toolbar hides actions behind its » button.
// Each row also writes screenshots/fit-<window>-<language>.png. The self-check case proves the
// walk can fail: a deliberately oversized dialog must be reported, a fitting one must not.
// The suite runs on an offscreen screen of exactly 1024×700 (main() below), so the main window
// is also checked as it opens at first start, at the size it picks itself (issue 50 item 9).

#include "common/language.h"
#include "console/connectionsservice.h"
#include "console/consoleagents.h"
#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "dialogs/agentsdialog.h"
#include "dialogs/bulkapplydialog.h"
#include "dialogs/closedialog.h"
#include "dialogs/composedialog.h"
#include "dialogs/connectionsdialog.h"
#include "dialogs/evidencedialog.h"
#include "dialogs/firstrundialog.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/newrefunddialog.h"
#include "dialogs/nextstepdialog.h"
#include "dialogs/openfaileddialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "dialogs/settingsdialog.h"
#include "dialogs/shortcutsdialog.h"
#include "mainwindow/bulkactions.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/navigationactions.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "mainwindow/supervisorpresenter.h"
#include "storage/access/approvals.h"
#include "storage/session.h"
#include "supervisor/supervisorwindow.h"
#include "support/fitwalk.h"
#include "support/messagefixture.h"
#include "support/proposalfixture.h"
#include "support/screenshots.h"
#include "support/storefixture.h"
#include "widgets/operationlistview.h"

#include <QAbstractButton>
#include <QAbstractScrollArea>
#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFile>
#include <QGuiApplication>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QScreen>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimeZone>
#include <QToolBar>
#include <QToolButton>
#include <memory>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::test::fit;

namespace {

const QString kAlice = u"operator:alice"_s;

// The console's settings stay out of the user's: the connections dialog reads this folder.
QTemporaryDir &configHome()
{
    static QTemporaryDir dir;
    return dir;
}

// A database with one row of each kind a person meets after an incident, and a console on it.
// `sized`: resized to the screen before it is shown; without it the window keeps the size it
// chose itself.
struct Desk
{
    explicit Desk(const QString &actor, bool sized = true)
        : session(seed(fx), fx.clock())
        , window(console::readsOf(session), actor, actor + u"#fit"_s)
        , controller(window, jobs(fx), fx.clock())
    {
        if (sized)
            window.resize(kScreen);
        window.show();
        window.reloadAll();
        settle();
    }

    static QString seed(test::StoreFixture &f)
    {
        // An unknown refund the reconciler proposes to close as failed, and one it proposes to
        // resend; a failed refund; a large one whose close waits for a second supervisor.
        test::propose(f, test::unknownRefund(f, u"op_unknown_with_a_long_identifier_01"_s));
        test::propose(f, test::unknownRefund(f, u"op_resend_01"_s, 150000), OperationState::Failed,
                      ProposalAction::Resend);
        test::operationIn(f.store(), test::refundOperation(u"op_failed_01"_s, u"5521"_s),
                          OperationState::Failed);
        setApprovalThreshold(connectionOf(f.store()), 0, kAlice, u"usd"_s, 1000);
        const Operation large = test::operationIn(
            f.store(), test::refundOperation(u"op_large_01"_s, u"7730"_s), OperationState::Unknown);
        const qint64 evidence = test::reading(f, large.id, u"operator:bob"_s);
        f.store().closeManually({large.id,
                                 OperationState::Failed,
                                 {},
                                 {evidence},
                                 u"operator:bob"_s,
                                 u"The provider's dashboard lists no refund for this charge"_s});
        // Issue 50: bob's resend of the large resend-proposed row waits for a second person
        // (the Approvals hint and the queue's Waiting column), and an Adyen refund alice closed
        // as failed with evidence, which Start a new refund… replaces.
        f.store().beginAttempt(u"op_resend_01"_s, u"operator:bob"_s, AttemptMode::OperatorResend);
        NewOperation adyen = test::refundOperation(u"op_adyen_failed_01"_s, u"6120"_s);
        adyen.provider = Provider::Adyen;
        adyen.chargeId = u"DZ4DPSHB4WD2WN82"_s;
        adyen.amount = {1500, u"eur"_s};
        adyen.unitOfWork = u"6120|1500|eur"_s;
        const Operation adyenRow = test::operationIn(f.store(), adyen, OperationState::Unknown);
        f.store().closeManually({adyenRow.id,
                                 OperationState::Failed,
                                 {},
                                 {test::reading(f, adyenRow.id, kAlice)},
                                 kAlice,
                                 u"Adyen kept a 500 under the key; no refund was made"_s});
        return f.path();
    }

    static console::JobConfig jobs(test::StoreFixture &f)
    {
        console::JobConfig c;
        c.dbLocation = f.path();
        c.stripeProblem = u"Stripe is not used in this test."_s;
        c.slenProblem = u"Slen is not used in this test."_s;
        return c;
    }

    Operation operation(const QString &id) { return *fx.store().operation(id); }

    test::StoreFixture fx;
    Session session;
    ui::MainWindow window;
    console::ConsoleController controller;
};

// What a look-up found: nothing at the provider; with `resendHelps` nothing stored under the key
// either (Resend is offered), without it the close is proposed (support asks a supervisor).
LookupAnswer lookupAnswer(const QString &id, bool resendHelps)
{
    LookupAnswer a;
    a.operationId = id;
    a.summary =
        u"Stripe shows no refund for charge ch_%1 (list complete, 3 refunds read).\n"
        "Nothing was stored under the key: a resend with the stored key completes it."_s.arg(id);
    a.proposedOutcome = OperationState::Failed;
    a.proposedReason = u"No refund at the provider (list complete)"_s;
    a.evidenceTitle = u"Stripe look-up"_s;
    a.evidenceBody = R"({"list_complete":true,"matching_refund":null})";
    a.resendHelps = resendHelps;
    return a;
}

} // namespace

class TestFitScreen : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanup();
    void walkReportsWhatDoesNotFit();
    void mainWindowOpensInsideTheScreen_data();
    void mainWindowOpensInsideTheScreen();
    void everyWindowFits_data();
    void everyWindowFits();

private:
    QStringList walkNamed(const QString &name, Desk &desk);
};

void TestFitScreen::initTestCase()
{
    QVERIFY(configHome().isValid());
    qputenv("XDG_CONFIG_HOME", configHome().path().toUtf8());
}

void TestFitScreen::cleanup()
{
    shotName().clear();
    ui::applyLanguage(u"en"_s, QLocale(QLocale::English, QLocale::UnitedStates));
}

// The walk is not blind: a dialog wider and taller than the screen, a clipped button and a cut
// label are each reported, and a fitting dialog is not.
void TestFitScreen::walkReportsWhatDoesNotFit()
{
    QDialog wide;
    auto *button = new QPushButton(u"Apply "_s.repeated(200), &wide);
    button->setObjectName(u"hugeButton"_s);
    button->setGeometry(0, 0, 300, 30); // narrower than its text
    auto *label = new QLabel(u"word "_s.repeated(400), &wide);
    label->setObjectName(u"hugeLabel"_s);
    label->setGeometry(0, 40, 2000, 20); // past the dialog's right edge
    auto *tall = new QLabel(u"tall"_s, &wide);
    tall->setObjectName(u"tallLabel"_s);
    tall->setGeometry(0, 60, 100, 1200);
    auto *wrapped = new QLabel(u"line "_s.repeated(100), &wide);
    wrapped->setObjectName(u"wrappedLabel"_s);
    wrapped->setWordWrap(true);
    wrapped->setGeometry(0, 100, 200, 20); // one line's height for many lines
    wide.setMinimumSize(1200, 800);
    const QString found = walkDialog(&wide).join(u'\n');
    QVERIFY2(found.contains(u"opens at"_s) && found.contains(u"is 1200×800"_s), qPrintable(found));
    QVERIFY2(found.contains(u"hugeButton \"Apply"_s) && found.contains(u"text is clipped"_s),
             qPrintable(found));
    QVERIFY2(found.contains(u"hugeLabel \"word"_s) && found.contains(u"reaches past"_s),
             qPrintable(found));
    QVERIFY2(found.contains(u"hugeLabel \"word word word"_s) && found.contains(u"is cut"_s),
             qPrintable(found));
    QVERIFY2(found.contains(u"tallLabel"_s), qPrintable(found));
    QVERIFY2(found.contains(u"wrappedLabel \"line"_s) && found.contains(u"px of height"_s),
             qPrintable(found));

    QDialog small;
    auto *ok = new QPushButton(u"OK"_s, &small);
    ok->resize(ok->sizeHint());
    small.resize(200, 100);
    const QStringList none = walkDialog(&small);
    QVERIFY2(none.isEmpty(), qPrintable(none.join(u'\n')));
}

void TestFitScreen::mainWindowOpensInsideTheScreen_data()
{
    QTest::addColumn<QString>("language");
    for (const QString &language : ui::supportedLanguages())
        QTest::addRow("%s", qPrintable(language)) << language;
}

// No saved size and no window manager to shrink it: the window picks a size the screen's
// available area holds, and opens with its frame wholly on the screen (it opened at 1440×900,
// the filters and the status bar past the screen's edge).
void TestFitScreen::mainWindowOpensInsideTheScreen()
{
    QFETCH(QString, language);
    const QRect available = QGuiApplication::primaryScreen()->availableGeometry();
    QCOMPARE(available.size(), kScreen); // main() configured the offscreen screen
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    shotName() = u"main-first-start-"_s + language;
    Desk desk(kAlice, false);
    const QRect frame = desk.window.frameGeometry();
    QVERIFY2(available.contains(frame),
             qPrintable(u"the window opened at %1 (frame at %2,%3), the screen has %4"_s.arg(
                 sizeText(desk.window.size()), QString::number(frame.x()),
                 QString::number(frame.y()), sizeText(available.size()))));
    const QStringList found = walk(&desk.window);
    if (!found.isEmpty())
        QFAIL(qPrintable(u"at first start in %1:\n  "_s.arg(language) + found.join(u"\n  "_s)));
}

void TestFitScreen::everyWindowFits_data()
{
    QTest::addColumn<QString>("window");
    QTest::addColumn<QString>("language");
    const QStringList windows = {u"main-operations"_s,
                                 u"main-checking"_s,
                                 u"main-checking-support"_s,
                                 u"main-attention"_s,
                                 u"main-approvals"_s,
                                 u"main-approvals-resend"_s,
                                 u"supervisor-audit"_s,
                                 u"supervisor-charts"_s,
                                 u"supervisor-refunds"_s,
                                 u"supervisor-unmatched"_s,
                                 u"supervisor-agentrequests"_s,
                                 u"agents"_s,
                                 u"bulkapply"_s,
                                 u"bulkresend"_s,
                                 u"close"_s,
                                 u"compose"_s,
                                 u"connections"_s,
                                 u"evidence"_s,
                                 u"firstrun"_s,
                                 u"lookup"_s,
                                 u"lookup-support"_s,
                                 u"lookup-close"_s,
                                 u"lookup-close-support"_s,
                                 u"nextstep"_s,
                                 u"newrefund"_s,
                                 u"newrefund-adyen"_s,
                                 u"openfailed"_s,
                                 u"resendconfirm"_s,
                                 u"settings"_s,
                                 u"shortcuts"_s};
    for (const QString &language : ui::supportedLanguages())
        for (const QString &window : windows)
            QTest::addRow("%s-%s", qPrintable(window), qPrintable(language)) << window << language;
}

void TestFitScreen::everyWindowFits()
{
    QFETCH(QString, window);
    QFETCH(QString, language);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    // "-support" rows: carol, who may not close, sees other buttons (ask a supervisor).
    shotName() = window + u'-' + language;
    Desk desk(window.endsWith(u"-support"_s) ? u"operator:carol"_s : kAlice);
    const QStringList found =
        walkNamed(window.chopped(window.endsWith(u"-support"_s) ? 8 : 0), desk);
    if (!found.isEmpty())
        QFAIL(qPrintable(u"%1 at 1024×700 in %2:\n  "_s.arg(window, language) +
                         found.join(u"\n  "_s)));
}

QStringList TestFitScreen::walkNamed(const QString &name, Desk &desk)
{
    ui::MainWindow &w = desk.window;
    const QString unknownId = u"op_unknown_with_a_long_identifier_01"_s;
    const auto tab = [&](int index, const QString &select) {
        w.tabs()->setCurrentIndex(index);
        w.reloadAll();
        settle();
        w.selectOperation(select);
        return walkWindow(&w);
    };
    if (name == u"main-operations"_s)
        return tab(ui::MainWindow::OperationsTab, unknownId);
    if (name == u"main-checking"_s)
        return tab(ui::MainWindow::CheckingTab, unknownId);
    if (name == u"main-attention"_s)
        return tab(ui::MainWindow::AttentionTab, unknownId);
    if (name == u"main-approvals"_s)
        return tab(ui::MainWindow::ApprovalsTab, u"op_large_01"_s);
    if (name == u"main-approvals-resend"_s)
        return tab(ui::MainWindow::ApprovalsTab, u"op_resend_01"_s);
    if (name.startsWith(u"supervisor-"_s)) {
        ui::SupervisorWindow *s = w.supervision()->openSupervisorWindow();
        if (!s)
            return {u"the supervisor window did not open"_s};
        const int index = name.endsWith(u"audit"_s)       ? ui::SupervisorWindow::AuditTab
                          : name.endsWith(u"charts"_s)    ? ui::SupervisorWindow::ChartsTab
                          : name.endsWith(u"refunds"_s)   ? ui::SupervisorWindow::RefundsTab
                          : name.endsWith(u"unmatched"_s) ? ui::SupervisorWindow::UnmatchedTab
                                                          : ui::SupervisorWindow::AgentRequestsTab;
        s->tabs()->setCurrentIndex(index);
        return walkWindow(s);
    }
    w.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
    w.selectOperation(unknownId);
    settle();
    QPointer<QDialog> dialog;
    std::unique_ptr<QDialog> owned;
    std::unique_ptr<console::ConnectionsService> connections;
    if (name == u"agents"_s) {
        auto *agents = new console::ConsoleAgents(w, desk.session, ui::ConsoleWrites::none());
        w.supervision()->agentsAction()->trigger();
        dialog = agents->dialog();
    } else if (name == u"bulkapply"_s || name == u"bulkresend"_s) {
        w.tabs()->setCurrentIndex(ui::MainWindow::CheckingTab);
        w.reloadAll();
        settle();
        w.queue()->checkingView()->table()->selectAll();
        dialog =
            name == u"bulkapply"_s ? w.bulk()->openApplyDialog() : w.bulk()->openResendDialog();
        auto *bulk = qobject_cast<ui::BulkApplyDialog *>(dialog.data());
        QElapsedTimer t;
        t.start();
        while (bulk && bulk->phase() == ui::BulkApplyDialog::Phase::Reading && t.elapsed() < 30000)
            QTest::qWait(20);
    } else if (name == u"close"_s) {
        // Above the approval threshold: the dialog also says approval will be needed.
        dialog = w.rows()->openCloseDialogFor(u"op_resend_01"_s, OperationState::Failed);
    } else if (name == u"compose"_s) {
        dialog = w.rows()->openComposeDialogFor(u"op_failed_01"_s);
    } else if (name == u"connections"_s) {
        connections = std::make_unique<console::ConnectionsService>();
        owned = std::make_unique<ui::ConnectionsDialog>(*connections);
    } else if (name == u"evidence"_s) {
        dialog = w.rows()->openEvidenceDialog();
    } else if (name == u"firstrun"_s) {
        owned = std::make_unique<ui::FirstRunDialog>(desk.session.location(), kAlice,
                                                     ui::ConsoleWrites::none());
    } else if (name.startsWith(u"lookup"_s)) {
        dialog = w.rows()->showLookupAnswer(lookupAnswer(unknownId, name == u"lookup"_s));
    } else if (name == u"nextstep"_s) {
        owned = std::make_unique<ui::NextStepDialog>(desk.operation(u"op_failed_01"_s), &w);
    } else if (name == u"newrefund"_s) {
        // Above the threshold: the form also says a second person will send it.
        dialog = w.rows()->openNewRefundDialogFor(u"op_failed_01"_s);
    } else if (name == u"newrefund-adyen"_s) {
        dialog = w.rows()->openNewRefundDialogFor(u"op_adyen_failed_01"_s);
    } else if (name == u"openfailed"_s) {
        owned = std::make_unique<ui::OpenFailedDialog>(
            u"/var/lib/ops/an/operations/database/that/is/not/there/ops.sqlite"_s,
            u"unable to open database file: permission denied"_s);
    } else if (name == u"resendconfirm"_s) {
        owned = std::make_unique<ui::ResendConfirmDialog>(
            desk.operation(u"op_resend_01"_s), true,
            QDateTime::fromMSecsSinceEpoch(desk.fx.clock().nowMs(), QTimeZone::utc()),
            KeyMemory::StoredAnswer, false, &w); // the longest form: with the replay warning
    } else if (name == u"settings"_s) {
        dialog = w.supervision()->openSettingsDialog();
    } else if (name == u"shortcuts"_s) {
        dialog = w.navigation()->openShortcutsDialog();
    }
    if (owned)
        dialog = owned.get();
    if (!dialog)
        return {u"the dialog did not open"_s};
    return walkDialog(dialog);
}

// The offscreen platform's one screen, 1024×700 (its default is 800×600), read from a
// configuration file its "configfile" option names; frame margins off, as without a window
// manager.
int main(int argc, char *argv[])
{
    QTemporaryDir dir;
    QFile config(dir.filePath(u"screen.json"_s));
    if (!dir.isValid() || !config.open(QIODevice::WriteOnly))
        return 1;
    config.write(QByteArray(R"({"windowFrameMargins": false, "screens": [{"name": "fit",)"
                            R"( "x": 0, "y": 0, "width": )") +
                 QByteArray::number(kScreen.width()) + R"(, "height": )" +
                 QByteArray::number(kScreen.height()) +
                 R"(, "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
    config.close();
    qputenv("QT_QPA_PLATFORM", "offscreen:configfile=" + config.fileName().toUtf8());
    QApplication app(argc, argv);
    TestFitScreen test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}
#include "tst_fitscreen.moc"
