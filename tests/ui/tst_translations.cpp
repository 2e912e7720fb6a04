// Translations: the Russian and Ukrainian catalogues are complete and keep every placeholder and
// accelerator; with a language applied the main window's actions, tabs and headers read in it;
// amounts and dates follow the chosen locale; the Settings dialog stores the choice. The compose
// dialog, the Approvals tab and the operator's role read in the language too (screenshots
// compose-<lang>.png and approvals-<lang>.png next to the test binary).

#include "common/language.h"
#include "console/sessionreads.h"
#include "dialogs/composedialog.h"
#include "dialogs/settingsdialog.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"
#include "itemmodels/reasontext.h"
#include "mainwindow/decisionspresenter.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "mainwindow/supervisorpresenter.h"
#include "storage/access/approvals.h"
#include "storage/session.h"
#include "supervisor/approvalspanel.h"
#include "supervisor/auditview.h"
#include "supervisor/supervisorwindow.h"
#include "support/messagefixture.h"
#include "support/storefixture.h"
#include "support/testpaths.h"
#include "widgets/operationlistview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

struct Message
{
    QString context;
    QString source;
    QStringList translations; // one, or the plural forms
    bool unfinished = false;
};

QList<Message> readCatalogue(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QXmlStreamReader xml(&file);
    QList<Message> out;
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == u"name"_s) {
            context = xml.readElementText();
        } else if (name == u"message"_s) {
            current = {context, {}, {}, false};
        } else if (name == u"source"_s) {
            current.source = xml.readElementText();
        } else if (name == u"translation"_s) {
            current.unfinished = xml.attributes().value(u"type"_s) == u"unfinished"_s;
            // Either text or <numerusform> children.
            QString text;
            while (!(xml.isEndElement() && xml.name() == u"translation"_s) && !xml.atEnd()) {
                xml.readNext();
                if (xml.isCharacters())
                    text += xml.text();
                if (xml.isStartElement() && xml.name() == u"numerusform"_s)
                    current.translations << xml.readElementText();
            }
            if (current.translations.isEmpty())
                current.translations << text;
            out << current;
        }
    }
    return out;
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression re(u"%(\\d+|n)"_s);
    QStringList found;
    for (auto it = re.globalMatch(text); it.hasNext();)
        found << it.next().captured(0);
    found.sort();
    return found;
}

// What the sources hold today: lupdate (the same tool and sources as
// scripts/update-translations.sh) run into a scratch catalogue, read once per test run.
const QList<Message> &sourceMessages()
{
    static const QList<Message> messages = [] {
        static QTemporaryDir dir;
        const QString ts = dir.path() + u"/sources.ts"_s;
        // Includes name their part from the libraries' root folders ("widgets/…"): without
        // those roots lupdate cannot follow them and loses the classes' namespaces.
        QStringList args = {u"-silent"_s, u"-locations"_s, u"none"_s};
        for (const QString &root : {u"models"_s, u"app"_s, u"app/core"_s, u"ui"_s})
            args << u"-I"_s << ops::test::sourceDir() + u'/' + root;
        args << u"@"_s + QStringLiteral(OPS_TRANSLATED_SOURCES_LIST) << u"-ts"_s << ts;
        QProcess lupdate;
        lupdate.start(QStringLiteral(OPS_LUPDATE_PATH), args);
        if (!lupdate.waitForFinished(120000) || lupdate.exitCode() != 0)
            qWarning("lupdate failed: %s", lupdate.readAllStandardError().constData());
        return readCatalogue(ts);
    }();
    return messages;
}

int accelerators(const QString &text)
{
    int n = 0;
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) == u'&' && text.at(i + 1) != u'&' && text.at(i + 1) != u' ')
            ++n;
    }
    return n;
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanup();
    void cataloguesAreComplete_data();
    void cataloguesAreComplete();
    void effectiveLanguage_data();
    void effectiveLanguage();
    void mainWindowSpeaksTheLanguage_data();
    void mainWindowSpeaksTheLanguage();
    void messagesAndApprovalsSpeakTheLanguage_data();
    void messagesAndApprovalsSpeakTheLanguage();
    void labelsFollowTheLanguage_data();
    void labelsFollowTheLanguage();
    void qtButtonsSpeakTheLanguage_data();
    void qtButtonsSpeakTheLanguage();
    void reasonsSpeakTheLanguage_data();
    void reasonsSpeakTheLanguage();
    void missingLanguageFallsBackToEnglish();
    void money_data();
    void money();
    void dates_data();
    void dates();
    void settingsDialogStoresTheChoice();
};

