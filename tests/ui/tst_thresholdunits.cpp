// Issue 31 item 7: the four-eyes threshold is shown and entered in currency units (opsctl
// settings as a real process, the Settings dialog by keyboard), the close dialog says before
// the person confirms that the close will wait for a second person, and the charts count
// operators' attempts apart from automation's, with both series named. Real SQLite files, real
// widgets offscreen.

#include "common/amountunits.h"
#include "common/refusaltext.h"
#include "console/sessionreads.h"
#include "dialogs/closedialog.h"
#include "dialogs/settingsdialog.h"
#include "domain/storeerror.h"
#include "storage/access/accessstore.h"
#include "storage/audit/auditstats.h"
#include "storage/session.h"
#include "supervisor/chartsview.h"
#include "support/storefixture.h"
#include "support/testpaths.h"

#include <QApplication>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QLegend>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QTest>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;
using ops::test::StoreFixture;

namespace {

const QString kAlice = u"operator:alice"_s;
const QString kCarol = u"operator:carol"_s; // support: no Approve right

struct Run
{
    int exitCode = -1;
    QByteArray out;
    QString err;
    json result() const { return json::parse(out.constData(), nullptr, false); }
};

Run opsctl(const QString &db, const QStringList &args)
{
    QProcess p;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(u"OPS_DB"_s, db);
    env.insert(u"OPS_OPERATOR"_s, u"alice"_s);
    p.setProcessEnvironment(env);
    p.start(ops::test::opsctlPath(), args);
    p.waitForFinished(60000);
    return {p.exitCode(), p.readAllStandardOutput().trimmed(),
            QString::fromUtf8(p.readAllStandardError())};
}

QString str(const json &j)
{
    return j.is_string() ? QString::fromStdString(j.get<std::string>())
                         : QString::fromStdString(j.dump());
}

NewOperation refund(const QString &id, qint64 minor, int cap = 6)
{
    NewOperation op;
    op.id = id;
    op.unitOfWork = id;
    op.orderId = id;
    op.chargeId = u"ch_"_s + id;
    op.amount = {minor, u"usd"_s};
    op.idempotencyKey = u"key-"_s + id;
    op.request = {"POST", u"/v1/refunds"_s, "amount=1", "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:test"_s;
    op.attemptCap = cap;
    return op;
}

// An unknown refund with one evidence item; returns the evidence id.
qint64 unknownRow(StoreFixture &f, const QString &id, qint64 minor)
{
    f.store().openOrGet(refund(id, minor));
    f.store().markUnknown(id, u"stored 500"_s, u"agent:t"_s);
    return f.store().addEvidence(
        {0, id, u"note"_s, u"looked"_s, u"text/plain"_s, "no refund", {}, {}, kAlice});
}

QList<qreal> barValues(QChart *chart, int set)
{
    auto *bars =
        chart->series().isEmpty() ? nullptr : qobject_cast<QBarSeries *>(chart->series().at(0));
    QList<qreal> values;
    if (!bars || bars->barSets().size() <= set)
        return values;
    for (int i = 0; i < bars->barSets().at(set)->count(); ++i)
        values << bars->barSets().at(set)->at(i);
    return values;
}

// Replaces the line edit's text as a person does: select all, type.
void retype(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    if (text.isEmpty())
        QTest::keyClick(edit, Qt::Key_Delete);
    else
        QTest::keyClicks(edit, text);
}

} // namespace

class TestThresholdUnits : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void opsctlShowsTheThresholdInUnits();
    void settingsDialogShowsAndTakesUnits();
    void settingsDialogRefusesWhatItCannotStore();
    void amountsAreReadInUnits_data();
    void amountsAreReadInUnits();
    void closeDialogSaysApprovalWillBeNeeded();
    void closeDialogWithoutApprovalIsUnchanged();
    void chartsCountOperatorAttemptsApart();
};

