// provider-sim's Stripe events over real HTTP: the event each refund and charge change emits
// (shape, previous_attributes, request), none on replays, GET /v1/events filters, paging and
// 30-day retention, GET /v1/events/{id}, and POST /_sim/refunds/{id}/settle (docs/design.md §9,
// §10; app/tools/providersim/README.md).

#include "support/simtestutil.h"

using namespace ops::test;

class TestSimEvents : public QObject
{
    Q_OBJECT

    std::unique_ptr<SimProcess> m_sim;

    nlohmann::json events(const QString &query = {})
    {
        const HttpReply r = stripeGet(*m_sim, QStringLiteral("/v1/events?") + query);
        return r.status == 200 ? r.json() : nlohmann::json();
    }
    // The listed events by value (a range-for over events()["data"] would read a temporary).
    nlohmann::json eventData(const QString &query = {}) { return events(query)["data"]; }
    // Types of every listed event, newest first.
    QStringList types(const QString &query = QStringLiteral("limit=100"))
    {
        QStringList out;
        for (const auto &e : eventData(query))
            out << str(e, "type");
        return out;
    }
    qint64 now() { return m_sim->admin("GET", QStringLiteral("/_sim/clock"))["now_unix"]; }
    nlohmann::json refund(const QByteArray &body, const QString &key = {})
    {
        const HttpReply r = postRefund(*m_sim, body, key);
        return r.status == 200 ? r.json() : nlohmann::json();
    }
    HttpReply settle(const QString &id, const QByteArray &body)
    {
        return m_sim->request("POST", QStringLiteral("/_sim/refunds/%1/settle").arg(id), body,
                              {{"Content-Type", "application/json"}});
    }
    static void checkEnvelope(const nlohmann::json &e, const char *type)
    {
        QVERIFY2(str(e, "id").startsWith(QLatin1String("evt_")), e.dump().c_str());
        QCOMPARE(str(e, "object"), QStringLiteral("event"));
        QCOMPARE(str(e, "type"), QString::fromLatin1(type));
        QVERIFY(e["created"].is_number_integer());
        QCOMPARE(e["livemode"], nlohmann::json(false));
        QCOMPARE(str(e, "api_version"), QStringLiteral("2024-06-20"));
        QVERIFY(e["data"]["object"].is_object());
        QVERIFY(e["request"].contains("id") && e["request"].contains("idempotency_key"));
    }

private slots:
    void initTestCase()
    {
        m_sim = startDemoSim();
        QVERIFY2(m_sim->isRunning(), qPrintable(m_sim->error()));
    }

    void init() { m_sim->reset(); }

    void createdRefundEmitsRefundCreatedAndChargeRefunded()
    {
        const qint64 before = now();
        const QString key = QStringLiteral("evt-create-1");
        const HttpReply r =
            postRefund(*m_sim, "charge=ch_4417&amount=1200&metadata[operation_id]=op_ev1", key);
        QCOMPARE(r.status, 200);
        const auto list = events();
        QCOMPARE(list["data"].size(), 2u);
        const auto charge = list["data"][0]; // newest first
        const auto created = list["data"][1];
        checkEnvelope(created, "refund.created");
        checkEnvelope(charge, "charge.refunded");
        QVERIFY(created["created"].get<qint64>() >= before);
        QVERIFY(created["created"].get<qint64>() <= now());
        QCOMPARE(str(created["data"]["object"], "id"), str(r.json(), "id"));
        QCOMPARE(str(created["data"]["object"], "status"), QStringLiteral("succeeded"));
        QCOMPARE(str(created["data"]["object"]["metadata"], "operation_id"),
                 QStringLiteral("op_ev1"));
        QVERIFY(!created["data"].contains("previous_attributes"));
        QCOMPARE(str(created["request"], "id"), QString::fromUtf8(r.header("request-id")));
        QCOMPARE(str(created["request"], "idempotency_key"), key);
        // charge.refunded carries the charge after the change and what it was before.
        QCOMPARE(str(charge["data"]["object"], "object"), QStringLiteral("charge"));
        QCOMPARE(charge["data"]["object"]["amount_refunded"].get<int>(), 1200);
        QCOMPARE(charge["data"]["previous_attributes"], nlohmann::json({{"amount_refunded", 0}}));
        QCOMPARE(str(charge["request"], "idempotency_key"), key);
    }

