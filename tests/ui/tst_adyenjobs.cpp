// Issue 30: the console's jobs on an Adyen refund row, against provider-sim's Adyen side. Adyen
// cannot be asked for a refund, so the look-up says what settles the row instead of sending, and
// lists the row's stored notifications with the outcome they prove; a
// person's resend goes to Adyen (never to Stripe or Slen) with the stored key and leaves an
// unknown row unknown with the pspReference it replayed; without Adyen settings the resend is
// refused before anything is sent, naming the settings.

#include "console/consolejobs.h"
#include "domain/refunddraft.h"
#include "engine/adyenrefundengine.h"
#include "itemmodels/localeformat.h"
#include "storage/reconcile/reconcilestore.h"
#include "support/adyendelivery.h"
#include "support/simprocess.h"
#include "support/storefixture.h"
#include "support/testpaths.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using nlohmann::json;

class TestAdyenJobs : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY2(m_sim.start(), qPrintable(m_sim.error()));
        m_sim.admin("POST", u"/_sim/adyen/config"_s, {{"auto_settle_ms", -1}});
    }

    void lookUpSaysWhatSettlesTheRowAndSendsNothing()
    {
        test::StoreFixture f;
        const ToolResult accepted = openAccepted(f);
        const std::atomic_bool cancelled = false;
        const LookupAnswer a =
            console::runLookup(config(f), f.clock(), accepted.operationId, cancelled);
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        QVERIFY2(a.summary.contains(u"REFUND notification"_s), qPrintable(a.summary));
        QVERIFY2(a.summary.contains(accepted.providerReference), qPrintable(a.summary));
        QVERIFY(!a.proposedOutcome);
        QVERIFY(!a.resendHelps); // Adyen received it: a resend would only replay that
        QCOMPARE(posts(), std::size_t(1));
    }

    // Closes off: the REFUND notification is stored and proposed, not applied, so the row waits
    // in Checking (unknown) when a person looks it up. The look-up lists it and proposes what it
    // proves.
    void lookUpListsStoredNotificationsAndProposesTheirOutcome()
    {
        test::StoreFixture f;
        const ToolResult accepted = openAccepted(f);
        f.session().reconcile().setAutoClose(u"operator:alice"_s, false);
        AdyenItem item =
            test::demoRefundItem(accepted.providerReference, accepted.operationId, 1200);
        item.eventDate = u"2026-12-05T12:00:00Z"_s;
        const QByteArray key(64, 'a');
        const WebhookStats stats =
            test::deliverAdyen(f.session(), {signedAdyenBatch({item}, key, false)},
                               {{key}, {u"NorthwindECOM"_s}, false});
        QCOMPARE(stats.stored, 1);
        QCOMPARE(toString(f.store().operation(accepted.operationId)->state), u"unknown"_s);
        const std::atomic_bool cancelled = false;
        const LookupAnswer a =
            console::runLookup(config(f), f.clock(), accepted.operationId, cancelled);
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        const QString eventId = accepted.providerReference + u":REFUND:true"_s;
        QVERIFY2(a.summary.contains(u"Stored notifications (1):"_s), qPrintable(a.summary));
        QVERIFY2(a.summary.contains(eventId), qPrintable(a.summary));
        // When it was received, as the tables write times (issue 50 item 9: one date format).
        QVERIFY2(a.summary.contains(u"received "_s + formatDateTime(f.clock().now(), QLocale())),
                 qPrintable(a.summary));
        QVERIFY(a.proposedOutcome && *a.proposedOutcome == OperationState::Succeeded);
        QCOMPARE(a.providerRef, accepted.providerReference);
        QVERIFY2(a.proposedReason.contains(eventId), qPrintable(a.proposedReason));
        // The close is attached with the notification that proves it.
        const json evidence = json::parse(a.evidenceBody.toStdString(), nullptr, false);
        QVERIFY2(evidence.value("event_id", "") == eventId.toStdString(),
                 a.evidenceBody.constData());
        QVERIFY(evidence["notification"].value("pspReference", "") ==
                accepted.providerReference.toStdString());
        QVERIFY2(a.evidenceTitle.contains(eventId), qPrintable(a.evidenceTitle));
        // Once closed, the look-up says so and proposes nothing.
        QVERIFY(f.store().closeSucceeded(accepted.operationId, accepted.providerReference,
                                         u"succeeded"_s, u"system:webhook"_s,
                                         u"by its notification"_s));
        const LookupAnswer closed =
            console::runLookup(config(f), f.clock(), accepted.operationId, cancelled);
        QVERIFY2(closed.summary.contains(u"This row is closed: succeeded."_s),
                 qPrintable(closed.summary));
        QVERIFY(!closed.proposedOutcome && !closed.resendHelps);
        QVERIFY(!a.resendHelps);
        QCOMPARE(posts(), std::size_t(1)); // the look-up sent nothing
    }

    // Issue 50 item 5: Adyen kept a 500 under the key, and a resend would only replay it. The
    // look-up says so, naming Adyen, and leads to close failed and a new refund (keyMemoryFor).
    void lookUpOfAStored500LeadsToANewRefund()
    {
        test::StoreFixture f;
        m_sim.addFault({{"route", "POST /v71/payments/*"}, {"mode", "stored_500"}, {"count", 1}});
        const ToolResult r = openAccepted(f);
        m_sim.clearFaults();
        QCOMPARE(toString(f.store().operation(r.operationId)->state), u"unknown"_s);
        const std::atomic_bool cancelled = false;
        const LookupAnswer a = console::runLookup(config(f), f.clock(), r.operationId, cancelled);
        QVERIFY2(a.error.isEmpty(), qPrintable(a.error));
        QVERIFY(!a.resendHelps);
        QVERIFY2(a.summary.contains(u"Adyen stored a 5xx answer under this key"_s) &&
                     a.summary.contains(u"start a new refund"_s),
                 qPrintable(a.summary));
        QCOMPARE(posts(), std::size_t(1)); // the look-up sent nothing
    }

    void resendOfAnUnknownRowGoesToAdyenAndLeavesItUnknown()
    {
        test::StoreFixture f;
        const ToolResult accepted = openAccepted(f);
        QVERIFY(f.store().markUnknown(accepted.operationId, u"no notification"_s, u"reconciler"_s));
        const console::ResendOutcome o = console::runResend(
            config(f), f.clock(), accepted.operationId, u"operator:alice"_s, u"alice#1"_s);
        QVERIFY(o.sent);
        QVERIFY2(o.error.contains(accepted.providerReference), qPrintable(o.error));
        QVERIFY(o.operation && o.operation->state == OperationState::Unknown);
        QCOMPARE(posts(), std::size_t(2));
    }

    void resendWithoutAdyenSettingsSendsNothing()
    {
        test::StoreFixture f;
        const ToolResult accepted = openAccepted(f);
        QVERIFY(f.store().markUnknown(accepted.operationId, u"no notification"_s, u"reconciler"_s));
        console::JobConfig c = config(f);
        c.adyen.reset();
        c.adyenProblem = u"No Adyen API key is configured."_s;
        const console::ResendOutcome o = console::runResend(c, f.clock(), accepted.operationId,
                                                            u"operator:alice"_s, u"alice#1"_s);
        QVERIFY(!o.sent);
        QVERIFY2(o.error.contains(u"OPS_ADYEN_MERCHANT"_s), qPrintable(o.error));
        QCOMPARE(posts(), std::size_t(1));
        QCOMPARE(f.store().attempts(accepted.operationId).size(), std::size_t(1));
    }

    // DESIGN §16 after a failed Adyen refund (issue 50 item 5): the replacement refunds the same
    // payment at Adyen, with no Stripe reason, and its command names the payment.
    void aFailedAdyenRowIsReplacedAtAdyen()
    {
        test::StoreFixture f;
        const ToolResult accepted = openAccepted(f);
        QVERIFY(f.store().closeFailed(accepted.operationId, u"refund_failed"_s, u"system:webhook"_s,
                                      u"REFUND success false"_s));
        const auto draft = replacementDraft(*f.store().operation(accepted.operationId));
        QVERIFY(draft);
        QCOMPARE(draft->adyenPaymentId, u"DZ4DPSHB4WD2WN82"_s);
        QVERIFY(draft->chargeId.isEmpty() && draft->paymentIntentId.isEmpty());
        QVERIFY(draft->reason.isEmpty());
        QCOMPARE(draft->amount, (Money{1200, u"eur"_s}));
        QCOMPARE(refundCommand(*draft),
                 u"opsctl refund --order 4417 --adyen-payment DZ4DPSHB4WD2WN82 --amount 1200 "
                 "--currency eur --replaces "_s +
                     accepted.operationId);
    }

    void init() { m_sim.admin("DELETE", u"/_sim/requests"_s); }