namespace {

// Settings' submit over `access` as `actor` (read at each save), answering at once: each change in
// order, stopping at the first refusal, as the console's writer does off the UI thread.
ui::SettingsDialog::ThresholdSubmit storeThresholds(AccessStore &access, const QString &actor)
{
    return [&access, &actor](const ui::SettingsDialog::ThresholdChanges &changes,
                             const ui::SettingsDialog::ThresholdAnswer &answer) {
        int stored = 0;
        for (const auto &[currency, minor] : changes) {
            try {
                access.setApprovalThreshold(actor, currency, minor);
            } catch (const ActionRefused &e) {
                return answer(stored, ui::refusalText(e));
            }
            ++stored;
        }
        answer(stored, {});
    };
}

} // namespace

void TestThresholdUnits::initTestCase()
{
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
}

void TestThresholdUnits::opsctlShowsTheThresholdInUnits()
{
    StoreFixture f;
    Run r =
        opsctl(f.path(), {u"settings"_s, u"set"_s, u"approval-threshold"_s, u"USD"_s, u"100000"_s});
    QCOMPARE(r.exitCode, 0);
    QCOMPARE(str(r.result()["approval_threshold"]), u"100000"_s); // scripts: minor units
    QCOMPARE(str(r.result()["approval_threshold_text"]), u"1000.00 USD"_s);
    QCOMPARE(
        opsctl(f.path(), {u"settings"_s, u"set"_s, u"approval-threshold"_s, u"jpy"_s, u"5000"_s})
            .exitCode,
        0);
    r = opsctl(f.path(), {u"settings"_s, u"show"_s});
    QCOMPARE(r.exitCode, 0);
    const json shown = r.result();
    QCOMPARE(str(shown["approval_threshold"]["usd"]), u"100000"_s);
    QCOMPARE(str(shown["approval_threshold_text"]["usd"]), u"1000.00 USD"_s);
    QCOMPARE(str(shown["approval_threshold_text"]["jpy"]), u"5000 JPY"_s); // no decimals
    r = opsctl(f.path(), {u"settings"_s, u"clear"_s, u"approval-threshold"_s, u"jpy"_s});
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.result()["approval_threshold_text"].is_null());
    // The input stays minor units, and the usage says so.
    r = opsctl(f.path(), {u"settings"_s, u"set"_s, u"approval-threshold"_s, u"usd"_s});
    QCOMPARE(r.exitCode, 2);
    QVERIFY2(r.err.contains(u"minor units"_s), qPrintable(r.err));
    r = opsctl(f.path(),
               {u"settings"_s, u"set"_s, u"approval-threshold"_s, u"usd"_s, u"1000.00"_s});
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(f.session().access().approvalThresholds().size(), size_t(1));
}

void TestThresholdUnits::settingsDialogShowsAndTakesUnits()
{
    StoreFixture f;
    AccessStore access = f.session().access();
    access.setApprovalThreshold(kAlice, u"usd"_s, 100000);
    ui::SettingsDialog dialog;
    QVERIFY(dialog.thresholdBox()->isHidden()); // nobody handed it thresholds
    const auto submit = storeThresholds(access, kAlice);
    dialog.setApprovalThresholds(access.approvalThresholds(), true, submit);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(dialog.thresholdBox()->isVisible());
    QCOMPARE(dialog.thresholdCurrencyCombo()->currentText(), u"USD"_s);
    QCOMPARE(dialog.thresholdEdit()->text(), u"1000.00"_s);
    QVERIFY2(dialog.thresholdNowLabel()->text().contains(u"1,000.00 USD"_s),
             qPrintable(dialog.thresholdNowLabel()->text()));

    // Typed in dollars and cents; stored in cents.
    retype(dialog.thresholdEdit(), u"1,250.50"_s);
    QTest::keyClick(dialog.thresholdEdit(), Qt::Key_Return);
    QVERIFY(!dialog.isVisible());
    QCOMPARE(access.approvalThresholds(),
             (std::vector<std::pair<QString, qint64>>{{u"usd"_s, 125050}}));

    // A currency without decimals takes whole units; an untouched currency is not written.
    ui::SettingsDialog again;
    again.setApprovalThresholds(access.approvalThresholds(), true, submit);
    again.show();
    QCOMPARE(again.thresholdEdit()->text(), u"1250.50"_s);
    again.thresholdCurrencyCombo()->setCurrentIndex(
        again.thresholdCurrencyCombo()->findData(u"jpy"_s));
    QCOMPARE(again.thresholdEdit()->text(), QString());
    retype(again.thresholdEdit(), u"5000"_s);
    again.accept();
    QCOMPARE(access.approvalThresholds(),
             (std::vector<std::pair<QString, qint64>>{{u"jpy"_s, 5000}, {u"usd"_s, 125050}}));

    // Emptying the field removes that currency's threshold.
    ui::SettingsDialog third;
    third.setApprovalThresholds(access.approvalThresholds(), true, submit);
    QCOMPARE(third.thresholdCurrencyCombo()->currentData().toString(), u"jpy"_s);
    QCOMPARE(third.thresholdEdit()->text(), u"5000"_s);
    retype(third.thresholdEdit(), QString());
    third.accept();
    QCOMPARE(access.approvalThresholds(),
             (std::vector<std::pair<QString, qint64>>{{u"usd"_s, 125050}}));
}

