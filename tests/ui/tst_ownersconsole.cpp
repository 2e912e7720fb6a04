// The team's day in the console (issue 53, DESIGN §18), offscreen with real widgets, the
// console's own controller and writer, and each person on their own login (on PostgreSQL
// tst_ownersconsole_pg): Ctrl+T takes a row (the lists show the owner, the audit says
// operation.owner_taken); taking someone else's row asks first, and No changes nothing; a change
// made meanwhile is reported, not overwritten; support cannot assign (the action says why); a
// supervisor assigns and releases; Mine lists exactly the person's rows with their count; a note
// is added (Ctrl+Shift+O) and shown, and an empty or too long one keeps OK off; a row past its
// service target gets the late mark, its tooltip and the Checking tab's late count, by the
// injectable clock; the window's tray notices see a change made elsewhere. Every list model is
// under QAbstractItemModelTester. Screenshots at 1024×700 in English, Russian and Ukrainian.

#include "common/language.h"
#include "console/consolecontroller.h"
#include "console/sessionreads.h"
#include "dialogs/assigndialog.h"
#include "dialogs/notedialog.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/navigationactions.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/teamactions.h"
#include "mainwindow/traynotifier.h"
#include "storage/readonlysession.h"
#include "storage/session.h"
#include "storage/team/teamstore.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"
#include "support/screenshots.h"
#include "support/shortcuts.h"
#include "widgets/detailpane.h"
#include "widgets/operationdelegate.h"
#include "widgets/operationlistview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTextBrowser>
#include <QToolButton>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::test::RolesFixture;
using ops::ui::MainWindow;

namespace {

// `id` opened by the agent and turned unknown: a Checking row, created now by the fixture's clock.
QString unknownRow(RolesFixture &f, const QString &id)
{
    return test::agentsOperation(f, test::refundOperation(id, id.mid(3)), OperationState::Unknown)
        .id;
}

// A count as the console writes it in the locale in force ("2,000", or "2000" in C).
QString number(qsizetype n)
{
    return QLocale().toString(qlonglong(n));
}

QStringList auditActions(RolesFixture &f, const QString &id, const QString &prefix)
{
    QStringList out;
    for (const AuditEntry &e : f.store().audit(id))
        if (e.action.startsWith(prefix))
            out << u"%1 by %2"_s.arg(e.action, e.actor);
    return out;
}

// One person's console: their own session (read-only, as opsconsole's), window and controller,
// with every list model under QAbstractItemModelTester from before the first write.
struct Desk
{
    Desk(RolesFixture &f, const QString &who)
        : session(f.location(who), f.clock())
        , window(console::readsOf(session), f.person(who), f.person(who) + u"#1"_s)
        , controller(window, config(f, who), f.clock())
    {
        constexpr auto mode = QAbstractItemModelTester::FailureReportingMode::QtTest;
        for (OperationTableModel *m :
             {window.queue()->operationsModel(), window.queue()->checkingModel(),
              window.queue()->mineModel()})
            testers.push_back(std::make_unique<QAbstractItemModelTester>(m, mode));
        keepReadOnly(session, u"the console window writes through its jobs"_s);
        window.resize(1280, 800);
        window.show();
    }
    static console::JobConfig config(RolesFixture &f, const QString &who)
    {
        console::JobConfig c;
        c.dbLocation = f.location(who);
        return c;
    }
    // The writes asked for so far are answered and their answers applied.
    void settle()
    {
        controller.waitForIdle();
        QTest::qWait(0);
    }
    bool select(const QString &id)
    {
        window.reloadAll();
        return window.selectOperation(id);
    }
    ui::TeamActions &team() { return *window.team(); }
    QString tabText(ui::ConsoleTabs::TabIndex tab) const
    {
        return window.tabs()->tabText(window.tabs()->indexOf(window.tabPage(tab)));
    }
    // The cell `column` of `id` in the Checking list.
    QModelIndex checkingCell(const QString &id, int column) const
    {
        OperationTableModel *m = window.queue()->checkingModel();
        return m->index(m->rowOf(id), column);
    }

