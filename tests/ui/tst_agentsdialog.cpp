// Tools → Agents (issue 27 item 6) offscreen, on a real SQLite file (PostgreSQL as _pg) with
// agents added through the store: the menu entry opens the dialog through the console's
// backend (app/console/consoleagents.h); it lists each agent's state, limits, operations in the
// last 24 h and last call; Revoke asks first with the agent's name and revokes in the database
// only on the question's Revoke; Cancel changes nothing; a support operator's Revoke shows the
// store's refusal and changes nothing; Refresh reads agents added meanwhile; and no token is in
// any widget or model data. In Russian and Ukrainian the dialog and the menu entry read in the
// language. Writes agents-dialog.png (and agents-dialog-ru.png, -uk.png) into
// $OPS_SCREENSHOT_DIR (default: the test binary's screenshots/ folder). Each actor in its role
// (rolesfixture.h): on PostgreSQL alice and bob add, rotate and revoke on their own logins, the
// agent's login opens the agents' rows, and each console's Session is its person's login.

#include "common/language.h"
#include "common/refusaltext.h"
#include "console/consoleagents.h"
#include "console/consolewriter.h"
#include "console/sessionreads.h"
#include "dialogs/agentsdialog.h"
#include "domain/storeerror.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/supervisorpresenter.h"
#include "storage/access/accessstore.h"
#include "storage/audit/auditquery.h"
#include "storage/session.h"
#include "support/messagefixture.h"
#include "support/rolesfixture.h"
#include "support/screenshots.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace std::chrono_literals;
using ops::ui::AgentsDialog;
using Tester = QAbstractItemModelTester;

namespace {

const QString kAlice = u"alice"_s; // supervisor
const QString kCarol = u"carol"_s; // support

// Every text a person could read in `root` and its children, including tooltips.
QStringList visibleTexts(QWidget *root)
{
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    QStringList out;
    for (QWidget *w : widgets) {
        out << w->windowTitle() << w->toolTip() << w->statusTip() << w->whatsThis()
            << w->accessibleName() << w->accessibleDescription();
        if (auto *label = qobject_cast<QLabel *>(w))
            out << label->text();
        if (auto *button = qobject_cast<QAbstractButton *>(w))
            out << button->text();
        if (auto *edit = qobject_cast<QLineEdit *>(w))
            out << edit->text() << edit->placeholderText();
        if (auto *box = qobject_cast<QMessageBox *>(w))
            out << box->text() << box->informativeText() << box->detailedText();
    }
    return out;
}

// Every value the model holds, for every role a view or a test might ask.
QStringList modelTexts(const QAbstractItemModel &model)
{
    QStringList out;
    for (int c = 0; c < model.columnCount(); ++c)
        for (int role = 0; role <= Qt::UserRole + 8; ++role)
            out << model.headerData(c, Qt::Horizontal, role).toString();
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c)
            for (int role = 0; role <= Qt::UserRole + 8; ++role)
                out << model.data(model.index(r, c), role).toString();
    return out;
}

QString screenshotDir()
{
    const QString dir = qEnvironmentVariable("OPS_SCREENSHOT_DIR", test::screenshotDir());
    QDir().mkpath(dir);
    return dir;
}

} // namespace

class TestAgentsDialog : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();
    void toolsMenuOpensTheDialog();
    void listsTheAgents();
    void revokeAfterConfirmingRevokesInTheDatabase();
    void cancelChangesNothing();
    void supportRevokeShowsTheRefusal();
    void revokedRowCannotBeRevokedAgain();
    void refreshReadsAgentsAddedMeanwhile();
    void failedReadIsSaidAndClearedByRefresh();
    void noTokenIsShownAnywhere();
    void speaksTheLanguage_data();
    void speaksTheLanguage();