void TestTranslations::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"opsconsole-tests"_s);
    QCoreApplication::setApplicationName(u"tst_translations"_s);
    ui::storeLanguage({});
}

void TestTranslations::cleanup()
{
    ui::applyLanguage(u"en"_s, QLocale(QLocale::English, QLocale::UnitedStates));
    ui::storeLanguage({});
}

void TestTranslations::cataloguesAreComplete_data()
{
    QTest::addColumn<QString>("language");
    QTest::addRow("ru") << u"ru"_s;
    QTest::addRow("uk") << u"uk"_s;
    QTest::addRow("en") << u"en"_s;
}

void TestTranslations::cataloguesAreComplete()
{
    QFETCH(QString, language);
    const auto messages = readCatalogue(
        ops::test::sourceDir() + u"/resources/translations/opsconsole_%1.ts"_s.arg(language));
    QVERIFY(messages.size() > 250);
    // Every tr() string of the sources is in the catalogue: a string added without running
    // scripts/update-translations.sh fails here, listed with its context.
    const auto &sources = sourceMessages();
    QVERIFY2(sources.size() > 250, "lupdate read no strings from the sources");
    QSet<QString> catalogued;
    for (const Message &m : messages)
        catalogued.insert(m.context + u'\x1f' + m.source);
    QStringList missing;
    for (const Message &m : sources)
        if (!catalogued.contains(m.context + u'\x1f' + m.source))
            missing << m.context + u": "_s + m.source;
    for (const QString &m : std::as_const(missing))
        qWarning("not in opsconsole_%s.ts: %s", qPrintable(language), qPrintable(m));
    QVERIFY2(missing.isEmpty(),
             qPrintable(u"%1 source strings are missing from opsconsole_%2.ts; run "
                        "scripts/update-translations.sh and translate them"_s.arg(missing.size())
                            .arg(language)));
    const int forms = language == u"en"_s ? 2 : 3;
    for (const Message &m : messages) {
        const QString where = m.context + u": "_s + m.source;
        QVERIFY2(!m.unfinished, qPrintable(where));
        const bool plural = m.source.contains(u"%n"_s);
        QCOMPARE(m.translations.size(), plural ? forms : 1);
        for (const QString &t : m.translations) {
            QVERIFY2(!t.trimmed().isEmpty(), qPrintable(where));
            QVERIFY2(placeholders(t) == placeholders(m.source), qPrintable(where + u" → "_s + t));
            QVERIFY2(accelerators(t) == accelerators(m.source), qPrintable(where + u" → "_s + t));
        }
    }
}

void TestTranslations::effectiveLanguage_data()
{
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QLocale>("system");
    QTest::addColumn<QString>("expected");
    QTest::addRow("system ru") << QString() << QLocale(u"ru_RU"_s) << u"ru"_s;
    QTest::addRow("system uk") << QString() << QLocale(u"uk_UA"_s) << u"uk"_s;
    QTest::addRow("system de: English") << QString() << QLocale(u"de_DE"_s) << u"en"_s;
    QTest::addRow("system C: English") << QString() << QLocale::c() << u"en"_s;
    QTest::addRow("stored uk wins") << u"uk"_s << QLocale(u"en_US"_s) << u"uk"_s;
    QTest::addRow("stored en wins") << u"en"_s << QLocale(u"ru_RU"_s) << u"en"_s;
    QTest::addRow("unknown stored: system") << u"xx"_s << QLocale(u"uk_UA"_s) << u"uk"_s;
}

void TestTranslations::effectiveLanguage()
{
    QFETCH(QString, stored);
    QFETCH(QLocale, system);
    QFETCH(QString, expected);
    QCOMPARE(ui::effectiveLanguage(stored, system), expected);
}

void TestTranslations::mainWindowSpeaksTheLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("lookUp");
    QTest::addColumn<QString>("operationsTab");
    QTest::addColumn<QString>("amountHeader");
    QTest::addColumn<QString>("verifyButton");
    QTest::addRow("ru") << u"ru"_s << u"&Запросить у провайдера"_s << u"Операции"_s << u"Сумма"_s
                        << u"&Проверить цепочку"_s;
    QTest::addRow("uk") << u"uk"_s << u"&Запитати в провайдера"_s << u"Операції"_s << u"Сума"_s
                        << u"&Перевірити ланцюжок"_s;
    QTest::addRow("en") << u"en"_s << u"&Look up at provider"_s << u"Operations"_s << u"Amount"_s
                        << u"&Verify chain"_s;
}

void TestTranslations::mainWindowSpeaksTheLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, lookUp);
    QFETCH(QString, operationsTab);
    QFETCH(QString, amountHeader);
    QFETCH(QString, verifyButton);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    test::StoreFixture f;
    Session session(f.path(), f.clock());
    f.addOperator(u"olena"_s, Role::Supervisor); // the audit window needs the audit right
    ui::MainWindow window(console::readsOf(session), u"operator:olena"_s, u"operator:olena#1"_s);
    QCOMPARE(window.rows()->lookUpAction()->text(), lookUp);
    QCOMPARE(window.tabs()->tabText(ui::MainWindow::OperationsTab), operationsTab);
    QCOMPARE(window.queue()
                 ->operationsModel()
                 ->headerData(OperationTableModel::AmountColumn, Qt::Horizontal)
                 .toString(),
             amountHeader);
    ui::SupervisorWindow *sup = window.supervision()->openSupervisorWindow();
    QVERIFY(sup);
    QCOMPARE(sup->auditView()->verifyButton()->text(), verifyButton);
    QSignalSpy verified(sup->auditView(), &ui::AuditView::verifyFinished);
    QVERIFY(sup->auditView()->startVerify());
    QVERIFY(verified.wait(30'000));
    QVERIFY(!sup->auditView()->verifyText().contains(u"%n"_s));
    // Screenshots next to the test binary, for a reader of the language to check.
    const QString dir = QCoreApplication::applicationDirPath();
    window.show();
    sup->resize(1280, 700);
    QApplication::processEvents();
    QVERIFY(window.grab().save(dir + u"/mainwindow-%1.png"_s.arg(language), "PNG"));
    QVERIFY(sup->grab().save(dir + u"/audit-%1.png"_s.arg(language), "PNG"));
}

void TestTranslations::messagesAndApprovalsSpeakTheLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("approvalsTab");
    QTest::addColumn<QString>("approveButton");
    QTest::addColumn<QString>("askedByHeader");
    QTest::addColumn<QString>("pendingState");
    QTest::addColumn<QString>("operatorLabel");
    QTest::addColumn<QString>("sendButton");
    QTest::addColumn<QString>("messagesTab");
    QTest::addRow("ru") << u"ru"_s << u"Согласования (1)"_s << u"&Одобрить"_s << u"Кто запросил"_s
                        << u"ожидает"_s << u"Оператор: alice (супервайзер)"_s << u"&Отправить"_s
                        << u"&Сообщения (0)"_s;
    QTest::addRow("uk") << u"uk"_s << u"Погодження (1)"_s << u"&Схвалити"_s << u"Хто запитав"_s
                        << u"очікує"_s << u"Оператор: alice (супервайзер)"_s << u"&Надіслати"_s
                        << u"&Повідомлення (0)"_s;
    QTest::addRow("en") << u"en"_s << u"Approvals (1)"_s << u"&Approve"_s << u"Asked by"_s
                        << u"pending"_s << u"Operator: alice (supervisor)"_s << u"&Send"_s
                        << u"&Messages (0)"_s;
}

