// The compose dialog and the console's message flow, driven through real widgets offscreen:
// templates limited by the row's state, live preview per language, free text refused by the
// truth guard with the reason shown and Send/Copy disabled, copy to the clipboard, and Send
// through the console controller to provider-sim's message sink. Screenshots of the dialog are
// written next to the test binary. Each actor in its role (rolesfixture.h): on PostgreSQL
// (tst_composedialog_pg) the agent opens and moves the rows, and alice's window and jobs are on
// her login.

#include "console/consolecontroller.h"
#include "console/consolewriter.h"
#include "console/sessionreads.h"
#include "dialogs/composedialog.h"
#include "itemmodels/messagetablemodel.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/rowactions.h"
#include "storage/readonlysession.h"
#include "storage/session.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"
#include "widgets/operationlistview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>

using namespace ops;
using ops::ui::ComposeDialog;
using ops::ui::MainWindow;
using Tester = QAbstractItemModelTester;

Q_DECLARE_METATYPE(ops::OperationState)

namespace {

struct Submitted
{
    std::vector<std::pair<MessageDraft, ComposeDialog::Action>> calls;
    QString answer; // what submit returns
};

std::unique_ptr<ComposeDialog> dialogFor(const Operation &op, Submitted &s)
{
    auto d =
        std::make_unique<ComposeDialog>(op, u"operator:alice"_s,
                                        [&s](const MessageDraft &draft, ComposeDialog::Action a,
                                             const ComposeDialog::Answer &answer) {
                                            s.calls.push_back({draft, a});
                                            answer(s.answer);
                                        });
    d->show();
    return d;
}

// `op` opened by the agent and moved to `state` as the engine would (its row names the agent
// on PostgreSQL).
Operation operationIn(test::RolesFixture &f, NewOperation op, OperationState state,
                      const QString &providerStatus = u"succeeded"_s)
{
    op.agent = f.agentOf();
    return test::operationIn(f.agent(), op, state, providerStatus);
}

QStringList offered(const ComposeDialog &d)
{
    QStringList out;
    for (int i = 0; i < d.templateBox()->count(); ++i)
        out << toString(MessageTemplate(d.templateBox()->itemData(i).toInt()));
    return out;
}

void saveShot(QWidget *w, const QString &name)
{
    const QString path = QCoreApplication::applicationDirPath() + u'/' + name;
    QVERIFY(w->grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

} // namespace

class TestComposeDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        const QString error = test::prepareRoles();
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    void cleanupTestCase()
    {
        const QString error = test::dropRoles();
        QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    void init()
    {
        QSettings().clear(); // conversations are remembered per order
        // The console's language decides the message's; the cases read English unless they pick.
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    void templatesFollowState_data();
    void templatesFollowState();
    void previewFollowsLanguage();
    void languageStartsAsTheConsoles_data();
    void languageStartsAsTheConsoles();
    void guardRefusesClaimsWithReason_data();
    void guardRefusesClaimsWithReason();
    void conversationAndHelpdeskProblems();
    void copyNeedsNoConversation();
    void freeTextStartsFromTheTemplate();
    void conversationIsRememberedPerOrder();
    void pendingRefundOffersIssuedNotRefunded();
    void creditPreviewIsNotARefund();
    void sendHandsTheDraftOver();
    void refusalKeepsTheDialogOpen();
    void windowCopiesToClipboardOnce();
    void windowSendsThroughTheController();
};

void TestComposeDialog::templatesFollowState_data()
{
    QTest::addColumn<bool>("credit");
    QTest::addColumn<ops::OperationState>("state");
    QTest::addColumn<QStringList>("templates");
    const QStringList live = {u"checking"_s, u"not_confirmed"_s, u"custom"_s};
    QTest::newRow("open refund") << false << OperationState::Open << live;
    QTest::newRow("unknown refund") << false << OperationState::Unknown << live;
    QTest::newRow("unknown credit") << true << OperationState::Unknown << live;
    QTest::newRow("succeeded refund")
        << false << OperationState::Succeeded << QStringList{u"refunded"_s, u"custom"_s};
    QTest::newRow("succeeded credit")
        << true << OperationState::Succeeded << QStringList{u"credited"_s, u"custom"_s};
    QTest::newRow("failed refund")
        << false << OperationState::Failed << QStringList{u"failed"_s, u"custom"_s};
}

void TestComposeDialog::templatesFollowState()
{
    QFETCH(bool, credit);
    QFETCH(ops::OperationState, state);
    QFETCH(QStringList, templates);
    test::RolesFixture f;
    const Operation op =
        operationIn(f,
                    credit ? test::creditOperation(u"op_t"_s, u"invoice-7781:topup"_s)
                           : test::refundOperation(u"op_t"_s),
                    state);
    Submitted s;
    auto d = dialogFor(op, s);
    QCOMPARE(offered(*d), templates);
    QVERIFY2(d->problem().isEmpty(), qPrintable(d->problem()));
    QVERIFY(d->sendButton()->isEnabled());
    QVERIFY(d->copyButton()->isEnabled());
    QVERIFY(d->textEdit()->isReadOnly());
    QVERIFY(!d->reasonLabel()->isVisible());
    QCOMPARE(d->conversationEdit()->text(), op.customerId);
}

void TestComposeDialog::previewFollowsLanguage()
{
    test::RolesFixture f;
    const Operation op = operationIn(f, test::refundOperation(u"op_l"_s), OperationState::Unknown);
    Submitted s;
    auto d = dialogFor(op, s);
    QVERIFY(d->preview().startsWith(u"Hello. We cannot confirm your refund of 38.00 USD"_s));
    QVERIFY(d->preview().contains(u"4417"_s));
    d->languageBox()->setFocus();
    d->setLanguage(u"ru"_s);
    QVERIFY2(d->preview().contains(u"не можем подтвердить"_s), qPrintable(d->preview()));
    QCOMPARE(d->templateBox()->currentText(), u"Проверяем (исход неизвестен)"_s);
    d->setTemplate(MessageTemplate::NotConfirmed);
    d->setLanguage(u"uk"_s);
    // The chosen template survives a language change.
    QCOMPARE(toString(d->draft().tmpl), toString(MessageTemplate::NotConfirmed));
    QVERIFY2(d->preview().contains(u"ще не підтверджене"_s), qPrintable(d->preview()));
    QVERIFY(d->sendButton()->isEnabled());
    saveShot(d.get(), u"compose-checking-uk.png"_s);
}

void TestComposeDialog::languageStartsAsTheConsoles_data()
{
    QTest::addColumn<QLocale>("console");
    QTest::addColumn<QString>("expected");
    QTest::addRow("English") << QLocale(QLocale::English, QLocale::UnitedKingdom) << u"en"_s;
    QTest::addRow("Russian") << QLocale(QLocale::Russian, QLocale::Russia) << u"ru"_s;
    QTest::addRow("Ukrainian") << QLocale(QLocale::Ukrainian, QLocale::Ukraine) << u"uk"_s;
    QTest::addRow("no template in it") << QLocale(QLocale::German, QLocale::Germany) << u"en"_s;
}

// applyLanguage sets the default QLocale; a new message starts in that language.
void TestComposeDialog::languageStartsAsTheConsoles()
{
    QFETCH(QLocale, console);
    QFETCH(QString, expected);
    const QLocale before;
    QLocale::setDefault(console);
    test::RolesFixture f;
    const Operation op =
        operationIn(f, test::refundOperation(u"op_lang"_s), OperationState::Unknown);
    Submitted s;
    auto d = dialogFor(op, s);
    QLocale::setDefault(before);
    QCOMPARE(d->draft().language, expected);
    QCOMPARE(d->languageBox()->currentData().toString(), expected);
}

void TestComposeDialog::guardRefusesClaimsWithReason_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("phrase");
    QTest::newRow("en success") << u"Your refund has been completed, sorry for the wait."_s
                                << u"has been completed"_s;
    QTest::newRow("en failure") << u"The bank declined it."_s << u"declined"_s;
    QTest::newRow("ru success") << u"Деньги возвращены на карту."_s << u"возвращены"_s;
    QTest::newRow("ru failure") << u"Возврат отклонён банком."_s << u"отклонен"_s;
    QTest::newRow("uk success") << u"Кошти зараховано."_s << u"зараховано"_s;
    QTest::newRow("uk failure") << u"Повернення відхилено."_s << u"відхилено"_s;
}

void TestComposeDialog::guardRefusesClaimsWithReason()
{
    QFETCH(QString, text);
    QFETCH(QString, phrase);
    test::RolesFixture f;
    const Operation op = operationIn(f, test::refundOperation(u"op_g"_s), OperationState::Unknown);
    Submitted s;
    auto d = dialogFor(op, s);
    d->setTemplate(MessageTemplate::Custom);
    QVERIFY(!d->textEdit()->isReadOnly());
    // Free text starts from the checking template's text, which the guard lets through.
    QVERIFY(!d->textEdit()->toPlainText().isEmpty());
    QVERIFY(d->sendButton()->isEnabled());
    d->textEdit()->clear();
    QVERIFY(!d->sendButton()->isEnabled()); // empty text
    d->textEdit()->setFocus();
    d->textEdit()->setPlainText(text);
    QVERIFY(!d->sendButton()->isEnabled());
    QVERIFY(!d->copyButton()->isEnabled());
    QVERIFY(d->reasonLabel()->isVisible());
    QVERIFY2(d->reasonLabel()->text().contains(phrase), qPrintable(d->reasonLabel()->text()));
    QVERIFY(d->reasonLabel()->text().contains(u"unknown"_s));
    if (QTest::currentDataTag() == QByteArrayLiteral("en success"))
        saveShot(d.get(), u"compose-guard-refused.png"_s);
    // Clicking anyway submits nothing.
    d->submit(ComposeDialog::Action::Send);
    QVERIFY(s.calls.empty());

    // Typed honest text is accepted.
    d->textEdit()->clear();
    QTest::keyClicks(d->textEdit(), u"We are still checking with the bank and will reply here."_s);
    QVERIFY2(d->problem().isEmpty(), qPrintable(d->problem()));
    QVERIFY(d->sendButton()->isEnabled());
    QVERIFY(!d->reasonLabel()->isVisible());
}

void TestComposeDialog::pendingRefundOffersIssuedNotRefunded()
{
    test::RolesFixture f;
    const Operation op =
        operationIn(f, test::refundOperation(u"op_p"_s), OperationState::Succeeded, u"pending"_s);
    Submitted s;
    auto d = dialogFor(op, s);
    QCOMPARE(offered(*d), (QStringList{u"issued"_s, u"custom"_s}));
    QCOMPARE(d->templateBox()->currentText(), u"Issued, on its way"_s);
    QVERIFY2(d->preview().contains(u"has been issued and is on its way"_s),
             qPrintable(d->preview()));
    QVERIFY(!d->preview().contains(u"completed"_s));
    QVERIFY(d->sendButton()->isEnabled());
    const QList<QLabel *> labels = d->findChildren<QLabel *>();
    QVERIFY(std::any_of(labels.begin(), labels.end(), [](QLabel *l) {
        return l->text().contains(u"<b>pending</b>"_s) && l->text().contains(u"on its way"_s);
    }));
    d->setLanguage(u"ru"_s);
    QVERIFY2(d->preview().contains(u"оформлен и уже в пути"_s), qPrintable(d->preview()));
    d->setLanguage(u"en"_s);
    QDir().mkpath(QCoreApplication::applicationDirPath() + u"/screenshots"_s);
    saveShot(d.get(), u"screenshots/compose-pending-issued.png"_s);

    d->setFreeText(u"Good news: your refund has been completed."_s);
    QVERIFY(!d->sendButton()->isEnabled());
    QVERIFY2(d->reasonLabel()->text().contains(u"still reports the refund pending"_s),
             qPrintable(d->reasonLabel()->text()));
    saveShot(d.get(), u"screenshots/compose-pending-refused.png"_s);
    d->setFreeText(u"Your refund has been issued; it can take 5 to 10 days to reach your card."_s);
    QVERIFY2(d->problem().isEmpty(), qPrintable(d->problem()));
}

void TestComposeDialog::creditPreviewIsNotARefund()
{
    test::RolesFixture f;
    const Operation op = operationIn(f, test::creditOperation(u"op_c"_s, u"invoice-7781:topup"_s),
                                     OperationState::Unknown);
    Submitted s;
    auto d = dialogFor(op, s);
    const QString text = d->preview();
    QVERIFY2(text.contains(u"your top-up of 500 credits"_s), qPrintable(text));
    QVERIFY2(text.contains(u"your reference invoice-7781:topup"_s), qPrintable(text));
    QVERIFY2(!text.contains(u"refund"_s) && !text.contains(u"order"_s), qPrintable(text));
    QVERIFY(d->sendButton()->isEnabled());
}

void TestComposeDialog::conversationAndHelpdeskProblems()
{
    test::RolesFixture f;
    const Operation op = operationIn(f, test::refundOperation(u"op_c"_s), OperationState::Unknown);
    Submitted s;
    auto d = dialogFor(op, s);
    d->conversationEdit()->clear();
    QVERIFY(!d->sendButton()->isEnabled());
    QVERIFY(d->copyButton()->isEnabled()); // a copy needs no conversation (issue 18, item 15)
    QVERIFY2(d->reasonLabel()->text().contains(u"Send needs the helpdesk conversation id"_s),
             qPrintable(d->reasonLabel()->text()));
    QTest::keyClicks(d->conversationEdit(), u"chat 7"_s);
    QVERIFY(!d->sendButton()->isEnabled());
    d->conversationEdit()->setText(u"chat_7"_s);
    QVERIFY(d->sendButton()->isEnabled());

    d->setSendBlockedReason(u"No helpdesk is configured."_s);
    QVERIFY(!d->sendButton()->isEnabled());
    QVERIFY(d->copyButton()->isEnabled());
    QCOMPARE(d->reasonLabel()->text(), u"No helpdesk is configured."_s);
    QTest::mouseClick(d->copyButton(), Qt::LeftButton);
    QCOMPARE(s.calls.size(), 1u);
    QCOMPARE(s.calls[0].second, ComposeDialog::Action::Copy);
    QCOMPARE(s.calls[0].first.conversation, u"chat_7"_s);
}

void TestComposeDialog::copyNeedsNoConversation()
{
    test::RolesFixture f;
    const Operation op = operationIn(f, test::refundOperation(u"op_cc"_s), OperationState::Unknown);
    Submitted s;
    auto d = dialogFor(op, s);
    d->conversationEdit()->clear();
    QVERIFY(d->copyButton()->isEnabled());
    QTest::mouseClick(d->sendButton(), Qt::LeftButton); // disabled: nothing happens
    QCOMPARE(s.calls.size(), 0u);
    QTest::mouseClick(d->copyButton(), Qt::LeftButton);
    QCOMPARE(s.calls.size(), 1u);
    QCOMPARE(s.calls[0].second, ComposeDialog::Action::Copy);
    QCOMPARE(s.calls[0].first.conversation,
             QString::fromLatin1(ComposeDialog::kClipboardConversation));
}

void TestComposeDialog::freeTextStartsFromTheTemplate()
{
    test::RolesFixture f;
    const Operation op = operationIn(f, test::refundOperation(u"op_ft"_s), OperationState::Unknown);
    Submitted s;
    auto d = dialogFor(op, s);
    const QString templateText = d->preview();
    QVERIFY(!templateText.isEmpty());
    d->setTemplate(MessageTemplate::Custom);
    QCOMPARE(d->textEdit()->toPlainText(), templateText);
    QVERIFY(!d->textEdit()->isReadOnly());
    QCOMPARE(d->draft().customBody, templateText);
}

void TestComposeDialog::conversationIsRememberedPerOrder()
{
    test::RolesFixture f;
    const Operation op =
        operationIn(f, test::refundOperation(u"op_r1"_s, u"ord_r"_s), OperationState::Unknown);
    const Operation other =
        operationIn(f, test::refundOperation(u"op_r2"_s, u"ord_other"_s), OperationState::Unknown);
    Submitted s;
    {
        auto d = dialogFor(op, s);
        QVERIFY(d->conversationEdit()->placeholderText().contains(u"helpdesk ticket"_s));
        d->conversationEdit()->setText(u"ticket_4471"_s);
        QTest::mouseClick(d->copyButton(), Qt::LeftButton);
        QCOMPARE(s.calls.size(), 1u);
    }
    QCOMPARE(dialogFor(op, s)->conversationEdit()->text(), u"ticket_4471"_s);
    QCOMPARE(dialogFor(other, s)->conversationEdit()->text(), other.customerId);
}

void TestComposeDialog::sendHandsTheDraftOver()
{
    test::RolesFixture f;
    const Operation op =
        operationIn(f, test::refundOperation(u"op_h"_s), OperationState::Succeeded);
    Submitted s;
    auto d = dialogFor(op, s);
    QSignalSpy accepted(d.get(), &QDialog::accepted);
    d->setLanguage(u"ru"_s);
    QVERIFY(d->preview().contains(u"re_3Q9x"_s));
    QTest::mouseClick(d->sendButton(), Qt::LeftButton);
    QCOMPARE(s.calls.size(), 1u);
    const MessageDraft &draft = s.calls[0].first;
    QCOMPARE(s.calls[0].second, ComposeDialog::Action::Send);
    QCOMPARE(draft.operationId, op.id);
    QCOMPARE(toString(draft.tmpl), toString(MessageTemplate::Refunded));
    QCOMPARE(draft.language, u"ru"_s);
    QCOMPARE(draft.conversation, u"cus_4417"_s);
    QCOMPARE(draft.actor, u"operator:alice"_s);
    QVERIFY(draft.customBody.isEmpty());
    QCOMPARE(accepted.count(), 1);
}

void TestComposeDialog::refusalKeepsTheDialogOpen()
{
    test::RolesFixture f;
    const Operation op = operationIn(f, test::refundOperation(u"op_r"_s), OperationState::Open);
    Submitted s;
    s.answer = u"Not queued: the operation changed; reload."_s;
    auto d = dialogFor(op, s);
    QSignalSpy accepted(d.get(), &QDialog::accepted);
    QTest::mouseClick(d->sendButton(), Qt::LeftButton);
    QCOMPARE(s.calls.size(), 1u);
    QCOMPARE(accepted.count(), 0);
    QVERIFY(d->isVisible());
    QCOMPARE(d->reasonLabel()->text(), s.answer);
}

void TestComposeDialog::windowCopiesToClipboardOnce()
{
    test::RolesFixture f;
    const Operation op = operationIn(f, test::refundOperation(u"op_w"_s), OperationState::Unknown);
    Session session(f.location(u"alice"_s), f.clock());
    console::ConsoleWriter writer(f.location(u"alice"_s), f.clock()); // outlives the window
    MainWindow window(console::readsOf(session), f.person(u"alice"_s),
                      f.person(u"alice"_s) + u"#1"_s);
    window.setWrites(writer);
    keepReadOnly(session, u"the window writes through its writer"_s);
    Tester tester(window.detailArea()->pane()->messages(), Tester::FailureReportingMode::QtTest);
    window.show();
    QVERIFY(window.selectOperation(op.id));
    QVERIFY(window.rows()->messageAction()->isEnabled());
    window.setHelpdeskProblem(u"No helpdesk is configured (OPS_HELPDESK_URL)."_s);

    QPointer<ComposeDialog> d = window.rows()->openComposeDialog();
    QVERIFY(d);
    QVERIFY(!d->sendButton()->isEnabled());
    const QString preview = d->preview();
    QTest::mouseClick(d->copyButton(), Qt::LeftButton);
    QTRY_VERIFY(!d || !d->isVisible()); // queued by the writer, then accepted
    QCOMPARE(QApplication::clipboard()->text(), preview);
    QCOMPARE(window.detailArea()->pane()->messages()->rowCount(), 1);
    const auto *m = window.detailArea()->pane()->messages()->messageAt(0);
    QCOMPARE(MessageTableModel::stateText(*m), u"copied"_s);
    QVERIFY(window.detailArea()
                ->pane()
                ->tabs()
                ->tabText(ui::DetailPane::MessagesTab)
                .contains(u"(1)"_s));
    window.detailArea()->pane()->showTab(ui::DetailPane::MessagesTab);
    saveShot(&window, u"console-messages-tab.png"_s);

    // The same message again: refused with the reason, nothing copied twice.
    QApplication::clipboard()->clear();
    d = window.rows()->openComposeDialog();
    QTest::mouseClick(d->copyButton(), Qt::LeftButton);
    QTRY_VERIFY2(d->reasonLabel()->text().contains(u"already has this message"_s),
                 qPrintable(d->reasonLabel()->text()));
    QVERIFY(d->isVisible());
    QVERIFY(QApplication::clipboard()->text().isEmpty());
    d->close();
    QCOMPARE(MessageStore(connectionOf(f.store()), f.clock()).forOperation(op.id).size(), 1u);
}

void TestComposeDialog::windowSendsThroughTheController()
{
    test::SimProcess sim(ops::test::providerSimPath(),
                         test::SimProcess::demoSeedPath(ops::test::sourceDir()));
    QVERIFY2(sim.start(), qPrintable(sim.error()));
    test::RolesFixture f;
    const Operation op = operationIn(f, test::refundOperation(u"op_x"_s), OperationState::Unknown);
    Session session(f.location(u"alice"_s), f.clock());
    MainWindow window(console::readsOf(session), f.person(u"alice"_s),
                      f.person(u"alice"_s) + u"#1"_s);
    console::JobConfig config;
    config.dbLocation = f.location(u"alice"_s);
    config.helpdesk.baseUrl = sim.baseUrl();
    config.helpdesk.timeout = std::chrono::milliseconds(2000);
    console::ConsoleController controller(window, config, f.clock());
    window.show();
    QVERIFY(window.selectOperation(op.id));

    ComposeDialog *d = window.rows()->openComposeDialog();
    QVERIFY(d);
    QVERIFY(d->sendButton()->isEnabled());
    QTest::mouseClick(d->sendButton(), Qt::LeftButton);
    controller.waitForIdle();
    QVERIFY2(window.statusText().contains(u"Message sent to conversation cus_4417"_s),
             qPrintable(window.statusText()));

    // Composing the same message again is refused in the dialog: nothing is sent twice.
    d = window.rows()->openComposeDialog();
    QTest::mouseClick(d->sendButton(), Qt::LeftButton);
    controller.waitForIdle();
    QVERIFY(d->isVisible());
    QVERIFY2(d->reasonLabel()->text().contains(u"already has this message"_s),
             qPrintable(d->reasonLabel()->text()));
    d->close();
    // The second round found the message already sent: one message at the sink.
    QCOMPARE(sim.messages()["messages"].size(), 1u);
    QCOMPARE(window.detailArea()->pane()->messages()->rowCount(), 1);
    const auto *m = window.detailArea()->pane()->messages()->messageAt(0);
    QCOMPARE(toString(m->state), toString(MessageState::Sent));
    QCOMPARE(m->attempts, 1);
}

QTEST_MAIN(TestComposeDialog)
#include "tst_composedialog.moc"