    Session session;
    MainWindow window;
    console::ConsoleController controller;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
};

} // namespace

class TestOwnersConsole : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(test::prepareRoles().isEmpty()); }
    void cleanupTestCase() { QVERIFY(test::dropRoles().isEmpty()); }
    void init() { QSettings().clear(); }
    void ctrlTTakesARow();
    void takingSomeoneElsesRowAsksFirst();
    void aChangeMeanwhileIsReported();
    void supportCannotAssignAndSaysWhy();
    void aSupervisorAssignsAndReleases();
    void mineShowsExactlyYourRows();
    void aNoteIsAddedAndShown();
    void anEmptyOrTooLongNoteKeepsOkOff();
    void lateRowsAreMarkedAndCounted();
    void trayNoticesSeeAChangeMadeElsewhere();
    void screenshotsInEachLanguage_data();
    void screenshotsInEachLanguage();
};

void TestOwnersConsole::ctrlTTakesARow()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_o101"_s);
    Desk carol(f, u"carol"_s);
    QCOMPARE(carol.team().takeAction()->shortcut(), QKeySequence(u"Ctrl+T"_s));
    QVERIFY(carol.select(id));
    QVERIFY(carol.team().takeAction()->isEnabled());
    QCOMPARE(carol.tabText(MainWindow::MineTab), u"Mine (0)"_s);
    QCOMPARE(carol.window.queue()->mineView()->emptyTitle()->text(), u"Nothing is yours yet"_s);
    test::pressInWindow(carol.window, Qt::Key_T, Qt::ControlModifier);
    carol.settle();
    QCOMPARE(f.store().operation(id)->ownedBy, f.person(u"carol"_s));
    QCOMPARE(auditActions(f, id, u"operation.owner"_s),
             QStringList{u"operation.owner_taken by "_s + f.person(u"carol"_s)});
    // Every list shows the owner's name, with since when in the tooltip; so does the detail.
    const QString name = test::personName(u"carol"_s);
    const QModelIndex owner = carol.checkingCell(id, OperationTableModel::OwnerColumn);
    QCOMPARE(owner.data().toString(), name);
    QVERIFY2(owner.data(Qt::ToolTipRole).toString().contains(u" since "_s),
             qPrintable(owner.data(Qt::ToolTipRole).toString()));
    QVERIFY(!carol.window.queue()->checkingView()->table()->isColumnHidden(
        OperationTableModel::OwnerColumn));
    OperationTableModel *all = carol.window.queue()->operationsModel();
    QCOMPARE(all->index(all->rowOf(id), OperationTableModel::OwnerColumn).data().toString(), name);
    const QString facts = carol.window.detailArea()->pane()->factsLabel()->text();
    QVERIFY2(facts.contains(u"owned by %1 since "_s.arg(name)), qPrintable(facts));
    QCOMPARE(carol.tabText(MainWindow::MineTab), u"Mine (1)"_s);
    QVERIFY2(carol.window.statusText().contains(u"yours now"_s),
             qPrintable(carol.window.statusText()));
    // Taken already: Ctrl+T is off and says so.
    QVERIFY(!carol.team().takeAction()->isEnabled());
    QVERIFY(carol.team().takeAction()->toolTip().contains(u"yours already"_s));
}