void TestTranslations::messagesAndApprovalsSpeakTheLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, approvalsTab);
    QFETCH(QString, approveButton);
    QFETCH(QString, askedByHeader);
    QFETCH(QString, pendingState);
    QFETCH(QString, operatorLabel);
    QFETCH(QString, sendButton);
    QFETCH(QString, messagesTab);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    test::StoreFixture f; // alice and bob supervise
    setApprovalThreshold(connectionOf(f.store()), 0, u"operator:alice"_s, u"usd"_s, 1000);
    const Operation op =
        test::operationIn(f.store(), test::refundOperation(u"op_large"_s), OperationState::Unknown);
    const qint64 evidence = f.store().addEvidence({0,
                                                   op.id,
                                                   u"note"_s,
                                                   u"provider dashboard"_s,
                                                   u"text/plain"_s,
                                                   "no refund listed",
                                                   {},
                                                   {},
                                                   u"operator:bob"_s});
    QCOMPARE(f.store()
                 .closeManually({op.id,
                                 OperationState::Failed,
                                 {},
                                 {evidence},
                                 u"operator:bob"_s,
                                 u"no refund listed"_s})
                 .refusal,
             ManualCloseRefusal::AwaitingApproval);
    Session session(f.path(), f.clock());
    ui::MainWindow window(console::readsOf(session), u"operator:alice"_s, u"operator:alice#1"_s);
    ui::ApprovalsPanel *panel = window.decisions()->approvalsPanel();
    QVERIFY(panel);
    QAbstractItemModelTester tester(panel->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(window.tabs()->tabText(window.tabs()->indexOf(panel)), approvalsTab);
    QCOMPARE(panel->approveButton()->text(), approveButton);
    QCOMPARE(
        panel->model()->headerData(ApprovalListModel::RequestedByColumn, Qt::Horizontal).toString(),
        askedByHeader);
    QCOMPARE(panel->model()->index(0, ApprovalListModel::StateColumn).data().toString(),
             pendingState);
    QCOMPARE(window.decisions()->operatorLabel()->text(), operatorLabel);
    // The first row is selected: its Messages tab counts its messages.
    QCOMPARE(window.detailArea()->pane()->tabs()->tabText(ui::DetailPane::MessagesTab),
             messagesTab);
    // The stored close reason stays as typed, whatever the language.
    QVERIFY(panel->model()
                ->index(0, ApprovalListModel::RequestColumn)
                .data()
                .toString()
                .contains(u"no refund listed"_s));

    const QString dir = QCoreApplication::applicationDirPath();
    window.resize(1280, 700);
    window.show();
    window.tabs()->setCurrentWidget(panel);
    QApplication::processEvents();
    QVERIFY(window.grab().save(dir + u"/approvals-%1.png"_s.arg(language), "PNG"));

    ui::ComposeDialog dialog(op, u"operator:alice"_s,
                             [](const MessageDraft &, ui::ComposeDialog::Action,
                                const ui::ComposeDialog::Answer &answer) { answer({}); });
    QCOMPARE(dialog.sendButton()->text(), sendButton);
    QVERIFY(dialog.windowTitle().endsWith(op.id));
    if (language != u"en"_s)
        QVERIFY2(!dialog.windowTitle().startsWith(u"Message"_s), qPrintable(dialog.windowTitle()));
    dialog.setLanguage(language);
    dialog.show();
    QApplication::processEvents();
    QVERIFY(dialog.grab().save(dir + u"/compose-%1.png"_s.arg(language), "PNG"));

    // One amount format per locale: the list, the approvals, the detail pane and the dialog
    // write 38.00 USD the same way ("38,00 USD" in ru and uk).
    const QString amount = formatMoney(op.amount, QLocale());
    QCOMPARE(amount, language == u"en"_s ? u"38.00 USD"_s : u"38,00 USD"_s);
    const QAbstractItemModel *list = window.queue()->operationsView()->model();
    QCOMPARE(list->index(0, OperationTableModel::AmountColumn).data().toString(), amount);
    QCOMPARE(panel->model()->index(0, ApprovalListModel::AmountColumn).data().toString(), amount);
    const auto *title = window.detailArea()->pane()->findChild<QLabel *>(u"detailTitle"_s);
    QVERIFY2(title && title->text().contains(amount),
             qPrintable(title ? title->text() : QString()));
    const auto *intro = dialog.findChild<QLabel *>(u"composeIntro"_s);
    QVERIFY2(intro && intro->text().contains(amount),
             qPrintable(intro ? intro->text() : QString()));
}