void TestThresholdUnits::settingsDialogRefusesWhatItCannotStore()
{
    StoreFixture f;
    AccessStore access = f.session().access();
    access.setApprovalThreshold(kAlice, u"usd"_s, 100000);
    QString actor = kAlice;
    const auto submit = storeThresholds(access, actor);
    ui::SettingsDialog dialog;
    dialog.setApprovalThresholds(access.approvalThresholds(), true, submit);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // More decimals than the currency has: refused in the dialog, nothing stored, still open.
    retype(dialog.thresholdEdit(), u"10.005"_s);
    QTest::keyClick(dialog.thresholdEdit(), Qt::Key_Return);
    QVERIFY(dialog.isVisible());
    QVERIFY2(dialog.refusalLabel()->text().contains(u"2 decimals"_s),
             qPrintable(dialog.refusalLabel()->text()));
    retype(dialog.thresholdEdit(), u"ten"_s);
    QTest::keyClick(dialog.thresholdEdit(), Qt::Key_Return);
    QVERIFY(dialog.isVisible());
    QVERIFY2(dialog.refusalLabel()->text().contains(u"1000.00"_s),
             qPrintable(dialog.refusalLabel()->text()));
    // Storage's refusal (support has no approve right) is shown; the dialog stays open.
    actor = kCarol;
    retype(dialog.thresholdEdit(), u"10"_s);
    QTest::keyClick(dialog.thresholdEdit(), Qt::Key_Return);
    QVERIFY(dialog.isVisible());
    QVERIFY2(dialog.refusalLabel()->text().contains(u"approve right"_s),
             qPrintable(dialog.refusalLabel()->text()));
    QCOMPARE(access.approvalThresholds(),
             (std::vector<std::pair<QString, qint64>>{{u"usd"_s, 100000}}));
    // Read-only without the right: the field cannot be typed into.
    ui::SettingsDialog readOnly;
    readOnly.setApprovalThresholds(access.approvalThresholds(), false, submit);
    QVERIFY(readOnly.thresholdEdit()->isReadOnly());
    QCOMPARE(ui::parseAmountUnits(u"1000"_s, u"bhd"_s, QLocale()).valueOr(-1), 1000000);
    QCOMPARE(ui::parseAmountUnits(u"1000,50"_s, u"eur"_s, QLocale(QLocale::Russian)).valueOr(-1),
             100050);
}