private:
    // The console of `who` (alice, carol) on its own Session, with Tools → Agents opened.
    AgentsDialog *openAs(const QString &who);
    // The agent's refund `id` of `order`, opened by the agent's tool call `actor` of agent `name`.
    void agentOpens(OperationStore &store, const QString &id, const QString &order,
                    const QString &name, const QString &actor);
    // The actor `who` writes on this backend (operator:alice, operator:alice_<pid>).
    QString actor(const QString &who) const { return m_fx->person(who); }
    void clickRow(AgentsDialog *dialog, const QString &name);
    // Clicks Revoke for `name` and returns the question it opened.
    QMessageBox *askToRevoke(AgentsDialog *dialog, const QString &name);
    qint64 auditCount(const QString &action = {});

    std::unique_ptr<test::RolesFixture> m_fx;
    std::unique_ptr<Session> m_session; // alice's
    std::unique_ptr<Session> m_other;   // another person's console, when a case opens one
    std::unique_ptr<console::ConsoleWriter> m_writer; // the window's writes
    std::unique_ptr<ui::MainWindow> m_window;
    console::ConsoleAgents *m_agents = nullptr; // owned by m_window
    std::unique_ptr<Tester> m_tester;
    QStringList m_tokens; // every token issued in this case
};

void TestAgentsDialog::initTestCase()
{
    const QString error = test::prepareRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAgentsDialog::cleanupTestCase()
{
    const QString error = test::dropRoles();
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

void TestAgentsDialog::agentOpens(OperationStore &store, const QString &id, const QString &order,
                                  const QString &name, const QString &actor)
{
    NewOperation op = test::refundOperation(id, order);
    op.createdBy = actor;
    op.agent = name; // as the engine names the row's agent (on PostgreSQL the guard asks for it)
    store.openOrGet(op);
}

void TestAgentsDialog::init()
{
    m_fx = std::make_unique<test::RolesFixture>(); // alice, bob supervisors; carol support
    m_session = std::make_unique<Session>(m_fx->location(kAlice), m_fx->clock());
    AccessStore &access = m_session->access();
    const QString alice = actor(kAlice);
    AgentLimits limits;
    limits.maxRefund = Money{5000, u"usd"_s};
    limits.daily = Money{20000, u"usd"_s};
    limits.ratePerSecond = 5;
    m_tokens = {access.addAgent(alice, u"billing-bot"_s, limits).token,
                access.addAgent(alice, u"helper"_s, {}).token,
                access.addAgent(alice, u"old-agent"_s, {}).token};
    m_fx->sessionAs(u"bob"_s).access().revokeAgent(actor(u"bob"_s), u"old-agent"_s);
    // Two calls of billing-bot opened operations: one 30 h ago (outside the 24 h), one now.
    agentOpens(m_fx->agent(), u"op_agent_old"_s, u"7001"_s, u"billing-bot"_s,
               u"agent:billing-bot:claude-code:req-1"_s);
    m_fx->clock().advanceSecs(30 * 3600);
    agentOpens(m_fx->agent(), u"op_agent_new"_s, u"7002"_s, u"billing-bot"_s,
               u"agent:billing-bot:claude-code:req-2"_s);
    m_fx->clock().advanceSecs(60);
    // helper rotated with grace: its previous token (m_tokens[1]) works for another hour, and is
    // no more shown than any other.
    m_tokens << access.rotateAgent(alice, u"helper"_s, 1h).token;
}

void TestAgentsDialog::cleanup()
{
    m_tester.reset();
    m_window.reset();
    m_writer.reset();
    m_agents = nullptr;
    m_other.reset();
    m_session.reset();
    m_fx.reset();
    m_tokens.clear();
    ui::applyLanguage(u"en"_s, QLocale(QLocale::English, QLocale::UnitedStates));
}

AgentsDialog *TestAgentsDialog::openAs(const QString &who)
{
    Session *session = m_session.get();
    if (who != kAlice) {
        m_other = std::make_unique<Session>(m_fx->location(who), m_fx->clock());
        session = m_other.get();
    }
    m_window = std::make_unique<ui::MainWindow>(console::readsOf(*session), actor(who),
                                                actor(who) + u"#t"_s);
    m_writer = std::make_unique<console::ConsoleWriter>(m_fx->location(who), m_fx->clock());
    m_window->setWrites(*m_writer);
    m_agents = new console::ConsoleAgents(*m_window, *session, *m_writer);
    m_window->supervision()->agentsAction()->trigger();
    AgentsDialog *dialog = m_agents->dialog();
    if (dialog) {
        m_tester = std::make_unique<Tester>(dialog->model(), Tester::FailureReportingMode::QtTest);
        [[maybe_unused]] const bool exposed = QTest::qWaitForWindowExposed(dialog);
    }
    return dialog;
}

void TestAgentsDialog::clickRow(AgentsDialog *dialog, const QString &name)
{
    QTableView *table = dialog->table();
    const int row = dialog->model()->rowOf(name);
    QVERIFY2(row >= 0, qPrintable(name));
    const QRect cell = table->visualRect(dialog->model()->index(row, 0));
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(dialog->selectedAgent(), name);
}

QMessageBox *TestAgentsDialog::askToRevoke(AgentsDialog *dialog, const QString &name)
{
    clickRow(dialog, name);
    if (!dialog->revokeButton()->isEnabled())
        return nullptr;
    QTest::mouseClick(dialog->revokeButton(), Qt::LeftButton);
    return dialog->revokeQuestion();
}

qint64 TestAgentsDialog::auditCount(const QString &action)
{
    AuditFilter filter;
    filter.action = action;
    return m_session->auditQuery().count(filter);
}

void TestAgentsDialog::toolsMenuOpensTheDialog()
{
    m_window = std::make_unique<ui::MainWindow>(console::readsOf(*m_session), actor(kAlice),
                                                actor(kAlice) + u"#t"_s);
    m_agents = new console::ConsoleAgents(*m_window, *m_session, ui::ConsoleWrites::none());
    QMenu *tools = nullptr;
    for (QAction *a : m_window->menuBar()->actions())
        if (a->menu() && a->text() == u"&Tools"_s)
            tools = a->menu();
    QVERIFY(tools);
    QVERIFY(tools->actions().contains(m_window->supervision()->agentsAction()));
    QCOMPARE(m_window->supervision()->agentsAction()->text(), u"&Agents…"_s);
    QVERIFY(!m_agents->dialog());
    m_window->supervision()->agentsAction()->trigger();
    QVERIFY(m_agents->dialog());
    QVERIFY(m_agents->dialog()->isVisible());
    QCOMPARE(m_agents->dialog()->windowModality(), Qt::WindowModal);
    // A second trigger replaces the open dialog rather than stacking another.
    QPointer<AgentsDialog> first = m_agents->dialog();
    m_window->supervision()->agentsAction()->trigger();
    QTRY_VERIFY(!first);
    QCOMPARE(m_window->findChildren<AgentsDialog *>().size(), 1);
}

void TestAgentsDialog::listsTheAgents()
{
    AgentsDialog *dialog = openAs(kAlice);
    QVERIFY(dialog);
    const AgentListModel *model = dialog->model();
    QCOMPARE(model->rowCount(), 3);
    const auto cell = [&](const QString &name, int column) {
        return model->data(model->index(model->rowOf(name), column)).toString();
    };
    QCOMPARE(cell(u"billing-bot"_s, AgentListModel::StateColumn), u"active"_s);
    QCOMPARE(cell(u"billing-bot"_s, AgentListModel::LimitsColumn),
             u"max 50.00 USD · 200.00 USD a day · 5/s"_s);
    QCOMPARE(cell(u"billing-bot"_s, AgentListModel::UsedColumn), u"1"_s); // not the 30 h old one
    QVERIFY(cell(u"billing-bot"_s, AgentListModel::LastCallColumn) != u"never"_s);
    QCOMPARE(cell(u"helper"_s, AgentListModel::LimitsColumn), u"no limits"_s);
    QCOMPARE(cell(u"helper"_s, AgentListModel::UsedColumn), u"0"_s);
    QCOMPARE(cell(u"helper"_s, AgentListModel::LastCallColumn), u"never"_s);
    QCOMPARE(cell(u"old-agent"_s, AgentListModel::StateColumn), u"revoked"_s);
    // The notes: where tokens come from, and that limits are only recorded for now.
    QVERIFY(dialog->tokenNoteLabel()->isVisible());
    QVERIFY(dialog->tokenNoteLabel()->text().contains(u"opsctl agent add"_s));
    QVERIFY(dialog->tokenNoteLabel()->text().contains(u"docs/agents.md"_s));
    QVERIFY(dialog->tokenNoteLabel()->text().contains(u"never shown here"_s));
    QCOMPARE(
        dialog->limitsNoteLabel()->text(),
        u"Over a limit, an agent's refund waits in View → Audit and charts → Agent requests until a supervisor approves or rejects it."_s);
    QVERIFY(dialog->limitsNoteLabel()->isVisible());
    QVERIFY(dialog->messageLabel()->isHidden());
}

void TestAgentsDialog::revokeAfterConfirmingRevokesInTheDatabase()
{
    AgentsDialog *dialog = openAs(kAlice);
    QVERIFY(dialog);
    QSignalSpy revoked(dialog, &AgentsDialog::revoked);
    const QString helperToken = m_tokens.at(3);
    QVERIFY(m_session->access().agentForToken(helperToken));
    QVERIFY(m_session->access().agentForToken(m_tokens.at(1))); // in its grace
    QMessageBox *question = askToRevoke(dialog, u"helper"_s);
    QVERIFY(question);
    QVERIFY(question->isVisible());
    QVERIFY2(question->text().contains(u"helper"_s), qPrintable(question->text()));
    QVERIFY(dialog->confirmRevokeButton()->text().contains(u"helper"_s));
    // Asking alone changes nothing.
    QCOMPARE(ops::toString(m_session->access().agent(u"helper"_s)->state()), u"active"_s);
    QTest::mouseClick(dialog->confirmRevokeButton(), Qt::LeftButton);
    m_writer->waitForIdle(); // the revoke is the writer's job

    const auto stored = m_session->access().agent(u"helper"_s);
    QCOMPARE(ops::toString(stored->state()), u"revoked"_s);
    QCOMPARE(stored->updatedBy, actor(kAlice));
    QVERIFY(!m_session->access().agentForToken(helperToken));
    QVERIFY(!m_session->access().agentForToken(m_tokens.at(1))); // the rotated-out one too
    QCOMPARE(auditCount(u"agent.revoked"_s), qint64(2));         // old-agent's and this one
    QCOMPARE(revoked.count(), 1);
    QCOMPARE(revoked.at(0).at(0).toString(), u"helper"_s);
    // The row shows it, still selected, and Revoke is off for it.
    const AgentListModel *model = dialog->model();
    QCOMPARE(model->data(model->index(model->rowOf(u"helper"_s), AgentListModel::StateColumn))
                 .toString(),
             u"revoked"_s);
    QCOMPARE(dialog->selectedAgent(), u"helper"_s);
    QVERIFY(!dialog->revokeButton()->isEnabled());
    QVERIFY(!dialog->messageLabel()->isHidden());
    QVERIFY2(dialog->messageLabel()->text().contains(u"helper is revoked"_s),
             qPrintable(dialog->messageLabel()->text()));
    // The others are untouched.
    QCOMPARE(ops::toString(m_session->access().agent(u"billing-bot"_s)->state()), u"active"_s);
}

void TestAgentsDialog::cancelChangesNothing()
{
    AgentsDialog *dialog = openAs(kAlice);
    QVERIFY(dialog);
    QSignalSpy revoked(dialog, &AgentsDialog::revoked);
    const qint64 entries = auditCount();
    const AgentRecord before = *m_session->access().agent(u"billing-bot"_s);
    QMessageBox *question = askToRevoke(dialog, u"billing-bot"_s);
    QVERIFY(question);
    QPointer<QMessageBox> guard = question;
    QAbstractButton *cancel = question->button(QMessageBox::Cancel);
    QVERIFY(cancel);
    QCOMPARE(question->defaultButton(), cancel); // Enter does not revoke
    QTest::mouseClick(cancel, Qt::LeftButton);
    QTRY_VERIFY(!guard);

    const AgentRecord after = *m_session->access().agent(u"billing-bot"_s);
    QCOMPARE(ops::toString(after.state()), u"active"_s);
    QCOMPARE(after.updatedAtMs, before.updatedAtMs);
    QCOMPARE(auditCount(), entries);
    QVERIFY(m_session->access().agentForToken(m_tokens.at(0)));
    QCOMPARE(revoked.count(), 0);
    QVERIFY(dialog->messageLabel()->isHidden());
    QVERIFY(dialog->revokeButton()->isEnabled());
}

void TestAgentsDialog::supportRevokeShowsTheRefusal()
{
    // What the store says when carol (support) revokes: it writes nothing when it refuses.
    QString refusal;
    try {
        m_fx->sessionAs(kCarol).access().revokeAgent(actor(kCarol), u"billing-bot"_s);
    } catch (const ActionRefused &e) {
        refusal = ui::refusalText(e);
    }
    QVERIFY(!refusal.isEmpty());
    const qint64 entries = auditCount();

    AgentsDialog *dialog = openAs(kCarol);
    QVERIFY(dialog);
    QSignalSpy revoked(dialog, &AgentsDialog::revoked);
    QMessageBox *question = askToRevoke(dialog, u"billing-bot"_s);
    QVERIFY(question); // the store decides, and says why
    QTest::mouseClick(dialog->confirmRevokeButton(), Qt::LeftButton);
    m_writer->waitForIdle(); // the revoke is the writer's job

    QVERIFY(!dialog->messageLabel()->isHidden());
    QCOMPARE(dialog->messageLabel()->text(),
             u"Agent billing-bot was not revoked: %1"_s.arg(refusal));
    QCOMPARE(ops::toString(m_session->access().agent(u"billing-bot"_s)->state()), u"active"_s);
    QVERIFY(m_session->access().agentForToken(m_tokens.at(0)));
    QCOMPARE(auditCount(), entries);
    QCOMPARE(revoked.count(), 0);
    const AgentListModel *model = dialog->model();
    QCOMPARE(model->data(model->index(model->rowOf(u"billing-bot"_s), AgentListModel::StateColumn))
                 .toString(),
             u"active"_s);
}

void TestAgentsDialog::revokedRowCannotBeRevokedAgain()
{
    AgentsDialog *dialog = openAs(kAlice);
    QVERIFY(dialog);
    clickRow(dialog, u"old-agent"_s);
    QVERIFY(!dialog->revokeButton()->isEnabled());
    QVERIFY(dialog->revokeButton()->toolTip().contains(u"already revoked"_s));
    dialog->askToRevoke(); // a keyboard path that bypassed the button
    QVERIFY(!dialog->revokeQuestion());
    clickRow(dialog, u"billing-bot"_s);
    QVERIFY(dialog->revokeButton()->isEnabled());
}

void TestAgentsDialog::refreshReadsAgentsAddedMeanwhile()
{
    AgentsDialog *dialog = openAs(kAlice);
    QVERIFY(dialog);
    clickRow(dialog, u"helper"_s);
    // Other processes (their own connections) add an agent (alice) and open an operation for
    // helper (the agent's login).
    Session other(m_fx->location(kAlice), m_fx->clock());
    m_tokens << other.access().addAgent(actor(kAlice), u"new-agent"_s, {}).token;
    Session agent(m_fx->agentLocation(), m_fx->clock());
    agentOpens(agent.store(), u"op_helper"_s, u"7003"_s, u"helper"_s,
               u"agent:helper:cursor:req-7"_s);
    QCOMPARE(dialog->model()->rowOf(u"new-agent"_s), -1);
    QTest::mouseClick(dialog->refreshButton(), Qt::LeftButton);
    QCOMPARE(dialog->model()->rowCount(), 4);
    QVERIFY(dialog->model()->rowOf(u"new-agent"_s) >= 0);
    QCOMPARE(dialog->selectedAgent(), u"helper"_s); // the selection is kept
    const AgentListModel *model = dialog->model();
    QCOMPARE(
        model->data(model->index(model->rowOf(u"helper"_s), AgentListModel::UsedColumn)).toString(),
        u"1"_s);
}

void TestAgentsDialog::failedReadIsSaidAndClearedByRefresh()
{
    AgentsDialog *dialog = openAs(kAlice);
    QVERIFY(dialog);
    // The table gone for a moment (as DDL: PostgreSQL prepares no ALTER). Deliberately the
    // owner's on PostgreSQL (owner_writers.txt): only the tables' owner renames one.
    const auto ddl = [this](const QString &sql) {
        if (m_fx->onTeam())
            return test::psqlAs(test::ownerLogin(), m_fx->path(), sql).exitCode == 0;
        QSqlQuery q(connectionOf(m_fx->store()));
        return q.exec(sql);
    };
    QVERIFY(ddl(u"ALTER TABLE agents RENAME TO agents_away"_s));
    QTest::mouseClick(dialog->refreshButton(), Qt::LeftButton);
    QVERIFY(!dialog->messageLabel()->isHidden());
    QVERIFY2(dialog->messageLabel()->text().startsWith(u"The agents could not be read: "_s),
             qPrintable(dialog->messageLabel()->text()));
    QCOMPARE(dialog->model()->rowCount(), 0);
    QVERIFY(!dialog->revokeButton()->isEnabled());
    QVERIFY(ddl(u"ALTER TABLE agents_away RENAME TO agents"_s));
    QTest::mouseClick(dialog->refreshButton(), Qt::LeftButton);
    QVERIFY(dialog->messageLabel()->isHidden());
    QCOMPARE(dialog->model()->rowCount(), 3);
}

void TestAgentsDialog::noTokenIsShownAnywhere()
{
    AgentsDialog *dialog = openAs(kAlice);
    QVERIFY(dialog);
    // With the question open too, and after a revocation's message.
    QMessageBox *question = askToRevoke(dialog, u"helper"_s);
    QVERIFY(question);
    QStringList texts = visibleTexts(dialog) + modelTexts(*dialog->model());
    QTest::mouseClick(dialog->confirmRevokeButton(), Qt::LeftButton);
    m_writer->waitForIdle(); // the revoke is the writer's job
    texts += visibleTexts(dialog) + modelTexts(*dialog->model());
    QCOMPARE(m_tokens.size(), 4);
    QVERIFY(texts.join(u'\n').contains(u"billing-bot"_s)); // the walk does see the rows
    for (const QString &text : texts) {
        QVERIFY2(!text.contains(u"opsa_"_s), qPrintable(text));
        for (const QString &token : m_tokens) {
            QVERIFY2(!text.contains(token), qPrintable(text));
            QVERIFY2(!text.contains(agentTokenHash(token)), qPrintable(text));
            QVERIFY2(!text.contains(token.mid(5, 12)), qPrintable(text)); // nor a part of one
        }
    }
}

void TestAgentsDialog::speaksTheLanguage_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("revoke");  // the Revoke button
    QTest::addColumn<QString>("revoked"); // the revoked agent's state
    QTest::addColumn<QString>("file");
    QTest::newRow("en") << u"en"_s << u"&Revoke…"_s << u"revoked"_s << u"agents-dialog.png"_s;
    QTest::newRow("ru") << u"ru"_s << u"&Отозвать…"_s << u"отозван"_s << u"agents-dialog-ru.png"_s;
    QTest::newRow("uk") << u"uk"_s << u"&Відкликати…"_s << u"відкликаний"_s
                        << u"agents-dialog-uk.png"_s;
}

// Three agents as a supervisor sees them: one with limits and a call, one without, one revoked.
void TestAgentsDialog::speaksTheLanguage()
{
    QFETCH(QString, language);
    QFETCH(QString, revoke);
    QFETCH(QString, revoked);
    QFETCH(QString, file);
    QVERIFY(ui::applyLanguage(language, ui::localeFor(language, QLocale::system())));
    AgentsDialog *dialog = openAs(kAlice);
    QVERIFY(dialog);
    QCOMPARE(dialog->revokeButton()->text(), revoke);
    const AgentListModel *model = dialog->model();
    QCOMPARE(model->data(model->index(model->rowOf(u"old-agent"_s), AgentListModel::StateColumn))
                 .toString(),
             revoked);
    if (language != u"en"_s) {
        QVERIFY(m_window->supervision()->agentsAction()->text() != u"&Agents…"_s);
        QVERIFY(
            dialog->limitsNoteLabel()->text() !=
            u"Over a limit, an agent's refund waits in View → Audit and charts → Agent requests until a supervisor approves or rejects it."_s);
        QVERIFY(model->headerData(AgentListModel::UsedColumn, Qt::Horizontal).toString() !=
                u"Used 24 h"_s);
    }
    clickRow(dialog, u"billing-bot"_s);
    QApplication::processEvents();
    const QString path = screenshotDir() + u'/' + file;
    QVERIFY2(dialog->grab().save(path, "PNG"), qPrintable(path));
    qInfo("screenshot: %s", qPrintable(path));
}

QTEST_MAIN(TestAgentsDialog)
#include "tst_agentsdialog.moc"
