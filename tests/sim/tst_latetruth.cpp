// The judgement of opschaos --with-reconciler (app/tools/chaos/latetruth.h) on hand-made rows:
// each added invariant is shown to catch its violation, and the counts of the report. With Adyen
// units (issue 30): a close by an Adyen notification names its refund, and a settle at the
// simulator that did not close its row the same way is caught.

#include "chaos/latetruth.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops::chaos;
using nlohmann::json;

namespace {

json audit(std::initializer_list<std::pair<const char *, const char *>> entries)
{
    json list = json::array();
    for (const auto &[action, actor] : entries)
        list.push_back({{"action", action}, {"actor", actor}});
    return list;
}

// An `opsctl show --json --bodies` row, closed by `actor` with provider ref `ref`, whose one
// evidence item (by `evidenceBy`) names the refund `named`.
json closedRow(const char *id, const char *actor, const char *ref, const char *evidenceBy,
               const char *named)
{
    json evidence = json::array();
    if (named)
        evidence.push_back(
            {{"created_by", evidenceBy},
             {"kind", "provider_event"},
             {"body", {{"data", {{"object", {{"id", named}, {"status", "succeeded"}}}}}}}});
    return {{"operation_id", id},
            {"state", "succeeded"},
            {"closed_by", actor},
            {"provider_ref", ref},
            {"evidence", evidence},
            {"audit", audit({{"state.unknown", "system:sweeper"}, {"state.succeeded", actor}})}};
}

} // namespace

class TestLateTruth : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void autoCloseEvidence_data();
    void autoCloseEvidence();
    void reopenedRowIsCaught();
    void counts();
    void adyenSettleMustCloseItsRow();
};

void TestLateTruth::autoCloseEvidence_data()
{
    QTest::addColumn<QByteArray>("row"); // JSON
    QTest::addColumn<int>("violations");
    const auto add = [](const char *name, const json &row, int violations) {
        QTest::addRow("%s", name) << QByteArray::fromStdString(row.dump()) << violations;
    };
    add("webhook close naming its ref",
        closedRow("op_1", "system:webhook", "re_1", "system:webhook", "re_1"), 0);
    add("webhook close, evidence names another refund",
        closedRow("op_1", "system:webhook", "re_1", "system:webhook", "re_2"), 1);
    add("webhook close, no evidence", closedRow("op_1", "system:webhook", "re_1", "", nullptr), 1);
    add("webhook close, evidence only by someone else",
        closedRow("op_1", "system:webhook", "re_1", "operator:alice", "re_1"), 1);
    add("an agent's close is not judged here",
        closedRow("op_1", "agent:toolu_1", "re_1", "", nullptr), 0);
    json reconciled = closedRow("op_1", "system:reconciler", "re_7", "", nullptr);
    reconciled["evidence"].push_back(
        {{"created_by", "system:reconciler"},
         {"body", {{"claiming_refunds", json::array({{{"id", "re_7"}, {"status", "pending"}}})}}}});
    add("reconciler close naming its ref in claiming_refunds", reconciled, 0);
    // Adyen: the stored notification item is the evidence, named by its pspReference.
    const json item = {{"eventCode", "REFUND"},
                       {"pspReference", "PSPREFUND0000001"},
                       {"originalReference", "CH00000012P00003"},
                       {"success", "true"}};
    json byNotification = closedRow("op_1", "system:webhook", "PSPREFUND0000001", "", nullptr);
    byNotification["evidence"].push_back({{"created_by", "system:webhook"}, {"body", item}});
    add("adyen close by its REFUND notification", byNotification, 0);
    json byReading = closedRow("op_1", "system:reconciler", "PSPREFUND0000001", "", nullptr);
    byReading["evidence"].push_back(
        {{"created_by", "system:reconciler"},
         {"body", {{"source", "stored_adyen_notification"}, {"notification", item}}}});
    add("adyen close by the reconciler's reading of a stored notification", byReading, 0);
    json otherRefund = byNotification;
    otherRefund["provider_ref"] = "PSPREFUND0000002";
    add("adyen close, the notification names another refund", otherRefund, 1);
}

