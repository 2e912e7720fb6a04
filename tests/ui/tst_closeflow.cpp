// Closing by hand and what comes after (issue 18, items 8 and 6), offscreen: a close opened with
// no evidence says everything that is missing at once and offers Attach evidence… from the
// dialog; a look-up that found nothing offers Resend beside the close while the window is open;
// after a close as failed the next step is offered.

#include "console/consolewriter.h"
#include "console/sessionreads.h"
#include "dialogs/closedialog.h"
#include "dialogs/evidencedialog.h"
#include "dialogs/lookupdialog.h"
#include "itemmodels/detailmodels.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/rowactions.h"
#include "storage/session.h"
#include "support/messagefixture.h"
#include "support/screenshots.h"
#include "support/storefixture.h"

#include <QApplication>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::ui::MainWindow;

namespace {

const QString kUnknownId = u"op_close"_s;

} // namespace

class TestCloseFlow : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void closeWithoutEvidenceSaysAllThatIsMissing();
    void attachEvidenceFromTheCloseDialog();

private:
    std::unique_ptr<test::StoreFixture> m_fx;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<console::ConsoleWriter> m_writer; // the window's writes
    std::unique_ptr<MainWindow> m_window;
};

void TestCloseFlow::init()
{
    m_fx = std::make_unique<test::StoreFixture>();
    test::operationIn(m_fx->store(), test::refundOperation(kUnknownId, u"ord_c"_s),
                      OperationState::Unknown);
    m_session = std::make_unique<Session>(m_fx->path(), m_fx->clock());
    m_window = std::make_unique<MainWindow>(console::readsOf(*m_session), u"operator:alice"_s,
                                            u"operator:alice#1"_s);
    m_writer = std::make_unique<console::ConsoleWriter>(m_fx->path(), m_fx->clock());
    m_window->setWrites(*m_writer);
    m_window->show();
    QVERIFY(m_window->selectOperation(kUnknownId));
}

void TestCloseFlow::cleanup()
{
    m_window.reset();
    m_writer.reset();
    m_session.reset();
    m_fx.reset();
}

void TestCloseFlow::closeWithoutEvidenceSaysAllThatIsMissing()
{
    ui::CloseDialog *dialog = m_window->rows()->openCloseDialog(OperationState::Succeeded);
    QVERIFY(dialog);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    // Said up front, before any click: all three at once.
    QVERIFY(dialog->missingLabel()->isVisible());
    const QString hint = dialog->missingLabel()->text();
    for (const QString &part : {u"the reason"_s, u"no evidence yet"_s, u"provider's reference"_s})
        QVERIFY2(hint.contains(part), qPrintable(hint));
    QCOMPARE(dialog->missing().size(), 3);
    QVERIFY(dialog->attachButton()->isVisible());
    test::screenshots(m_window.get(), u"close-missing-all-at-once"_s, dialog);
    QTest::mouseClick(dialog->closeButton(), Qt::LeftButton);
    QVERIFY(dialog->isVisible());
    for (const QString &part : {u"the reason"_s, u"no evidence"_s, u"provider's reference"_s})
        QVERIFY2(dialog->refusal().contains(part), qPrintable(dialog->refusal()));
    // Filling one in takes it off the list, the others stay.
    dialog->setReason(u"checked the dashboard"_s);
    QCOMPARE(dialog->missing().size(), 2);
    QVERIFY(!dialog->missingLabel()->text().contains(u"the reason"_s));
    QVERIFY(m_fx->store().operation(kUnknownId)->state == OperationState::Unknown);
    dialog->reject();
}

void TestCloseFlow::attachEvidenceFromTheCloseDialog()
{
    ui::CloseDialog *dialog = m_window->rows()->openCloseDialog(OperationState::Failed);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    dialog->setReason(u"no refund listed at the provider"_s);
    QCOMPARE(dialog->missing().size(), 1);
    QTest::mouseClick(dialog->attachButton(), Qt::LeftButton);
    auto *attach = dialog->findChild<ui::EvidenceDialog *>();
    QVERIFY(attach);
    QTRY_VERIFY(attach->isVisible());
    attach->setKind(u"note"_s);
    attach->setTitle(u"Dashboard: no refund for ch_ord_c"_s);
    attach->setText(u"Searched refunds for ch_ord_c: none."_s);
    test::screenshots(m_window.get(), u"close-attach-evidence"_s, attach);
    attach->accept();
    m_writer->waitForIdle(); // the write is the writer's job
    QCOMPARE(m_fx->store().evidence(kUnknownId).size(), size_t(1));
    QCOMPARE(dialog->evidenceView()->model()->rowCount(), 1);
    QCOMPARE(dialog->evidenceView()->model()->index(0, 0).data(Qt::CheckStateRole).toInt(),
             int(Qt::Checked));
    QVERIFY(dialog->missing().isEmpty());
    QVERIFY(!dialog->missingLabel()->isVisible());
    QPointer<ui::CloseDialog> guard(dialog);
    QTest::mouseClick(dialog->closeButton(), Qt::LeftButton);
    QTRY_VERIFY(!guard || !guard->isVisible());
    QVERIFY(m_fx->store().operation(kUnknownId)->state == OperationState::Failed);
}

QTEST_MAIN(TestCloseFlow)
#include "tst_closeflow.moc"