    void fullRefundPreviousAttributesNameRefunded()
    {
        QVERIFY(!refund("charge=ch_1001").is_null());
        const auto charge = events(QStringLiteral("type=charge.refunded"))["data"][0];
        QCOMPARE(charge["data"]["previous_attributes"],
                 nlohmann::json({{"amount_refunded", 0}, {"refunded", false}}));
        QCOMPARE(charge["data"]["object"]["refunded"], nlohmann::json(true));
    }

    void eventsWithoutKeyHaveNullIdempotencyKey()
    {
        QVERIFY(!refund("charge=ch_4417&amount=100").is_null());
        for (const auto &e : eventData()) {
            QVERIFY(e["request"]["idempotency_key"].is_null());
            QVERIFY(str(e["request"], "id").startsWith(QLatin1String("req_")));
        }
    }

    void replaysEmitNothing()
    {
        const QString key = QStringLiteral("evt-replay");
        const QByteArray body = "charge=ch_4417&amount=300";
        QCOMPARE(postRefund(*m_sim, body, key).status, 200);
        const HttpReply replay = postRefund(*m_sim, body, key);
        QCOMPARE(replay.header("idempotent-replayed"), QByteArray("true"));
        QCOMPARE(types(), QStringList({QStringLiteral("charge.refunded"),
                                       QStringLiteral("refund.created")}));
        // An over-refund 400 is stored too; its replay emits nothing either (nor did it).
        QCOMPARE(postRefund(*m_sim, "charge=ch_4417&amount=9999", QStringLiteral("k2")).status,
                 400);
        QCOMPARE(postRefund(*m_sim, "charge=ch_4417&amount=9999", QStringLiteral("k2")).status,
                 400);
        QCOMPARE(types().size(), 2);
    }

    void refundFailingAtOnceEmitsFailedNotChargeRefunded()
    {
        QCOMPARE(str(refund("charge=ch_declined&amount=100"), "status"), QStringLiteral("failed"));
        QCOMPARE(types(),
                 QStringList({QStringLiteral("refund.failed"), QStringLiteral("refund.created")}));
        const auto failed = events(QStringLiteral("type=refund.failed"))["data"][0];
        checkEnvelope(failed, "refund.failed");
        QCOMPARE(str(failed["data"]["object"], "failure_reason"),
                 QStringLiteral("expired_or_canceled_card"));
    }

    void metadataUpdateEmitsUpdatedWithChangedKeysOnly()
    {
        const QString id = str(refund("charge=ch_4417&amount=100&metadata[a]=1"), "id");
        auto update = [&](const QByteArray &body, const QString &key = {}) {
            return m_sim->request("POST", QStringLiteral("/v1/refunds/") + id, body,
                                  stripeHeaders(key));
        };
        QCOMPARE(update("metadata[b]=2", QStringLiteral("upd-1")).status, 200);
        auto list = events(QStringLiteral("type=*refund.updated"))["data"];
        QCOMPARE(list.size(), 2u);
        QCOMPARE(str(list[0], "type"), QStringLiteral("charge.refund.updated"));
        QCOMPARE(str(list[1], "type"), QStringLiteral("refund.updated"));
        for (const auto &e : list) {
            checkEnvelope(e, e["type"].get<std::string>().c_str());
            QCOMPARE(e["data"]["previous_attributes"],
                     nlohmann::json({{"metadata", {{"b", nullptr}}}}));
            QCOMPARE(str(e["data"]["object"]["metadata"], "b"), QStringLiteral("2"));
            QCOMPARE(str(e["request"], "idempotency_key"), QStringLiteral("upd-1"));
        }
        QCOMPARE(update("metadata[a]=9").status, 200);
        QCOMPARE(
            events(QStringLiteral("type=refund.updated"))["data"][0]["data"]["previous_attributes"],
            nlohmann::json({{"metadata", {{"a", "1"}}}}));
        const int count = types().size();
        QCOMPARE(update("metadata[a]=9").status, 200);                          // changes nothing
        QCOMPARE(update("metadata[b]=2", QStringLiteral("upd-1")).status, 200); // a replay
        QCOMPARE(types().size(), count);
    }

