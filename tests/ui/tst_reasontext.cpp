// Issue 31 item 6: the sentences storage writes when a reconciler proposal is applied, or a row is
// excluded from it, read in the operator's language in the bulk dialog (reasontext.h): each is
// recognised, its operation id and numbers kept as stored, in reasonLabel() and in the preview
// model's column. A marking translator stands in for the catalogues, so the test checks the
// recognition whatever the catalogues hold (tst_translations checks that they are complete).

#include "itemmodels/applypreviewmodel.h"
#include "itemmodels/reasontext.h"

#include <QScopeGuard>
#include <QTest>
#include <QTranslator>

using namespace Qt::StringLiterals;
using namespace ops;

namespace {

// Marks every ReasonText message it translates and each placeholder, so a test sees that a
// sentence was recognised and where its captured parts went, whatever the catalogues hold.
class MarkingTranslator : public QTranslator
{
public:
    QString translate(const char *context, const char *source, const char * = nullptr,
                      int = -1) const override
    {
        if (qstrcmp(context, "ops::ReasonText") != 0)
            return {};
        return u"T:"_s +
               QString::fromUtf8(source).replace(u"%1"_s, u"<%1>"_s).replace(u"%2"_s, u"<%2>"_s);
    }
    bool isEmpty() const override { return false; }
};

} // namespace

class TestReasonText : public QObject
{
    Q_OBJECT

private slots:
    void applyReasonsAreTranslated_data();
    void applyReasonsAreTranslated();
    void storedSentencesAndStatusesAreTranslated_data();
    void storedSentencesAndStatusesAreTranslated();
};

void TestReasonText::applyReasonsAreTranslated_data()
{
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("shown");
    // Every sentence of storage/operations/proposalapply.cpp that reaches the bulk dialog.
    const QList<std::pair<QString, QString>> rows = {
        {u"a resend proposal is applied by resending op_7 with its stored key"_s,
         u"a resend proposal is applied by resending <op_7> with its stored key"_s},
        {u"close op_7 as failed"_s, u"close <op_7> as failed"_s},
        {u"close op_7 as succeeded"_s, u"close <op_7> as succeeded"_s},
        {u"above the four-eyes threshold: an approval request to close op_7 as failed"_s,
         u"above the four-eyes threshold: an approval request to close <op_7> as failed"_s},
        {u"above the four-eyes threshold: an approval request to close op_7 as succeeded"_s,
         u"above the four-eyes threshold: an approval request to close <op_7> as succeeded"_s},
        {u"the retention window of op_7 closed at 2026-12-01T10:00:00Z: no resend"_s,
         u"the retention window of <op_7> closed at <2026-12-01T10:00:00Z>: no resend"_s},
        {u"evidence #72 came after proposal #9 and may change it"_s,
         u"evidence #<72> came after proposal #<9> and may change it"_s},
        {u"the row needs attention: two refunds claim it"_s,
         u"the row needs attention: <two refunds claim it>"_s},
        {u"op_7 was changed after the preview; preview again"_s,
         u"<op_7> was changed after the preview; preview again"_s},
        {u"operator:ann is resending op_7 right now"_s,
         u"<operator:ann> is resending <op_7> right now"_s},
        {u"a close of op_7 already waits for approval #4"_s,
         u"a close of <op_7> already waits for approval #<4>"_s},
        {u"op_7 has no open proposal"_s, u"<op_7> has no open proposal"_s},
        {u"op_7 has already succeeded"_s, u"<op_7> has already succeeded"_s},
        {u"op_7 has already failed"_s, u"<op_7> has already failed"_s},
        {u"proposal 9 is superseded"_s, u"proposal <9> is superseded"_s},
        {u"proposal 9 is applied"_s, u"proposal <9> is applied"_s},
        {u"proposal 9 is approval"_s, u"proposal <9> waits for approval"_s},
        {u"no such operation: op_7"_s, u"no such operation: <op_7>"_s},
        {u"proposal 9 is withdrawn"_s, u"proposal <9> is withdrawn"_s},
    };
    for (const auto &[stored, shown] : rows)
        QTest::newRow(qPrintable(stored)) << stored << u"T:"_s + shown;
}

// Issue 31 item 6: what applying a proposal does, or why a row is excluded, reads in the
// operator's language in the bulk dialog's preview, with the operation id and numbers as stored.
void TestReasonText::applyReasonsAreTranslated()
{
    QFETCH(QString, stored);
    QFETCH(QString, shown);
    MarkingTranslator marking;
    QVERIFY(QCoreApplication::installTranslator(&marking));
    const auto removal = qScopeGuard([&] { QCoreApplication::removeTranslator(&marking); });
    QCOMPARE(reasonLabel(stored), shown);
    ApplyPreviewModel model;
    BulkRow row;
    row.operationId = u"op_7"_s;
    row.reason = stored;
    model.setRows({row});
    QCOMPARE(model.index(0, ApplyPreviewModel::PreviewColumn).data().toString(), shown);
}

// Issue 50 item 9: why Resend is off (storage/operations/resendlease.cpp), why automation closed a
// row, and a provider's status word read in the operator's language; an unknown word stays as
// written.
void TestReasonText::storedSentencesAndStatusesAreTranslated_data()
{
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("shown");
    const QList<std::pair<QString, QString>> rows = {
        {u"Resend is off: the operation has already succeeded."_s,
         u"T:Resend is off: the operation has already succeeded."_s},
        {u"Resend is off: the operation has already failed."_s,
         u"T:Resend is off: the operation has already failed."_s},
        {u"Resend is off: the row is open and automation still owns it; resend is for rows in "
         "the checking queue."_s,
         u"T:Resend is off: the row is open and automation still owns it; resend is for rows in "
         "the checking queue."_s},
        {u"Resend is off: the retention window closed at 12/1/26 10:00 AM; the provider no "
         "longer knows the key, so a resend could pay twice. Close it with evidence instead."_s,
         u"T:Resend is off: the retention window closed at <12/1/26 10:00 AM>; the provider no "
         "longer knows the key, so a resend could pay twice. Close it with evidence instead."_s},
        {u"Resend is off: operator:bob is resending this operation right now (lease until "
         "10:05 AM)."_s,
         u"T:Resend is off: <operator:bob> is resending this operation right now (lease until "
         "<10:05 AM>)."_s},
        {u"provider accepted the refund"_s, u"T:provider accepted the refund"_s},
        {u"provider replayed the stored answer"_s, u"T:provider replayed the stored answer"_s},
    };
    for (const auto &[stored, shown] : rows)
        QTest::newRow(qPrintable(stored)) << stored << shown;
}

void TestReasonText::storedSentencesAndStatusesAreTranslated()
{
    QFETCH(QString, stored);
    QFETCH(QString, shown);
    MarkingTranslator marking;
    QVERIFY(QCoreApplication::installTranslator(&marking));
    const auto removal = qScopeGuard([&] { QCoreApplication::removeTranslator(&marking); });
    QCOMPARE(reasonLabel(stored), shown);
    QCOMPARE(providerStatusLabel(u"pending"_s), u"T:pending"_s);
    QCOMPARE(providerStatusLabel(u"requires_action"_s), u"T:requires action"_s);
    QCOMPARE(providerStatusLabel(u"in_review"_s), u"in_review"_s);
}

QTEST_MAIN(TestReasonText)
#include "tst_reasontext.moc"