void TestThresholdUnits::amountsAreReadInUnits_data()
{
    QTest::addColumn<QString>("typed");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("locale");
    QTest::addColumn<qint64>("minor"); // -1: refused
    QTest::newRow("en plain") << u"12.50"_s << u"usd"_s << u"en_US"_s << qint64(1250);
    QTest::newRow("en grouped") << u"1,000.50"_s << u"usd"_s << u"en_US"_s << qint64(100050);
    QTest::newRow("en millions") << u"1,000,000"_s << u"usd"_s << u"en_US"_s << qint64(100000000);
    // A comma typed as a decimal point is not a group mark: never 100 times the amount.
    QTest::newRow("en comma typo") << u"12,50"_s << u"usd"_s << u"en_US"_s << qint64(-1);
    QTest::newRow("en short group") << u"1,00"_s << u"usd"_s << u"en_US"_s << qint64(-1);
    QTest::newRow("en space typo") << u"12 50"_s << u"usd"_s << u"en_US"_s << qint64(-1);
    QTest::newRow("ru grouped") << u"1 000,50"_s << u"eur"_s << u"ru_RU"_s << qint64(100050);
    QTest::newRow("ru no-break space")
        << u"1\u00a0000,50"_s << u"eur"_s << u"ru_RU"_s << qint64(100050);
    QTest::newRow("ru point") << u"12.50"_s << u"eur"_s << u"ru_RU"_s << qint64(1250);
    QTest::newRow("uk grouped") << u"2 500"_s << u"uah"_s << u"uk_UA"_s << qint64(250000);
    QTest::newRow("bhd three decimals") << u"1000"_s << u"bhd"_s << u"en_US"_s << qint64(1000000);
    QTest::newRow("jpy no decimals") << u"1.5"_s << u"jpy"_s << u"en_US"_s << qint64(-1);
}

void TestThresholdUnits::amountsAreReadInUnits()
{
    QFETCH(QString, typed);
    QFETCH(QString, currency);
    QFETCH(QString, locale);
    QFETCH(qint64, minor);
    const auto read = ui::parseAmountUnits(typed, currency, QLocale(locale));
    QCOMPARE(read.valueOr(-1), minor);
}

void TestThresholdUnits::closeDialogSaysApprovalWillBeNeeded()
{
    StoreFixture f;
    f.session().access().setApprovalThreshold(kAlice, u"usd"_s, 100000);
    const qint64 ev = unknownRow(f, u"op_big"_s, 150000);
    const Operation op = *f.store().operation(u"op_big"_s);
    const auto exceeded = f.session().access().approvalThresholdExceeded(op);
    QVERIFY(exceeded);
    QCOMPARE(*exceeded, (Money{100000, u"usd"_s}));

    ui::CloseDialog dialog(
        op, f.store().evidence(op.id), OperationState::Failed, kAlice,
        [&f](const ManualClose &c, const ui::CloseDialog::Answer &answer) {
            const ManualCloseResult r = f.store().closeManually(c);
            answer(r.refusal == ManualCloseRefusal::AwaitingApproval ? QString() : r.message);
        });
    dialog.setApprovalThreshold(exceeded);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    // Said before anything is confirmed, with both amounts in units.
    QVERIFY(dialog.approvalLabel()->isVisible());
    QVERIFY2(dialog.approvalLabel()->text().startsWith(
                 u"Closing this refund of 1,500.00 USD needs a supervisor's approval: it is "
                 "above the 1,000.00 USD threshold."_s),
             qPrintable(dialog.approvalLabel()->text()));
    QCOMPARE(dialog.closeButton()->text(), u"Ask for a&pproval"_s);
    QVERIFY(dialog.asksForApproval());

    dialog.checkEvidence(ev);
    dialog.reasonEdit()->setFocus();
    QTest::keyClicks(dialog.reasonEdit(), u"no refund at the provider"_s);
    dialog.closeButton()->setFocus();
    QTest::keyClick(dialog.closeButton(), Qt::Key_Space);
    QVERIFY2(!dialog.isVisible(), qPrintable(dialog.refusal()));
    // What the dialog said is what happened: a pending approval, the row unchanged.
    QCOMPARE(toString(f.store().operation(op.id)->state), toString(OperationState::Unknown));
    QVERIFY(
        f.session().access().openApproval(op.id, ApprovalAction::Close, ApprovalState::Pending));
}