    void settleToSucceededEmitsUpdatedWithoutRequest()
    {
        const auto pending = refund("charge=ch_pending&amount=1000", QStringLiteral("pend-1"));
        QCOMPARE(str(pending, "status"), QStringLiteral("pending"));
        const QString id = str(pending, "id");
        const HttpReply r = settle(id, R"({"status":"succeeded"})");
        QCOMPARE(r.status, 200);
        QCOMPARE(str(r.json(), "status"), QStringLiteral("succeeded"));
        QCOMPARE(
            types(),
            QStringList({QStringLiteral("charge.refund.updated"), QStringLiteral("refund.updated"),
                         QStringLiteral("charge.refunded"), QStringLiteral("refund.created")}));
        for (const auto &e : eventData(QStringLiteral("type=*refund.updated"))) {
            QVERIFY(e["request"]["id"].is_null());
            QVERIFY(e["request"]["idempotency_key"].is_null());
            QCOMPARE(e["data"]["previous_attributes"], nlohmann::json({{"status", "pending"}}));
            QCOMPARE(str(e["data"]["object"], "status"), QStringLiteral("succeeded"));
        }
        QCOMPARE(str(stripeGet(*m_sim, QStringLiteral("/v1/refunds/") + id).json(), "status"),
                 QStringLiteral("succeeded"));
        const auto charge = stripeGet(*m_sim, QStringLiteral("/v1/charges/ch_pending")).json();
        QCOMPARE(charge["amount_refunded"].get<int>(), 1000);
        QCOMPARE(m_sim->ledger()["movements"].size(), 1u);
    }

    void settleToFailedGivesTheAmountBack()
    {
        const QString id = str(refund("charge=ch_pending&amount=4200"), "id");
        QCOMPARE(postRefund(*m_sim, "charge=ch_pending&amount=1").status, 400); // all refunded
        const HttpReply r =
            settle(id, R"({"status":"failed","failure_reason":"insufficient_funds"})");
        QCOMPARE(r.status, 200);
        QCOMPARE(str(r.json(), "failure_reason"), QStringLiteral("insufficient_funds"));
        QCOMPARE(types().mid(0, 2), QStringList({QStringLiteral("charge.refund.updated"),
                                                 QStringLiteral("refund.failed")}));
        const auto failed = events(QStringLiteral("type=refund.failed"))["data"][0];
        QCOMPARE(failed["data"]["previous_attributes"],
                 nlohmann::json({{"failure_reason", nullptr}, {"status", "pending"}}));
        QVERIFY(failed["request"]["id"].is_null());
        const auto charge = stripeGet(*m_sim, QStringLiteral("/v1/charges/ch_pending")).json();
        QCOMPARE(charge["amount_refunded"].get<int>(), 0);
        const auto movements = m_sim->ledger()["movements"];
        QCOMPARE(movements.size(), 2u);
        QCOMPARE(str(movements[1], "kind"), QStringLiteral("refund_reversal"));
        QCOMPARE(movements[1]["amount"].get<int>(), -4200);
        // The charge's balance is refundable again.
        QCOMPARE(postRefund(*m_sim, "charge=ch_pending&amount=4200").status, 200);
    }

    void settleWithoutReasonFailsAsUnknown()
    {
        const QString id = str(refund("charge=ch_pending&amount=10"), "id");
        const HttpReply r = settle(id, R"({"status":"failed"})");
        QCOMPARE(r.status, 200);
        QCOMPARE(str(r.json(), "failure_reason"), QStringLiteral("unknown"));
    }

