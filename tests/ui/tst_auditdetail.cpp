// The audit window's detail and the evidence list (issue 18, item 13), offscreen: the Detail
// column is a one-line summary and the selected entry's JSON is pretty-printed in a side panel;
// evidence is numbered per operation (1, 2, 3, not the global id) and long titles wrap.

#include "console/sessionreads.h"
#include "itemmodels/auditentrymodel.h"
#include "itemmodels/detailmodels.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/supervisorpresenter.h"
#include "storage/session.h"
#include "supervisor/auditview.h"
#include "supervisor/supervisorwindow.h"
#include "support/messagefixture.h"
#include "support/screenshots.h"
#include "support/storefixture.h"
#include "widgets/detailpane.h"

#include <QApplication>
#include <QListView>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTableView>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::ui::MainWindow;

namespace {

const QString kLongTitle = u"Stripe dashboard: refunds listed for charge ch_ord_a, checked "
                           "by hand against the customer's bank statement of 28 November"_s;

Evidence note(const QString &op, const QString &title)
{
    Evidence e;
    e.operationId = op;
    e.kind = u"note"_s;
    e.title = title;
    e.contentType = u"text/plain"_s;
    e.body = "checked";
    e.createdBy = u"operator:alice"_s;
    return e;
}

} // namespace

class TestAuditDetail : public QObject
{
    Q_OBJECT

private slots:
    void summaryIsOneLine();
    void sidePanelShowsPrettyJson();
    void evidenceIsNumberedPerOperationAndWraps();

private:
    void start();

    std::unique_ptr<test::StoreFixture> m_fx;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
};

void TestAuditDetail::start()
{
    m_window.reset();
    m_session.reset();
    m_fx = std::make_unique<test::StoreFixture>();
    // Another operation's evidence first, so global ids and per-operation numbers differ.
    test::operationIn(m_fx->store(), test::refundOperation(u"op_other"_s, u"ord_o"_s),
                      OperationState::Unknown);
    m_fx->store().addEvidence(note(u"op_other"_s, u"other 1"_s));
    m_fx->store().addEvidence(note(u"op_other"_s, u"other 2"_s));
    test::operationIn(m_fx->store(), test::refundOperation(u"op_a"_s, u"ord_a"_s),
                      OperationState::Unknown);
    m_fx->store().addEvidence(note(u"op_a"_s, kLongTitle));
    m_fx->store().addEvidence(note(u"op_a"_s, u"support ticket answer"_s));
    m_session = std::make_unique<Session>(m_fx->path(), m_fx->clock());
    m_window = std::make_unique<MainWindow>(console::readsOf(*m_session), u"operator:alice"_s,
                                            u"operator:alice#1"_s);
    m_window->show();
}

void TestAuditDetail::summaryIsOneLine()
{
    const QString json =
        uR"({"http_status":500,"outcome":"undefined","request":{"a":1,"b":2},"ids":[1,2,3]})"_s;
    const QString s = auditSummary(json);
    QVERIFY(!s.contains(u'\n'));
    QVERIFY2(s.contains(u"http status 500"_s) && s.contains(u"outcome undefined"_s) &&
                 s.contains(u"request {2}"_s) && s.contains(u"ids [3]"_s),
             qPrintable(s));
    QCOMPARE(auditSummary(u"plain text\nsecond line"_s), u"plain text"_s);
    QVERIFY(auditDetailPretty(json).contains(u"\n  \"http_status\": 500"_s));
}

void TestAuditDetail::sidePanelShowsPrettyJson()
{
    start();
    ui::SupervisorWindow *sup = m_window->supervision()->openSupervisorWindow();
    ui::AuditView *audit = sup->auditView();
    AuditEntryModel *model = audit->model();
    QVERIFY(model->rowCount() > 0);
    int row = -1;
    for (int r = 0; r < model->rowCount() && row < 0; ++r)
        if (model->index(r, AuditEntryModel::DetailColumn)
                .data(AuditEntryModel::DetailRole)
                .toString()
                .startsWith(u'{'))
            row = r;
    QVERIFY(row >= 0);
    const QModelIndex cell = model->index(row, AuditEntryModel::DetailColumn);
    const QString raw = cell.data(AuditEntryModel::DetailRole).toString();
    QCOMPARE(cell.data().toString(), auditSummary(raw));
    QVERIFY(!cell.data().toString().contains(u'{') || raw.count(u'{') > 1);
    QVERIFY(audit->detailPanel()->toPlainText().isEmpty());
    audit->table()->setCurrentIndex(cell);
    const QString shown = audit->detailPanel()->toPlainText();
    QVERIFY2(shown.contains(auditDetailPretty(raw)), qPrintable(shown));
    QVERIFY(shown.contains(u'\n'));
    test::screenshots(sup, u"audit-detail-panel"_s);
}

void TestAuditDetail::evidenceIsNumberedPerOperationAndWraps()
{
    start();
    m_window->tabs()->setCurrentIndex(MainWindow::CheckingTab);
    QVERIFY(m_window->selectOperation(u"op_a"_s));
    EvidenceListModel *evidence = m_window->detailArea()->pane()->evidence();
    QCOMPARE(evidence->rowCount(), 2);
    const QString first = evidence->index(0).data().toString();
    QVERIFY2(first.startsWith(u"1. "_s + kLongTitle), qPrintable(first));
    QVERIFY(evidence->index(1).data().toString().startsWith(u"2. support ticket answer"_s));
    QVERIFY(evidence->index(0).data(EvidenceListModel::EvidenceIdRole).toLongLong() > 2);
    m_window->detailArea()->pane()->showTab(ui::DetailPane::EvidenceTab);
    auto *list = m_window->detailArea()->pane()->findChild<QListView *>(u"evidenceList"_s);
    QVERIFY(list->wordWrap());
    for (const QSize size : {QSize(1024, 700), QSize(1440, 900)}) {
        m_window->resize(size);
        QApplication::processEvents();
        // The long title wraps: its row is taller than one line and no wider than the list.
        const QRect r = list->visualRect(evidence->index(0));
        QVERIFY2(r.height() > list->fontMetrics().lineSpacing() * 1.5 ||
                     r.width() >= list->fontMetrics().horizontalAdvance(first),
                 qPrintable(u"%1x%2"_s.arg(r.width()).arg(r.height())));
        QVERIFY(r.right() <= list->viewport()->width());
    }
    test::screenshots(m_window.get(), u"evidence-numbered"_s);
}

QTEST_MAIN(TestAuditDetail)
#include "tst_auditdetail.moc"