void TestTranslations::labelsFollowTheLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("duration");
    QTest::addColumn<QString>("state");
    QTest::addColumn<QString>("kind");
    QTest::addRow("en") << u"en"_s << u"5h 02m"_s << u"unknown"_s << u"credit top-up"_s;
    QTest::addRow("ru") << u"ru"_s << u"5 ч 02 мин"_s << u"неизвестно"_s
                        << u"пополнение кредитов"_s;
    QTest::addRow("uk") << u"uk"_s << u"5 год 02 хв"_s << u"невідомо"_s << u"поповнення кредитів"_s;
}

void TestTranslations::labelsFollowTheLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, duration);
    QFETCH(QString, state);
    QFETCH(QString, kind);
    ui::applyLanguage(language, ui::localeFor(language, QLocale::system()));
    QCOMPARE(formatDuration(5 * 3600 + 2 * 60 + 9), duration);
    QCOMPARE(stateLabel(OperationState::Unknown), state);
    QCOMPARE(kindLabel(OperationKind::CreditTopup), kind);
    // Identifiers stay as they are: stored values, roles and CSV use them.
    QCOMPARE(toString(OperationState::Unknown), u"unknown"_s);
}

void TestTranslations::qtButtonsSpeakTheLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("cancel");
    QTest::addColumn<QString>("close");
    QTest::addRow("ru") << u"ru"_s << u"Отмена"_s << u"Закрыть"_s;
    QTest::addRow("uk") << u"uk"_s << u"Скасувати"_s << u"Закрити"_s;
    QTest::addRow("en") << u"en"_s << u"Cancel"_s << u"Close"_s;
}

// Standard buttons come from Qt's own catalogue (qt6-translations-l10n, which scripts/deps.sh
// installs and the package recommends).
void TestTranslations::qtButtonsSpeakTheLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, cancel);
    QFETCH(QString, close);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    QDialogButtonBox box(QDialogButtonBox::Cancel | QDialogButtonBox::Close);
    QCOMPARE(box.button(QDialogButtonBox::Cancel)->text().remove(u'&'), cancel);
    QCOMPARE(box.button(QDialogButtonBox::Close)->text().remove(u'&'), close);
}

void TestTranslations::reasonsSpeakTheLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("undefined");
    QTest::addColumn<QString>("cap");
    QTest::addRow("ru") << u"ru"_s << u"провайдер ответил HTTP 500; исход не определён"_s
                        << u"лимит попыток исчерпан без ответа"_s;
    QTest::addRow("uk") << u"uk"_s << u"провайдер відповів HTTP 500; результат не визначено"_s
                        << u"ліміт спроб вичерпано без відповіді"_s;
    QTest::addRow("en") << u"en"_s << u"provider answered HTTP 500; the outcome is undefined"_s
                        << u"attempt cap reached without an answer"_s;
}

// The engine's stored reasons read in the console's language; their variable part (HTTP 500)
// and sentences the console does not know stay as stored.
void TestTranslations::reasonsSpeakTheLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, undefined);
    QFETCH(QString, cap);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    QCOMPARE(reasonLabel(u"provider answered HTTP 500; the outcome is undefined"_s), undefined);
    QCOMPARE(reasonLabel(u"attempt cap reached without an answer"_s), cap);
    QCOMPARE(reasonLabel(u"a sentence nobody wrote"_s), u"a sentence nobody wrote"_s);
}

void TestTranslations::missingLanguageFallsBackToEnglish()
{
    QVERIFY(!ui::applyLanguage(u"de"_s, QLocale(u"de_DE"_s)));
    QCOMPARE(QCoreApplication::translate("ops::ui::MainWindow", "&Look up at provider"),
             u"&Look up at provider"_s);
}