void TestThresholdUnits::closeDialogWithoutApprovalIsUnchanged()
{
    StoreFixture f;
    f.session().access().setApprovalThreshold(kAlice, u"usd"_s, 100000);
    unknownRow(f, u"op_at"_s, 100000); // exactly the threshold: no second person
    const Operation op = *f.store().operation(u"op_at"_s);
    const auto exceeded = f.session().access().approvalThresholdExceeded(op);
    QVERIFY(!exceeded);
    ui::CloseDialog dialog(
        op, f.store().evidence(op.id), OperationState::Failed, kAlice,
        [](const ManualClose &, const ui::CloseDialog::Answer &answer) { answer({}); });
    dialog.setApprovalThreshold(exceeded);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QVERIFY(!dialog.approvalLabel()->isVisible());
    QCOMPARE(dialog.closeButton()->text(), u"&Close operation"_s);
    // Another currency has no threshold at all.
    StoreFixture g;
    g.store().openOrGet(refund(u"op_eur"_s, 900000));
    Operation eur = *g.store().operation(u"op_eur"_s);
    eur.amount.currency = u"eur"_s;
    g.session().access().setApprovalThreshold(kAlice, u"usd"_s, 1);
    QVERIFY(!g.session().access().approvalThresholdExceeded(eur));
}

void TestThresholdUnits::chartsCountOperatorAttemptsApart()
{
    StoreFixture f;
    OperationStore &store = f.store();
    // op_auto: two automation attempts. op_mixed: one automation attempt, then its cap spent and
    // three resends by alice.
    QVERIFY(store.openOrGet(refund(u"op_auto"_s, 500)).created);
    for (int i = 0; i < 2; ++i) {
        const AttemptTicket t = store.beginAttempt(u"op_auto"_s, u"agent:toolu_1"_s);
        QCOMPARE(t.refusal, AttemptRefusal::None);
        store.finishAttempt(u"op_auto"_s, t.attemptId, {});
    }
    QVERIFY(store.openOrGet(refund(u"op_mixed"_s, 700, 1)).created);
    AttemptTicket t = store.beginAttempt(u"op_mixed"_s, u"agent:toolu_2"_s);
    store.finishAttempt(u"op_mixed"_s, t.attemptId, {});
    QCOMPARE(store.beginAttempt(u"op_mixed"_s, u"agent:toolu_2"_s).refusal,
             AttemptRefusal::CapReached);
    for (int i = 0; i < 3; ++i) {
        t = store.beginAttempt(u"op_mixed"_s, kAlice, AttemptMode::OperatorResend);
        QCOMPARE(t.refusal, AttemptRefusal::None);
        store.finishAttempt(u"op_mixed"_s, t.attemptId, {});
    }

    Session session{f.path(), f.clock()};
    const std::unique_ptr<ui::ConsoleReads> reads = console::readsOf(session);
    ui::ChartsView charts(*reads);
    charts.resize(900, 700);
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    QChart *chart = charts.attemptsChart();
    // Automation: one operation with 1 attempt, one with 2; operators: one with 3 resends.
    QCOMPARE(barValues(chart, 0), (QList<qreal>{1, 1, 0, 0, 0, 0}));
    QCOMPARE(barValues(chart, 1), (QList<qreal>{0, 0, 1, 0, 0, 0}));
    auto *bars = qobject_cast<QBarSeries *>(chart->series().at(0));
    QCOMPARE(bars->barSets().at(0)->label(), u"Automatic (the engine)"_s);
    QCOMPARE(bars->barSets().at(1)->label(), u"By operators (resends)"_s);
    QVERIFY(chart->legend()->isVisible());
    QVERIFY2(chart->title().contains(u"operators"_s), qPrintable(chart->title()));
    // The single-series charts stay without a legend.
    QVERIFY(!charts.unknownChart()->legend()->isVisible());
    QCOMPARE(session.auditStats().operatorAttemptsPerOperation(3),
             (std::vector<Bin>{{u"1"_s, 1, 0}, {u"2"_s, 2, 0}, {u"3+"_s, 3, 1}}));
}

QTEST_MAIN(TestThresholdUnits)
#include "tst_thresholdunits.moc"