void TestOwnersConsole::takingSomeoneElsesRowAsksFirst()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_o201"_s);
    const QString bob = f.person(u"bob"_s);
    QCOMPARE(f.sessionAs(u"bob"_s).team().take(id, bob, QString()), QString());
    Desk alice(f, u"alice"_s);
    QVERIFY(alice.select(id));
    // No: nothing changes.
    QMessageBox *question = alice.team().take();
    QVERIFY(question);
    const QString bobName = test::personName(u"bob"_s);
    QVERIFY2(question->text().startsWith(u"%1 owns this row since "_s.arg(bobName)) &&
                 question->text().endsWith(u". Take it?"_s),
             qPrintable(question->text()));
    QVERIFY(question->defaultButton() == question->button(QMessageBox::No));
    question->button(QMessageBox::No)->click();
    alice.settle();
    QCOMPARE(f.store().operation(id)->ownedBy, bob);
    QCOMPARE(auditActions(f, id, u"operation.owner"_s).size(), 1); // bob's take only
    // Yes: it changes, from bob.
    question = alice.team().take();
    QVERIFY(question);
    question->button(QMessageBox::Yes)->click();
    alice.settle();
    QCOMPARE(f.store().operation(id)->ownedBy, f.person(u"alice"_s));
    QCOMPARE(auditActions(f, id, u"operation.owner"_s).last(),
             u"operation.owner_taken by "_s + f.person(u"alice"_s));
    QCOMPARE(alice.checkingCell(id, OperationTableModel::OwnerColumn).data().toString(),
             test::personName(u"alice"_s));
}

void TestOwnersConsole::aChangeMeanwhileIsReported()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_o301"_s);
    const QString bob = f.person(u"bob"_s);
    QCOMPARE(f.sessionAs(u"bob"_s).team().take(id, bob, QString()), QString());
    Desk alice(f, u"alice"_s);
    QVERIFY(alice.select(id));
    QMessageBox *question = alice.team().take();
    QVERIFY(question);
    // While alice reads "bob owns this row…", carol takes it.
    const QString carol = f.person(u"carol"_s);
    QCOMPARE(f.sessionAs(u"carol"_s).team().take(id, carol, bob), QString());
    question->button(QMessageBox::Yes)->click();
    alice.settle();
    QCOMPARE(f.store().operation(id)->ownedBy, carol); // not overwritten
    const QString said = alice.window.bannerText();
    QVERIFY2(said.contains(u"not taken"_s) &&
                 said.contains(u"%1 took %2 meanwhile"_s.arg(test::personName(u"carol"_s), id)),
             qPrintable(said));
    // The list was read again: it shows who owns the row now.
    QCOMPARE(alice.checkingCell(id, OperationTableModel::OwnerColumn).data().toString(),
             test::personName(u"carol"_s));
}

void TestOwnersConsole::supportCannotAssignAndSaysWhy()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_o401"_s);
    const QString bob = f.person(u"bob"_s);
    QCOMPARE(f.sessionAs(u"bob"_s).team().take(id, bob, QString()), QString());
    Desk carol(f, u"carol"_s);
    QVERIFY(carol.select(id));
    QAction *assign = carol.team().assignAction();
    QVERIFY(!assign->isEnabled());
    QVERIFY2(assign->toolTip().contains(u"may not assign rows"_s), qPrintable(assign->toolTip()));
    QVERIFY(!carol.team().openAssignDialog()); // refused, with the reason in the status bar
    QCOMPARE(carol.window.statusText(), assign->toolTip());
    QCOMPARE(carol.window.refusalFor(assign), assign->toolTip());
    // Nor may she release bob's row; her own she may.
    QAction *release = carol.team().releaseAction();
    QVERIFY(!release->isEnabled());
    QVERIFY2(release->toolTip().contains(u"only a supervisor releases"_s),
             qPrintable(release->toolTip()));
    QVERIFY(carol.team().take());
    carol.team().takeQuestion()->button(QMessageBox::Yes)->click();
    carol.settle();
    QVERIFY(release->isEnabled());
    release->trigger();
    carol.settle();
    QCOMPARE(f.store().operation(id)->ownedBy, QString());
    QVERIFY(!release->isEnabled());
    QVERIFY2(release->toolTip().contains(u"has no owner"_s), qPrintable(release->toolTip()));
}