    void badSettleChangesNothing_data()
    {
        QTest::addColumn<QString>("charge");
        QTest::addColumn<QByteArray>("body");
        QTest::addColumn<bool>("unknownId");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        const QByteArray ok = R"({"status":"succeeded"})";
        QTest::addRow("unknown refund") << QStringLiteral("ch_pending") << ok << true << 404
                                        << QStringLiteral("resource_missing");
        QTest::addRow("succeeded refund") << QStringLiteral("ch_4417") << ok << false << 400
                                          << QStringLiteral("refund_not_pending");
        QTest::addRow("failed refund") << QStringLiteral("ch_declined") << ok << false << 400
                                       << QStringLiteral("refund_not_pending");
        QTest::addRow("no status") << QStringLiteral("ch_pending") << QByteArray("{}") << false
                                   << 400 << QStringLiteral("invalid_settle");
        QTest::addRow("other status")
            << QStringLiteral("ch_pending") << QByteArray(R"({"status":"canceled"})") << false
            << 400 << QStringLiteral("invalid_settle");
        QTest::addRow("reason with success")
            << QStringLiteral("ch_pending")
            << QByteArray(R"({"status":"succeeded","failure_reason":"declined"})") << false << 400
            << QStringLiteral("invalid_settle");
        QTest::addRow("unknown reason")
            << QStringLiteral("ch_pending")
            << QByteArray(R"({"status":"failed","failure_reason":"bad luck"})") << false << 400
            << QStringLiteral("invalid_settle");
        QTest::addRow("not json") << QStringLiteral("ch_pending") << QByteArray("status=failed")
                                  << false << 400 << QStringLiteral("invalid_json");
        QTest::addRow("array") << QStringLiteral("ch_pending") << QByteArray("[1]") << false << 400
                               << QStringLiteral("invalid_settle");
    }

    void badSettleChangesNothing()
    {
        QFETCH(QString, charge);
        QFETCH(QByteArray, body);
        QFETCH(bool, unknownId);
        QFETCH(int, status);
        QFETCH(QString, code);
        const auto made = refund("amount=100&charge=" + charge.toUtf8());
        const QString id = unknownId ? QStringLiteral("re_nope") : str(made, "id");
        const auto eventsBefore = events(QStringLiteral("limit=100"));
        const auto chargeBefore = stripeGet(*m_sim, QStringLiteral("/v1/charges/") + charge).json();
        const qsizetype movementsBefore = qsizetype(m_sim->ledger()["movements"].size());

        const HttpReply r = settle(id, body);
        QCOMPARE(r.status, status);
        QCOMPARE(errorCode(r), code);
        QVERIFY(!str(r.json()["error"], "message").isEmpty());
        QCOMPARE(events(QStringLiteral("limit=100")), eventsBefore);
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/charges/") + charge).json(), chargeBefore);
        QCOMPARE(str(stripeGet(*m_sim, QStringLiteral("/v1/refunds/") + str(made, "id")).json(),
                     "status"),
                 str(made, "status"));
        QCOMPARE(qsizetype(m_sim->ledger()["movements"].size()), movementsBefore);
    }

    void typeFiltersAndWildcards()
    {
        const QString pending = str(refund("charge=ch_pending&amount=100"), "id");
        QCOMPARE(settle(pending, R"({"status":"succeeded"})").status, 200);
        QVERIFY(!refund("charge=ch_declined&amount=100").is_null());
        // pending: refund.created, charge.refunded, refund.updated, charge.refund.updated;
        // declined: refund.created, refund.failed.
        QCOMPARE(types(QStringLiteral("type=refund.*")).size(), 4);
        QCOMPARE(types(QStringLiteral("type=refund.created")).size(), 2);
        QCOMPARE(types(QStringLiteral("type=charge.refund.*")),
                 QStringList({QStringLiteral("charge.refund.updated")}));
        QCOMPARE(types(QStringLiteral("type=charge.*")).size(), 2);
        QCOMPARE(types(QStringLiteral("type=*")).size(), 6);
        QCOMPARE(types(QStringLiteral("type=*.updated")).size(), 2);
        QCOMPARE(types(QStringLiteral("types[]=refund.failed&types[]=charge.refunded")),
                 QStringList({QStringLiteral("refund.failed"), QStringLiteral("charge.refunded")}));
        QCOMPARE(types(QStringLiteral("types%5B%5D=refund.failed")).size(), 1);
        QCOMPARE(types(QStringLiteral("type=payout.*")).size(), 0);
    }