private:
    AdyenConfig adyen() const
    {
        return {m_sim.baseUrl(), u"adyen_test_demo"_s, u"NorthwindECOM"_s,
                std::chrono::milliseconds(2000)};
    }
    console::JobConfig config(test::StoreFixture &f) const
    {
        console::JobConfig c;
        c.dbLocation = f.path();
        c.adyen = adyen();
        return c;
    }
    // An Adyen refund Adyen answered `received` for, opened by an agent.
    ToolResult openAccepted(test::StoreFixture &f)
    {
        QtHttpTransport transport;
        AdyenClient client(transport, adyen());
        RefundInput in;
        in.orderId = u"4417"_s;
        in.adyenPaymentId = u"DZ4DPSHB4WD2WN82"_s;
        in.amountMinor = 1200;
        in.currency = u"eur"_s;
        AdyenEngineConfig engine;
        engine.jitterSeed = 1;
        const ToolResult r =
            AdyenRefundEngine(f.session(), client, engine).refund(in, u"agent:toolu_01"_s);
        if (r.status != ToolResult::Status::Accepted)
            qWarning("not accepted: %s", r.toJson().dump().c_str());
        return r;
    }
    std::size_t posts()
    {
        std::size_t n = 0;
        const json all = m_sim.requests();
        for (const auto &r : all["requests"])
            n += r.value("path", "").rfind("/v71/payments/", 0) == 0 ? 1 : 0;
        return n;
    }

    test::SimProcess m_sim{ops::test::providerSimPath(),
                           test::SimProcess::demoSeedPath(ops::test::sourceDir())};
};

QTEST_GUILESS_MAIN(TestAdyenJobs)
#include "tst_adyenjobs.moc"