void TestOwnersConsole::aSupervisorAssignsAndReleases()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_o501"_s);
    Desk alice(f, u"alice"_s);
    QVERIFY(alice.select(id));
    QVERIFY(alice.team().assignAction()->isEnabled());
    QVERIFY(!alice.team().releaseAction()->isEnabled()); // nobody owns it yet
    ui::AssignDialog *dialog = alice.team().openAssignDialog();
    QVERIFY(dialog);
    const QString carol = f.person(u"carol"_s);
    QVERIFY(dialog->choose(carol));
    QVERIFY(dialog->choose(f.person(u"bob"_s)));
    QVERIFY(dialog->choose(carol));
    QVERIFY(dialog->okButton()->isEnabled());
    dialog->okButton()->click();
    alice.settle();
    QCOMPARE(f.store().operation(id)->ownedBy, carol);
    QCOMPARE(alice.checkingCell(id, OperationTableModel::OwnerColumn).data().toString(),
             test::personName(u"carol"_s));
    QVERIFY(alice.team().releaseAction()->isEnabled()); // anyone's, for a supervisor
    alice.team().releaseAction()->trigger();
    alice.settle();
    QCOMPARE(f.store().operation(id)->ownedBy, QString());
    QCOMPARE(auditActions(f, id, u"operation.owner"_s),
             (QStringList{u"operation.owner_assigned by "_s + f.person(u"alice"_s),
                          u"operation.owner_released by "_s + f.person(u"alice"_s)}));
    QCOMPARE(alice.checkingCell(id, OperationTableModel::OwnerColumn).data().toString(), QString());
}

void TestOwnersConsole::mineShowsExactlyYourRows()
{
    RolesFixture f;
    const QString carol = f.person(u"carol"_s);
    const QString bob = f.person(u"bob"_s);
    for (const QString &id : {u"op_o601"_s, u"op_o602"_s, u"op_o603"_s, u"op_o604"_s})
        unknownRow(f, id);
    TeamStore &carolTeam = f.sessionAs(u"carol"_s).team();
    QCOMPARE(carolTeam.take(u"op_o601"_s, carol, QString()), QString());
    QCOMPARE(carolTeam.take(u"op_o603"_s, carol, QString()), QString());
    QCOMPARE(f.sessionAs(u"bob"_s).team().take(u"op_o602"_s, bob, QString()), QString());
    Desk desk(f, u"carol"_s);
    QCOMPARE(desk.tabText(MainWindow::MineTab), u"Mine (2)"_s);
    QCOMPARE(desk.window.navigation()->tabAction(MainWindow::MineTab)->shortcut(),
             QKeySequence(u"Ctrl+5"_s));
    test::pressInWindow(desk.window, Qt::Key_5, Qt::ControlModifier);
    QCOMPARE(desk.window.tabs()->currentWidget(), desk.window.queue()->mineView());
    QCOMPARE(desk.window.queue()->currentView(), desk.window.queue()->mineView());
    const auto mineIds = [&] {
        QStringList ids;
        const OperationTableModel *m = desk.window.queue()->mineModel();
        for (int r = 0; r < m->rowCount(); ++r)
            ids << m->summaryAt(r)->id;
        ids.sort();
        return ids;
    };
    QCOMPARE(mineIds(), (QStringList{u"op_o601"_s, u"op_o603"_s}));
    // The detail follows Mine's current row; taking another row brings it in.
    QVERIFY(!desk.window.currentOperationId().isEmpty());
    desk.window.tabs()->setCurrentWidget(desk.window.queue()->checkingView());
    QVERIFY(desk.window.selectOperation(u"op_o604"_s));
    desk.window.reloadDetail();
    QVERIFY(!desk.team().take()); // nobody owned it: taken at once
    desk.settle();
    QCOMPARE(mineIds(), (QStringList{u"op_o601"_s, u"op_o603"_s, u"op_o604"_s}));
    QCOMPARE(desk.tabText(MainWindow::MineTab), u"Mine (3)"_s);
    // bob's own Mine holds his row only.
    Desk bobDesk(f, u"bob"_s);
    QCOMPARE(bobDesk.tabText(MainWindow::MineTab), u"Mine (1)"_s);
}