    void pagingNewestFirst()
    {
        for (int i = 0; i < 5; ++i)
            QVERIFY(!refund("charge=ch_1002&amount=10").is_null());
        QStringList all;
        for (const auto &e : eventData(QStringLiteral("limit=100")))
            all << str(e, "id");
        QCOMPARE(all.size(), 10);
        const auto first = events(QStringLiteral("limit=10"));
        QCOMPARE(first["has_more"], nlohmann::json(false));
        QCOMPARE(str(first, "url"), QStringLiteral("/v1/events"));
        QCOMPARE(events()["data"].size(), 10u); // default limit 10

        // Forward with starting_after, three at a time, covers every event once, in order.
        QStringList walked;
        QString after;
        bool more = true;
        int pages = 0;
        while (more && pages++ < 10) {
            const auto page =
                events(QStringLiteral("limit=3") +
                       (after.isEmpty() ? QString() : QStringLiteral("&starting_after=") + after));
            for (const auto &e : page["data"])
                walked << str(e, "id");
            more = page["has_more"].get<bool>();
            after = walked.last();
        }
        QCOMPARE(walked, all);
        QCOMPARE(pages, 4);

        // Backward with ending_before: the three just newer than the cursor, newest first.
        const auto back = events(QStringLiteral("limit=3&ending_before=") + all[5]);
        QStringList backIds;
        for (const auto &e : back["data"])
            backIds << str(e, "id");
        QCOMPARE(backIds, all.mid(2, 3));
        QCOMPARE(back["has_more"], nlohmann::json(true));
        const auto top = events(QStringLiteral("ending_before=") + all[0]);
        QCOMPARE(top["data"].size(), 0u);
        QCOMPARE(top["has_more"], nlohmann::json(false));
        // Filters and cursors together: refund.created only, after the newest one.
        const auto created =
            events(QStringLiteral("type=refund.created&limit=2&starting_after=") + all[1]);
        QCOMPARE(created["data"].size(), 2u);
        QCOMPARE(str(created["data"][0], "id"), all[3]);
        QCOMPARE(created["has_more"], nlohmann::json(true));
        const HttpReply unknown =
            stripeGet(*m_sim, QStringLiteral("/v1/events?starting_after=evt_x"));
        QCOMPARE(unknown.status, 404);
        QCOMPARE(errorCode(unknown), QStringLiteral("resource_missing"));
    }

    void createdRanges()
    {
        QVERIFY(!refund("charge=ch_4417&amount=10").is_null());
        const qint64 t0 = events()["data"][0]["created"];
        m_sim->advanceClock(100);
        QVERIFY(!refund("charge=ch_1001&amount=10").is_null());
        const qint64 t1 = events()["data"][0]["created"];
        QVERIFY(t1 >= t0 + 100);
        auto count = [&](const QString &q) {
            return types(q).size();
        };
        QCOMPARE(count(QStringLiteral("created[gte]=%1").arg(t1)), 2);
        QCOMPARE(count(QStringLiteral("created[gt]=%1").arg(t1)), 0);
        QCOMPARE(count(QStringLiteral("created[lte]=%1").arg(t0)), 2);
        QCOMPARE(count(QStringLiteral("created[lt]=%1").arg(t0)), 0);
        QCOMPARE(count(QStringLiteral("created[gt]=%1&created[lt]=%2").arg(t0).arg(t1)), 0);
        QCOMPARE(count(QStringLiteral("created[gte]=%1&created[lte]=%2").arg(t0).arg(t1)), 4);
        QCOMPARE(count(QStringLiteral("created=%1").arg(t1)), 2);
        QCOMPARE(count(QStringLiteral("created%5Bgt%5D=%1&type=refund.*").arg(t0)), 1);
    }