void TestTranslations::money_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<qint64>("minor");
    QTest::addColumn<QString>("currency");
    QTest::addColumn<QString>("expected");
    const QLocale en(QLocale::English, QLocale::UnitedStates);
    const QLocale ru(QLocale::Russian, QLocale::Russia);
    const QLocale uk(QLocale::Ukrainian, QLocale::Ukraine);
    const QString nb = QString(QChar(0x00A0)); // CLDR groups ru and uk digits with a no-break space
    QTest::addRow("en usd") << en << qint64(123456) << u"usd"_s << u"1,234.56 USD"_s;
    QTest::addRow("ru usd") << ru << qint64(123456) << u"usd"_s << u"1"_s + nb + u"234,56 USD"_s;
    QTest::addRow("uk uah") << uk << qint64(123456) << u"uah"_s << u"1"_s + nb + u"234,56 UAH"_s;
    QTest::addRow("en small") << en << qint64(5) << u"eur"_s << u"0.05 EUR"_s;
    QTest::addRow("ru small") << ru << qint64(5) << u"eur"_s << u"0,05 EUR"_s;
    QTest::addRow("en jpy no minor") << en << qint64(500000) << u"jpy"_s << u"500,000 JPY"_s;
    QTest::addRow("ru jpy no minor")
        << ru << qint64(500000) << u"jpy"_s << u"500"_s + nb + u"000 JPY"_s;
    QTest::addRow("en kwd three digits") << en << qint64(1234567) << u"kwd"_s << u"1,234.567 KWD"_s;
    QTest::addRow("en negative") << en << qint64(-1250) << u"usd"_s << u"-12.50 USD"_s;
    QTest::addRow("uk negative") << uk << qint64(-1250) << u"usd"_s << u"-12,50 USD"_s;
    QTest::addRow("en max") << en << qint64(99'999'999) << u"usd"_s << u"999,999.99 USD"_s;
}

void TestTranslations::money()
{
    QFETCH(QLocale, locale);
    QFETCH(qint64, minor);
    QFETCH(QString, currency);
    QFETCH(QString, expected);
    QCOMPARE(formatMoney(Money{minor, currency}, locale), expected);
}

void TestTranslations::dates_data()
{
    QTest::addColumn<QLocale>("locale");
    QTest::addColumn<QString>("pattern");
    // The test runs with TZ=UTC (see main), so local time is the UTC time.
    QTest::addRow("ru") << QLocale(QLocale::Russian, QLocale::Russia)
                        << u"^29\\.11\\.2026 14:01:07 UTC$"_s;
    QTest::addRow("uk") << QLocale(QLocale::Ukrainian, QLocale::Ukraine)
                        << u"^29\\.11\\.2026 14:01:07 UTC$"_s;
    QTest::addRow("en_US") << QLocale(QLocale::English, QLocale::UnitedStates)
                           << u"^11/29/2026 2:01:07\\s?PM UTC$"_s;
}

void TestTranslations::dates()
{
    QFETCH(QLocale, locale);
    QFETCH(QString, pattern);
    const QDateTime t(QDate(2026, 11, 29), QTime(14, 1, 7), Qt::UTC);
    const QString text = formatDateTime(t, locale);
    QVERIFY2(QRegularExpression(pattern).match(text).hasMatch(), qPrintable(text));
    QCOMPARE(formatDateTime(QDateTime(), locale), QString());
    QCOMPARE(formatUtc(t), u"2026-11-29 14:01:07 UTC"_s);
}

void TestTranslations::settingsDialogStoresTheChoice()
{
    ui::SettingsDialog dialog;
    QComboBox *combo = dialog.languageCombo();
    QCOMPARE(combo->count(), 4);
    QCOMPARE(combo->currentIndex(), 0); // follow the system
    QCOMPARE(combo->itemText(2), u"Русский"_s);
    combo->setCurrentIndex(combo->findData(u"uk"_s));
    dialog.accept();
    QCOMPARE(ui::storedLanguage(), u"uk"_s);
    ui::SettingsDialog again;
    QCOMPARE(again.languageCombo()->currentData().toString(), u"uk"_s);
    again.languageCombo()->setCurrentIndex(0);
    again.accept();
    QCOMPARE(ui::storedLanguage(), QString());
    ui::SettingsDialog cancelled;
    cancelled.languageCombo()->setCurrentIndex(cancelled.languageCombo()->findData(u"ru"_s));
    cancelled.reject();
    QCOMPARE(ui::storedLanguage(), QString());
}

int main(int argc, char **argv)
{
    qputenv("TZ", "UTC");
    QApplication app(argc, argv);
    TestTranslations test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_translations.moc"