void TestOwnersConsole::aNoteIsAddedAndShown()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_o701"_s);
    Desk carol(f, u"carol"_s);
    QVERIFY(carol.select(id));
    QCOMPARE(carol.team().addNoteAction()->shortcut(), QKeySequence(u"Ctrl+Shift+O"_s));
    test::pressInWindow(carol.window, Qt::Key_O, Qt::ControlModifier | Qt::ShiftModifier);
    ui::NoteDialog *dialog = carol.team().noteDialog();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QVERIFY(!dialog->okButton()->isEnabled());
    const QString text = u"Customer called at 10:15.\nThe bank shows no refund yet."_s;
    dialog->textEdit()->setFocus();
    QTest::keyClicks(dialog->textEdit(), u"Customer called at 10:15."_s);
    QTest::keyClick(dialog->textEdit(), Qt::Key_Return);
    QTest::keyClicks(dialog->textEdit(), u"The bank shows no refund yet."_s);
    QCOMPARE(dialog->text(), text);
    QVERIFY(dialog->okButton()->isEnabled());
    QCOMPARE(dialog->countLabel()->text(),
             u"%1 / %2 characters"_s.arg(number(text.size()), number(kMaxNoteLength)));
    dialog->okButton()->click();
    carol.settle();
    QTRY_VERIFY(!carol.team().noteDialog()); // closed once stored
    const std::vector<RowNote> notes = f.sessionAs(u"carol"_s).team().notes(id);
    QCOMPARE(notes.size(), size_t(1));
    QCOMPARE(notes[0].body, text);
    QCOMPARE(notes[0].createdBy, f.person(u"carol"_s));
    QCOMPARE(auditActions(f, id, u"operation.note"_s),
             QStringList{u"operation.note_added by "_s + f.person(u"carol"_s)});
    // The detail pane shows it with who and when, on its Notes tab.
    ui::DetailPane *pane = carol.window.detailArea()->pane();
    QCOMPARE(pane->tabs()->currentIndex(), int(ui::DetailPane::NotesTab));
    QCOMPARE(pane->tabs()->tabText(ui::DetailPane::NotesTab), u"Notes (1)"_s);
    const QString shown = pane->notesView()->toPlainText();
    QVERIFY2(shown.contains(test::personName(u"carol"_s)) &&
                 shown.contains(u"The bank shows no refund yet."_s) &&
                 shown.contains(formatDateTime(notes[0].createdAt, QLocale())),
             qPrintable(shown));
    QVERIFY(pane->addNoteButton()->isVisible() || !pane->isVisible());
}

void TestOwnersConsole::anEmptyOrTooLongNoteKeepsOkOff()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_o801"_s);
    Desk carol(f, u"carol"_s);
    QVERIFY(carol.select(id));
    ui::NoteDialog *dialog = carol.team().openNoteDialog();
    QVERIFY(dialog);
    QVERIFY(!dialog->okButton()->isEnabled());
    QVERIFY(dialog->problemLabel()->isHidden()); // a fresh dialog is no error
    dialog->textEdit()->setPlainText(u"   \n\t "_s);
    QVERIFY(!dialog->okButton()->isEnabled());
    QCOMPARE(dialog->problemLabel()->text(), u"A note needs some text."_s);
    QVERIFY(!dialog->problemLabel()->isHidden());
    dialog->textEdit()->setPlainText(QString(kMaxNoteLength + 1, u'x'));
    QVERIFY(!dialog->okButton()->isEnabled());
    QCOMPARE(dialog->problemLabel()->text(),
             u"A note is at most %1 characters; this one has %2."_s.arg(
                 number(kMaxNoteLength), number(kMaxNoteLength + 1)));
    QCOMPARE(dialog->countLabel()->text(),
             u"%1 / %2 characters"_s.arg(number(kMaxNoteLength + 1), number(kMaxNoteLength)));
    dialog->accept(); // Enter while off: nothing is stored
    dialog->textEdit()->setPlainText(QString(kMaxNoteLength, u'x'));
    QVERIFY(dialog->okButton()->isEnabled());
    QVERIFY(dialog->problemLabel()->isHidden());
    dialog->reject();
    carol.settle();
    QVERIFY(f.sessionAs(u"carol"_s).team().notes(id).empty());
}