    void retentionIsThirtyDaysOfSimTime()
    {
        QVERIFY(!refund("charge=ch_4417&amount=10").is_null());
        const QString oldId = str(events()["data"][0], "id");
        m_sim->advanceClock(29 * 24 * 3600);
        QVERIFY(!refund("charge=ch_1001&amount=10").is_null());
        QCOMPARE(types().size(), 4);
        QCOMPARE(stripeGet(*m_sim, QStringLiteral("/v1/events/") + oldId).status, 200);
        m_sim->advanceClock(24 * 3600 + 60); // the first pair is now 30 days and a minute old
        QCOMPARE(types().size(), 2);
        const HttpReply gone = stripeGet(*m_sim, QStringLiteral("/v1/events/") + oldId);
        QCOMPARE(gone.status, 404);
        QCOMPARE(errorCode(gone), QStringLiteral("resource_missing"));
    }

    void retrieveOneEvent()
    {
        QVERIFY(!refund("charge=ch_4417&amount=10").is_null());
        for (const auto &listed : eventData()) {
            const HttpReply r =
                stripeGet(*m_sim, QStringLiteral("/v1/events/") + str(listed, "id"));
            QCOMPARE(r.status, 200);
            QCOMPARE(r.json(), listed);
        }
        const HttpReply unknown = stripeGet(*m_sim, QStringLiteral("/v1/events/evt_unknown"));
        QCOMPARE(unknown.status, 404);
        QCOMPARE(errorCode(unknown), QStringLiteral("resource_missing"));
        QCOMPARE(errorType(unknown), QStringLiteral("invalid_request_error"));
    }

    void badListInput_data()
    {
        QTest::addColumn<QString>("query");
        QTest::addColumn<QString>("param");
        QTest::addRow("limit 0") << QStringLiteral("limit=0") << QStringLiteral("limit");
        QTest::addRow("limit 101") << QStringLiteral("limit=101") << QStringLiteral("limit");
        QTest::addRow("limit text") << QStringLiteral("limit=ten") << QStringLiteral("limit");
        QTest::addRow("created text")
            << QStringLiteral("created[gte]=soon") << QStringLiteral("created");
        QTest::addRow("created unknown op")
            << QStringLiteral("created[after]=1") << QStringLiteral("created");
        QTest::addRow("created empty")
            << QStringLiteral("created[lt]=") << QStringLiteral("created");
        QTest::addRow("both cursors") << QStringLiteral("starting_after=a&ending_before=b")
                                      << QStringLiteral("ending_before");
    }

    void badListInput()
    {
        QFETCH(QString, query);
        QFETCH(QString, param);
        QVERIFY(!refund("charge=ch_4417&amount=10").is_null());
        const HttpReply r = stripeGet(*m_sim, QStringLiteral("/v1/events?") + query);
        QCOMPARE(r.status, 400);
        QCOMPARE(errorType(r), QStringLiteral("invalid_request_error"));
        QCOMPARE(str(r.json()["error"], "param"), param);
        QCOMPARE(types().size(), 2);
    }

    void eventRoutesNeedTheApiKey()
    {
        QVERIFY(!refund("charge=ch_4417&amount=10").is_null());
        const QString id = str(events()["data"][0], "id");
        for (const QString &path :
             QStringList{QStringLiteral("/v1/events"), QStringLiteral("/v1/events/") + id}) {
            QCOMPARE(m_sim->request("GET", path).status, 401);
            QCOMPARE(
                m_sim->request("GET", path, {}, stripeHeaders({}, "Bearer sk_test_wrong")).status,
                401);
        }
        QCOMPARE(m_sim->request("POST", QStringLiteral("/v1/events"), {}, stripeHeaders()).status,
                 404);
    }
};

QTEST_GUILESS_MAIN(TestSimEvents)
#include "tst_simevents.moc"