void TestLateTruth::autoCloseEvidence()
{
    QFETCH(QByteArray, row);
    QFETCH(int, violations);
    const Violations v = checkLateTruth(json::array({json::parse(row.toStdString())}));
    QCOMPARE(int(v.value(u"auto_close_has_evidence"_s).size()), violations);
}

void TestLateTruth::reopenedRowIsCaught()
{
    json row = closedRow("op_1", "system:webhook", "re_1", "system:webhook", "re_1");
    QVERIFY(checkLateTruth(json::array({row})).isEmpty());
    row["audit"].push_back({{"action", "state.unknown"}, {"actor", "system:sweeper"}});
    const Violations v = checkLateTruth(json::array({row}));
    QCOMPARE(int(v.value(u"nothing_reopened"_s).size()), 1);
}

void TestLateTruth::counts()
{
    json rows = json::array();
    rows.push_back(closedRow("op_1", "system:webhook", "re_1", "system:webhook", "re_1"));
    rows.push_back(closedRow("op_2", "system:reconciler", "re_2", "system:reconciler", "re_2"));
    json open = closedRow("op_3", "system:webhook", "re_3", "system:webhook", "re_3");
    open["audit"] = audit({{"state.succeeded", "system:webhook"}}); // never unknown
    rows.push_back(open);
    for (const char *id : {"op_4", "op_5"})
        rows.push_back({{"operation_id", id},
                        {"state", "unknown"},
                        {"audit", audit({{"state.unknown", "system:sweeper"}})}});
    LateTruthReport r;
    countLateTruth(rows, {u"op_4"_s}, r);
    QCOMPARE(r.unknownRows, 4);
    QCOMPARE(r.closedByEvent, 1);
    QCOMPARE(r.closedByReconciler, 1);
    QCOMPARE(r.withProposal, 1);
    QCOMPARE(r.left, 1);
    QCOMPARE(r.openClosedByEvent, 1);
}

void TestLateTruth::adyenSettleMustCloseItsRow()
{
    const auto row = [](const char *id, const char *state) {
        return json{{"operation_id", id}, {"state", state}};
    };
    const auto refund = [](const char *psp, const char *reference, const char *state) {
        return json{{"pspReference", psp}, {"reference", reference}, {"state", state}};
    };
    const json rows = json::array({row("op_1", "succeeded"), row("op_2", "failed"),
                                   row("op_3", "open"), row("op_4", "failed"), row("op_5", "open"),
                                   row("op_6", "succeeded"), row("op_7", "open")});
    const json refunds = json::array({
        refund("PSP1", "op_1", "succeeded"), // closed as settled
        refund("PSP2", "op_2", "failed"),    // refused at the settle, closed failed
        refund("PSP3", "op_3", "succeeded"), // lost: its notification never closed the row
        refund("PSP4", "op_4", "succeeded"), // wrong close: money moved, the row says failed
        refund("PSP5", "op_5", "received"),  // not settled yet: not judged
        refund("PSP6", "op_9", "succeeded"), // names no row
        // Failed after its success: closed succeeded first (kept, with Attention) is right…
        refund("PSP7", "op_6", "refund_failed"),
        refund("PSP8", "op_7", "refunded_reversed"), // …and never closed at all is lost
    });
    LateTruthReport r;
    const Violations v = checkAdyenSettles(refunds, rows, r);
    const QStringList found = v.value(u"adyen_settle_closes_row"_s);
    QCOMPARE(found.size(), 4);
    QVERIFY2(
        found.join(u'\n').contains(u"op_3: Adyen refund PSP3 settled succeeded, the row is open"_s),
        qPrintable(found.join(u'\n')));
    QVERIFY(found.join(u'\n').contains(u"op_4: Adyen refund PSP4"_s));
    QVERIFY(found.join(u'\n').contains(u"operation 'op_9', which has no row"_s));
    QVERIFY(found.join(u'\n').contains(u"op_7: Adyen refund PSP8"_s));
    QCOMPARE(r.adyenSettled, 7);
    QCOMPARE(r.adyenRowsClosedAsSettled, 3);
}

QTEST_GUILESS_MAIN(TestLateTruth)
#include "tst_latetruth.moc"