void TestOwnersConsole::lateRowsAreMarkedAndCounted()
{
    RolesFixture f;
    const QString late = unknownRow(f, u"op_o901"_s);
    f.clock().advanceSecs(30 * 60);
    const QString fresh = unknownRow(f, u"op_o902"_s);
    Desk carol(f, u"carol"_s);
    QCOMPARE(carol.tabText(MainWindow::CheckingTab), u"Checking (2)"_s);
    QCOMPARE(carol.window.queue()->targets(), ServiceTargets()); // the defaults: 1 h, 24 h, 4 h
    // 61 minutes after the first row opened: nobody took it within the hour.
    f.clock().advanceSecs(31 * 60);
    carol.window.reloadAll();
    QCOMPARE(carol.tabText(MainWindow::CheckingTab), u"Checking (2, 1 late)"_s);
    const QModelIndex due = carol.checkingCell(late, OperationTableModel::WindowLeftColumn);
    QCOMPARE(LateReason(due.data(OperationTableModel::LateRole).toInt()), LateReason::NoOwner);
    const QString tip = ui::OperationDelegate::toolTipFor(due);
    QVERIFY2(tip.startsWith(u"Late: no owner after 1 h."_s), qPrintable(tip));
    const QModelIndex onTime = carol.checkingCell(fresh, OperationTableModel::WindowLeftColumn);
    QCOMPARE(LateReason(onTime.data(OperationTableModel::LateRole).toInt()), LateReason::None);
    QVERIFY(!ui::OperationDelegate::toolTipFor(onTime).startsWith(u"Late"_s));
    // The late row comes first (what falls due first), and the mark is painted: a red clock.
    QCOMPARE(carol.window.queue()->checkingModel()->summaryAt(0)->id, late);
    QTableView *table = carol.window.queue()->checkingView()->table();
    const QRect cell = table->visualRect(due);
    const QImage shot = table->viewport()->grab().toImage();
    int red = 0;
    for (int x = cell.left(); x <= cell.right(); ++x)
        for (int y = cell.top(); y <= cell.bottom(); ++y)
            if (shot.pixelColor(x, y) == ui::OperationDelegate::lateColor())
                ++red;
    QVERIFY2(red > 30, qPrintable(QString::number(red)));
    // Taken, it waits for a decision (24 h) and is not late any more.
    QVERIFY(carol.select(late));
    QVERIFY(!carol.team().take());
    carol.settle();
    QCOMPARE(carol.tabText(MainWindow::CheckingTab), u"Checking (2)"_s);
    // A day on, both are undecided past 24 h; the clock alone turns them (the window's tick).
    f.clock().advanceSecs(24 * 3600);
    QTRY_COMPARE(carol.tabText(MainWindow::CheckingTab), u"Checking (2, 2 late)"_s);
    QVERIFY(ui::OperationDelegate::toolTipFor(
                carol.checkingCell(late, OperationTableModel::WindowLeftColumn))
                .startsWith(u"Late: undecided after 24 h."_s));
    QVERIFY(carol.window.tabs()->tabToolTip(MainWindow::CheckingTab).contains(u"2 row"_s));
}

void TestOwnersConsole::trayNoticesSeeAChangeMadeElsewhere()
{
    RolesFixture f;
    const QString id = unknownRow(f, u"op_o951"_s);
    const QString carol = f.person(u"carol"_s);
    QCOMPARE(f.sessionAs(u"carol"_s).team().take(id, carol, QString()), QString());
    Desk desk(f, u"carol"_s);
    ui::TrayNotifier *tray = desk.window.tray();
    QAction *setting = tray->action();
    QVERIFY(setting->isCheckable());
    QVERIFY(!setting->isChecked()); // off by default
    if (test::onPostgres()) {
        QVERIFY(setting->isEnabled());
        setting->setChecked(true);
        QVERIFY(QSettings().value(QLatin1StringView(ui::TrayNotifier::kSettingKey)).toBool());
        QVERIFY(tray->isOn());
    } else {
        QVERIFY(!setting->isEnabled()); // a file database has one person at one desk
        QVERIFY2(setting->toolTip().contains(u"SQLite"_s), qPrintable(setting->toolTip()));
        QVERIFY(!tray->isOn());
    }
    // bob closes carol's row elsewhere: her window's next look says so (offscreen nothing is shown:
    // there is no system tray).
    test::closeByHand(f.as(u"bob"_s), id, f.person(u"bob"_s));
    desk.window.reloadAll();
    const std::vector<ui::TrayNotice> &said = tray->lastNotices();
    QCOMPARE(said.size(), size_t(1));
    QCOMPARE(said[0].kind, ui::TrayNotice::Kind::StateChanged);
    QCOMPARE(said[0].operationId, id);
    QVERIFY2(said[0].text.contains(u"unknown"_s) && said[0].text.contains(u"succeeded"_s),
             qPrintable(said[0].text));
    QVERIFY(!tray->trayIcon());
}

void TestOwnersConsole::screenshotsInEachLanguage_data()
{
    QTest::addColumn<QString>("language");
    for (const QString &language : ui::supportedLanguages())
        QTest::addRow("%s", qPrintable(language)) << language;
}

void TestOwnersConsole::screenshotsInEachLanguage()
{
    QFETCH(QString, language);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    RolesFixture f;
    const QString late = unknownRow(f, u"op_5d2c9a7e41b8"_s);
    f.clock().advanceSecs(70 * 60);
    const QString noted = unknownRow(f, u"op_7f31b0c2d9e4"_s);
    unknownRow(f, u"op_a04e6c1f8b27"_s);
    const QString carol = f.person(u"carol"_s);
    TeamStore &carolTeam = f.sessionAs(u"carol"_s).team();
    QCOMPARE(carolTeam.take(noted, carol, QString()), QString());
    carolTeam.addNote(noted, u"Customer called: the bank shows nothing yet. Looking it up."_s,
                      carol);
    f.clock().advanceSecs(5 * 60);
    f.sessionAs(u"alice"_s)
        .team()
        .addNote(noted,
                 u"If Stripe shows no refund by noon, close as failed and start a new one."_s,
                 f.person(u"alice"_s));
    Desk alice(f, u"alice"_s);
    const QSize size(1024, 700);
    alice.window.resize(size);
    QVERIFY(alice.select(noted));
    alice.window.detailArea()->pane()->showTab(ui::DetailPane::NotesTab);
    QCOMPARE(alice.window.queue()->checkingModel()->lateCount(), 1);
    QVERIFY(LateReason(alice.checkingCell(late, OperationTableModel::WindowLeftColumn)
                           .data(OperationTableModel::LateRole)
                           .toInt()) == LateReason::NoOwner);
    test::screenshot(&alice.window, size, u"owners-notes-late-"_s + language);
    // The dialogs over it: the question Take asks, Assign… and a note that is too long.
    QMessageBox *question = alice.team().take();
    QVERIFY(question);
    test::screenshot(&alice.window, size, u"owners-take-question-"_s + language, question);
    question->button(QMessageBox::No)->click();
    ui::AssignDialog *assign = alice.team().openAssignDialog();
    QVERIFY(assign);
    test::screenshot(&alice.window, size, u"owners-assign-"_s + language, assign);
    assign->reject();
    ui::NoteDialog *note = alice.team().openNoteDialog();
    QVERIFY(note);
    note->textEdit()->setPlainText(QString(kMaxNoteLength - 10, u'x') + u" and more text"_s);
    QVERIFY(!note->okButton()->isEnabled());
    test::screenshot(&alice.window, size, u"owners-note-too-long-"_s + language, note);
    note->reject();
    alice.settle();
    QVERIFY(ui::applyLanguage(u"en"_s, QLocale(QLocale::English, QLocale::UnitedStates)));
}

QTEST_MAIN(TestOwnersConsole)
#include "tst_ownersconsole.moc"
