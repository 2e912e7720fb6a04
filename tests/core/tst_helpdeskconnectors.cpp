// The connectors' pure parts, on canned answers: the request each vendor gets (path, method,
// credentials, where the marker goes), what an answer to a post proves, what a page of a
// ticket's replies says about a marker, and the configuration's refusals. The same connectors
// meet provider-sim over loopback in tst_helpdesksend.

#include "outbox/helpdeskconnector.h"
#include "outbox/helpdeskwire.h"

#include <QTest>
#include <nlohmann/json.hpp>

using namespace ops;
using namespace Qt::StringLiterals;

namespace {

HelpdeskConfig configFor(HelpdeskVendor vendor)
{
    HelpdeskConfig c;
    c.vendor = vendor;
    c.baseUrl = QUrl(u"https://acme.example/base"_s);
    c.user = u"agent@acme.example"_s;
    c.secret = u"s3cret"_s;
    c.author = u"7001"_s;
    return c;
}

OutgoingPost postOf(bool internal = false)
{
    OutgoingPost p;
    p.ticket = u"1001"_s;
    p.text = u"We are checking <your> refund.\n\nA second line."_s;
    p.marker = markerOf(u"msg_abc"_s);
    p.idempotencyKey = u"msg_abc"_s;
    p.internal = internal;
    return p;
}

QByteArray header(const HttpRequest &r, const QByteArray &name)
{
    for (const auto &[n, v] : r.headers)
        if (n.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    return {};
}

nlohmann::json bodyOf(const HttpRequest &r)
{
    return nlohmann::json::parse(r.body.toStdString());
}

HttpResponse reply(int status, const nlohmann::json &body,
                   QHash<QByteArray, QByteArray> headers = {})
{
    HttpResponse r;
    r.status = status;
    r.body = QByteArray::fromStdString(body.dump());
    r.headers = std::move(headers);
    return r;
}

HttpResponse silence(TransportError error)
{
    HttpResponse r;
    r.error = error;
    r.errorText = u"transport: %1"_s.arg(int(error));
    return r;
}

QString kindName(PostAnswer::Kind k)
{
    static const char *names[] = {"stored", "retry", "busy", "unknown", "refused"};
    return QString::fromLatin1(names[int(k)]);
}

QString kindName(ReadBackPage::Kind k)
{
    static const char *names[] = {"found", "absent", "more", "failed"};
    return QString::fromLatin1(names[int(k)]);
}

} // namespace

class TestHelpdeskConnectors : public QObject
{
    Q_OBJECT

private slots:
    void theMarkerIsDerivedFromTheKeyAndHidesIt();
    void theBodyIsEscapedHtmlWithTheMarkerHidden();
    void eachVendorGetsItsOwnRequest();
    void anAnswerToAPostProves_data();
    void anAnswerToAPostProves();
    void retryAfterIsHonouredAsTheVendorSaysIt();
    void aPageOfRepliesSays_data();
    void aPageOfRepliesSays();
    void subdomainsAndUrls_data();
    void subdomainsAndUrls();
    void configurationThatCannotWorkIsRefused();
};

void TestHelpdeskConnectors::theMarkerIsDerivedFromTheKeyAndHidesIt()
{
    const QString key = u"msg_0123456789abcdef"_s;
    QCOMPARE(markerOf(key), markerOf(key));
    QVERIFY(markerOf(key) != markerOf(key + u'0'));
    QCOMPARE(markerOf(key).size(), 28);
    QVERIFY(markerOf(key).startsWith(u"ops-"_s));
    QVERIFY(!markerOf(key).contains(u"0123456789abcdef"_s));
}

void TestHelpdeskConnectors::theBodyIsEscapedHtmlWithTheMarkerHidden()
{
    const QString html = htmlWithMarker(u"a <b> & c\nd\n\ne"_s, u"ops-x"_s);
    QCOMPARE(html, u"<p>a &lt;b&gt; &amp; c<br>d</p><p>e</p>"
                   "<span style=\"display:none\" data-ops-marker=\"ops-x\">ops-x</span>"_s);
    QVERIFY(!htmlWithMarker(u"plain"_s, {}).contains(u"span"_s));
}

void TestHelpdeskConnectors::eachVendorGetsItsOwnRequest()
{
    const OutgoingPost p = postOf();
    const auto zendesk = makeHelpdeskConnector(configFor(HelpdeskVendor::Zendesk));
    HttpRequest r = zendesk->post(p);
    QCOMPARE(r.method, QByteArray("PUT"));
    QCOMPARE(r.url.toString(), u"https://acme.example/base/api/v2/tickets/1001.json"_s);
    QCOMPARE(header(r, "authorization"),
             "Basic " + QByteArray("agent@acme.example/token:s3cret").toBase64());
    auto json = bodyOf(r);
    QVERIFY(json["ticket"]["comment"]["public"].get<bool>());
    QVERIFY(QString::fromStdString(json["ticket"]["comment"]["html_body"].get<std::string>())
                .contains(p.marker));
    QVERIFY(!bodyOf(zendesk->post(postOf(true)))["ticket"]["comment"]["public"].get<bool>());
    QCOMPARE(zendesk->readPage(u"1001"_s, u"3"_s).url.toString(),
             u"https://acme.example/base/api/v2/tickets/1001/comments.json?per_page=100&page=3"_s);

    const auto gorgias = makeHelpdeskConnector(configFor(HelpdeskVendor::Gorgias));
    r = gorgias->post(p);
    QCOMPARE(r.url.path(), u"/base/api/tickets/1001/messages"_s);
    QCOMPARE(header(r, "authorization"),
             "Basic " + QByteArray("agent@acme.example:s3cret").toBase64());
    json = bodyOf(r);
    QCOMPARE(QString::fromStdString(json["external_id"].get<std::string>()), p.marker);
    QVERIFY(!QString::fromStdString(json["body_html"].get<std::string>()).contains(p.marker));
    QCOMPARE(json["sender"]["email"].get<std::string>(), "7001"); // the author when set
    QCOMPARE(bodyOf(gorgias->post(postOf(true)))["channel"].get<std::string>(), "internal-note");

    const auto intercom = makeHelpdeskConnector(configFor(HelpdeskVendor::Intercom));
    r = intercom->post(p);
    QCOMPARE(r.url.path(), u"/base/conversations/1001/reply"_s);
    QCOMPARE(header(r, "authorization"), QByteArray("Bearer s3cret"));
    QCOMPARE(header(r, "intercom-version"), QByteArray("2.11"));
    json = bodyOf(r);
    QCOMPARE(json["admin_id"].get<std::string>(), "7001");
    QCOMPARE(json["message_type"].get<std::string>(), "comment");
    QCOMPARE(bodyOf(intercom->post(postOf(true)))["message_type"].get<std::string>(), "note");

    const auto freshdesk = makeHelpdeskConnector(configFor(HelpdeskVendor::Freshdesk));
    r = freshdesk->post(p);
    QCOMPARE(r.url.path(), u"/base/api/v2/tickets/1001/reply"_s);
    QCOMPARE(header(r, "authorization"), "Basic " + QByteArray("s3cret:X").toBase64());
    QCOMPARE(freshdesk->post(postOf(true)).url.path(), u"/base/api/v2/tickets/1001/notes"_s);
    QVERIFY(bodyOf(freshdesk->post(postOf(true)))["private"].get<bool>());

    const auto generic = makeHelpdeskConnector(configFor(HelpdeskVendor::Generic));
    r = generic->post(p);
    QCOMPARE(r.url.path(), u"/base/v1/conversations/1001/messages"_s);
    QCOMPARE(header(r, "idempotency-key"), QByteArray("msg_abc"));
    QCOMPARE(QString::fromStdString(bodyOf(r)["body"].get<std::string>()), p.text);
    QVERIFY(!generic->readsBack());

    // A ticket id is one path segment, whatever it holds.
    OutgoingPost odd = p;
    odd.ticket = u"a/../b?c"_s;
    QCOMPARE(zendesk->post(odd).url.toString(QUrl::FullyEncoded),
             u"https://acme.example/base/api/v2/tickets/a%2F..%2Fb%3Fc.json"_s);
}

void TestHelpdeskConnectors::anAnswerToAPostProves_data()
{
    QTest::addColumn<int>("vendor");
    QTest::addColumn<int>("status");
    QTest::addColumn<int>("transport");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("id");
    QTest::addColumn<QString>("words");
    const int zd = int(HelpdeskVendor::Zendesk), gg = int(HelpdeskVendor::Gorgias),
              ic = int(HelpdeskVendor::Intercom), fd = int(HelpdeskVendor::Freshdesk);
    const int none = int(TransportError::None);
    QTest::newRow("zendesk stored")
        << zd << 200 << none
        << QByteArray(R"({"ticket":{"id":1001},"audit":{"events":[{"id":55,"type":"Change"},)"
                      R"({"id":77,"type":"Comment"}]}})")
        << "stored"
        << "77"
        << "";
    QTest::newRow("zendesk closed")
        << zd << 422 << none
        << QByteArray(
               R"({"error":"RecordInvalid","description":"Record validation errors",)"
               R"("details":{"status":[{"description":"Status: closed prevents ticket update"}]}})")
        << "refused"
        << ""
        << "closed prevents ticket update";
    QTest::newRow("zendesk conflict")
        << zd << 409 << none << QByteArray(R"({"error":"UpdateConflict"})") << "retry"
        << ""
        << "UpdateConflict";
    QTest::newRow("gorgias stored") << gg << 201 << none << QByteArray(R"({"id":9})") << "stored"
                                    << "9"
                                    << "";
    QTest::newRow("gorgias 404") << gg << 404 << none
                                 << QByteArray(R"({"error":{"msg":"Resource not found."}})")
                                 << "refused"
                                 << ""
                                 << "Resource not found.";
    QTest::newRow("gorgias 401") << gg << 401 << none
                                 << QByteArray(R"({"error":{"msg":"Unauthorized"}})") << "refused"
                                 << ""
                                 << "check the helpdesk user and token";
    QTest::newRow("intercom stored: the part with the marker")
        << ic << 200 << none
        << QByteArray(
               R"({"type":"conversation","conversation_parts":{"conversation_parts":[)"
               R"({"id":"1","body":"x"},{"id":"2","body":"<p>y</p>MARKER"},{"id":"3","body":"z"}]}})")
        << "stored"
        << "2"
        << "";
    QTest::newRow("intercom 200 without the marker: the newest part")
        << ic << 200 << none
        << QByteArray(R"({"type":"conversation","conversation_parts":{"conversation_parts":[)"
                      R"({"id":"1","body":"x"},{"id":"9","body":"<p>cleaned</p>"}]}})")
        << "stored"
        << "9"
        << "";
    QTest::newRow("freshdesk stored") << fd << 201 << none << QByteArray(R"({"id":31})") << "stored"
                                      << "31"
                                      << "";
    QTest::newRow("freshdesk 400")
        << fd << 400 << none
        << QByteArray(R"({"description":"Validation failed","errors":[{"field":"body",)"
                      R"("message":"It should not be blank","code":"missing_field"}]})")
        << "refused"
        << ""
        << "body: It should not be blank";
    QTest::newRow("500 may have stored") << zd << 500 << none << QByteArray("{}") << "unknown"
                                         << ""
                                         << "HTTP 500";
    QTest::newRow("502") << fd << 502 << none << QByteArray() << "unknown"
                         << ""
                         << "HTTP 502";
    QTest::newRow("408") << gg << 408 << none << QByteArray() << "unknown"
                         << ""
                         << "HTTP 408";
    QTest::newRow("unreadable 2xx is still stored")
        << fd << 201 << none << QByteArray("<html>") << "stored"
        << ""
        << "";
    QTest::newRow("timeout") << zd << 0 << int(TransportError::Timeout) << QByteArray() << "unknown"
                             << ""
                             << "transport";
    QTest::newRow("reset") << gg << 0 << int(TransportError::Reset) << QByteArray() << "unknown"
                           << ""
                           << "transport";
    QTest::newRow("refused connection")
        << ic << 0 << int(TransportError::ConnectionFailed) << QByteArray() << "retry"
        << ""
        << "transport";
    QTest::newRow("429") << ic << 429 << none << QByteArray() << "busy"
                         << ""
                         << "HTTP 429";
}

void TestHelpdeskConnectors::anAnswerToAPostProves()
{
    QFETCH(int, vendor);
    QFETCH(int, status);
    QFETCH(int, transport);
    QFETCH(QByteArray, body);
    QFETCH(QString, kind);
    QFETCH(QString, id);
    QFETCH(QString, words);
    const auto c = makeHelpdeskConnector(configFor(HelpdeskVendor(vendor)));
    HttpResponse http = status ? HttpResponse() : silence(TransportError(transport));
    if (status) {
        http.status = status;
        http.body = body;
    }
    const PostAnswer a = c->answer(http, u"MARKER"_s);
    QCOMPARE(kindName(a.kind), kind);
    QCOMPARE(a.vendorId, id);
    QVERIFY2(words.isEmpty() ? a.kind == PostAnswer::Kind::Stored : a.error.contains(words),
             qPrintable(a.error));
}

void TestHelpdeskConnectors::retryAfterIsHonouredAsTheVendorSaysIt()
{
    using namespace std::chrono;
    QCOMPARE(helpdeskwire::retryAfterOf(reply(429, {}, {{"retry-after", "7"}})),
             milliseconds(7000));
    QCOMPARE(helpdeskwire::retryAfterOf(reply(429, {}, {{"retry-after", "0"}})),
             milliseconds(1000));
    const QByteArray reset = QByteArray::number(QDateTime::currentSecsSinceEpoch() + 30);
    const auto fromReset =
        helpdeskwire::retryAfterOf(reply(429, {}, {{"x-ratelimit-reset", reset}}));
    QVERIFY(fromReset >= seconds(29) && fromReset <= seconds(30));
    QCOMPARE(helpdeskwire::retryAfterOf(reply(429, {})), milliseconds(1000));
    const auto c = makeHelpdeskConnector(configFor(HelpdeskVendor::Gorgias));
    const PostAnswer a = c->answer(reply(429, {}, {{"retry-after", "3"}}), {});
    QCOMPARE(kindName(a.kind), u"busy"_s);
    QCOMPARE(a.retryAfter, milliseconds(3000));
}

void TestHelpdeskConnectors::aPageOfRepliesSays_data()
{
    QTest::addColumn<int>("vendor");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QByteArray>("link");
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("value"); // the id found, or the next cursor
    const int zd = int(HelpdeskVendor::Zendesk), gg = int(HelpdeskVendor::Gorgias),
              ic = int(HelpdeskVendor::Intercom), fd = int(HelpdeskVendor::Freshdesk);
    QTest::newRow("zendesk found in plain_body")
        << zd << 200
        << QByteArray(
               R"({"comments":[{"id":1,"html_body":"a"},{"id":2,"plain_body":"b MARKER"}],"next_page":null})")
        << QByteArray() << "found"
        << "2";
    QTest::newRow("zendesk next page")
        << zd << 200
        << QByteArray(
               R"({"comments":[{"id":1,"html_body":"a"}],)"
               R"("next_page":"https://x.zendesk.com/api/v2/tickets/1/comments.json?page=4&per_page=100"})")
        << QByteArray() << "more"
        << "4";
    QTest::newRow("zendesk last page")
        << zd << 200 << QByteArray(R"({"comments":[],"next_page":null})") << QByteArray()
        << "absent"
        << "";
    QTest::newRow("zendesk not comments")
        << zd << 200 << QByteArray(R"({"ticket":{}})") << QByteArray() << "failed"
        << "";
    QTest::newRow("zendesk 503") << zd << 503 << QByteArray() << QByteArray() << "failed"
                                 << "";
    QTest::newRow("gorgias by external_id")
        << gg << 200
        << QByteArray(R"({"data":[{"id":5,"external_id":"other","body_html":"MARKER"},)"
                      R"({"id":6,"external_id":"MARKER"}],"meta":{"next_cursor":null}})")
        << QByteArray() << "found"
        << "6";
    QTest::newRow("gorgias cursor")
        << gg << 200 << QByteArray(R"({"data":[],"meta":{"next_cursor":"c2"}})") << QByteArray()
        << "more"
        << "c2";
    QTest::newRow("gorgias no meta")
        << gg << 200 << QByteArray(R"({"data":[]})") << QByteArray() << "failed"
        << "";
    QTest::newRow("intercom found")
        << ic << 200
        << QByteArray(
               R"({"conversation_parts":{"conversation_parts":[{"id":"8","body":"MARKER"}],"total_count":1}})")
        << QByteArray() << "found"
        << "8";
    QTest::newRow("intercom all parts, absent")
        << ic << 200
        << QByteArray(
               R"({"conversation_parts":{"conversation_parts":[{"id":"8","body":"x"}],"total_count":1}})")
        << QByteArray() << "absent"
        << "";
    QTest::newRow("intercom truncated: nothing proven")
        << ic << 200
        << QByteArray(
               R"({"conversation_parts":{"conversation_parts":[{"id":"8","body":"x"}],"total_count":501}})")
        << QByteArray() << "failed"
        << "";
    QTest::newRow("freshdesk link next")
        << fd << 200 << QByteArray(R"([{"id":1,"body":"x"}])")
        << QByteArray(
               R"(<https://a.freshdesk.com/api/v2/tickets/1/conversations?page=2&per_page=100>; rel="next")")
        << "more"
        << "2";
    QTest::newRow("freshdesk found in body_text")
        << fd << 200 << QByteArray(R"([{"id":1,"body":"x"},{"id":3,"body_text":"MARKER"}])")
        << QByteArray() << "found"
        << "3";
    QTest::newRow("freshdesk last page")
        << fd << 200 << QByteArray("[]") << QByteArray() << "absent"
        << "";
    QTest::newRow("freshdesk last page, a prev link only")
        << fd << 200 << QByteArray("[]")
        << QByteArray(
               R"(<https://a.freshdesk.com/api/v2/tickets/1/conversations?page=1>; rel="prev")")
        << "absent"
        << "";
    QTest::newRow("freshdesk next without a page")
        << fd << 200 << QByteArray("[]")
        << QByteArray(R"(<https://a.freshdesk.com/api/v2/tickets/1/conversations>; rel="next")")
        << "failed"
        << "";
    QTest::newRow("freshdesk object") << fd << 200 << QByteArray("{}") << QByteArray() << "failed"
                                      << "";
}

void TestHelpdeskConnectors::aPageOfRepliesSays()
{
    QFETCH(int, vendor);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(QByteArray, link);
    QFETCH(QString, kind);
    QFETCH(QString, value);
    const auto c = makeHelpdeskConnector(configFor(HelpdeskVendor(vendor)));
    HttpResponse http;
    http.status = status;
    http.body = body;
    if (!link.isEmpty())
        http.headers.insert("link", link);
    const ReadBackPage page = c->scanPage(http, u"MARKER"_s);
    QCOMPARE(kindName(page.kind), kind);
    if (kind == u"found"_s)
        QCOMPARE(page.vendorId, value);
    if (kind == u"more"_s)
        QCOMPARE(page.cursor, value);
    if (kind == u"failed"_s)
        QVERIFY2(page.error.startsWith(u"reading the ticket back"_s), qPrintable(page.error));
}

void TestHelpdeskConnectors::subdomainsAndUrls_data()
{
    QTest::addColumn<int>("vendor");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("url"); // empty: refused
    QTest::newRow("zendesk subdomain") << int(HelpdeskVendor::Zendesk) << "acme"
                                       << "https://acme.zendesk.com";
    QTest::newRow("freshdesk subdomain") << int(HelpdeskVendor::Freshdesk) << "acme-eu"
                                         << "https://acme-eu.freshdesk.com";
    QTest::newRow("gorgias subdomain") << int(HelpdeskVendor::Gorgias) << "shop1"
                                       << "https://shop1.gorgias.com";
    QTest::newRow("intercom default") << int(HelpdeskVendor::Intercom) << ""
                                      << "https://api.intercom.io";
    QTest::newRow("a url as given") << int(HelpdeskVendor::Zendesk) << "http://127.0.0.1:9/zd"
                                    << "http://127.0.0.1:9/zd";
    QTest::newRow("bad subdomain") << int(HelpdeskVendor::Zendesk) << "acme_corp!"
                                   << "";
    QTest::newRow("leading hyphen") << int(HelpdeskVendor::Freshdesk) << "-acme"
                                    << "";
    QTest::newRow("upper case is not a label here") << int(HelpdeskVendor::Gorgias) << "ACME"
                                                    << "";
    QTest::newRow("generic has no subdomain") << int(HelpdeskVendor::Generic) << "acme"
                                              << "";
    QTest::newRow("not http") << int(HelpdeskVendor::Zendesk) << "ftp://acme.zendesk.com"
                              << "";
    QTest::newRow("credentials in the url")
        << int(HelpdeskVendor::Freshdesk) << "https://key:X@acme.freshdesk.com"
        << "";
}

void TestHelpdeskConnectors::subdomainsAndUrls()
{
    QFETCH(int, vendor);
    QFETCH(QString, text);
    QFETCH(QString, url);
    const auto r = helpdeskBaseUrl(HelpdeskVendor(vendor), text);
    if (url.isEmpty()) {
        QVERIFY(!r);
        QVERIFY2(r.error().contains(text.isEmpty() ? u"URL"_s : text), qPrintable(r.error()));
        return;
    }
    QVERIFY2(r, qPrintable(r.error()));
    QCOMPARE(r->toString(), url);
}

void TestHelpdeskConnectors::configurationThatCannotWorkIsRefused()
{
    HelpdeskConfig c = configFor(HelpdeskVendor::Zendesk);
    QVERIFY(helpdeskConfigProblem(c).isEmpty());
    c.secret = u"  "_s;
    QVERIFY(helpdeskConfigProblem(c).contains(u"API token"_s));
    c = configFor(HelpdeskVendor::Zendesk);
    c.user.clear();
    QVERIFY(helpdeskConfigProblem(c).contains(u"OPS_HELPDESK_USER"_s));
    c = configFor(HelpdeskVendor::Intercom);
    c.author.clear();
    QVERIFY(helpdeskConfigProblem(c).contains(u"OPS_HELPDESK_AUTHOR"_s));
    c = configFor(HelpdeskVendor::Generic);
    c.secret.clear(); // the generic sink may take messages without a key
    QVERIFY(helpdeskConfigProblem(c).isEmpty());
    c.baseUrl.clear();
    QVERIFY(helpdeskConfigProblem(c).contains(u"OPS_HELPDESK_URL"_s));

    QCOMPARE(helpdeskVendorFromString(u" Zendesk "_s), std::optional(HelpdeskVendor::Zendesk));
    QVERIFY(!helpdeskVendorFromString(u"zendesk2"_s));
    for (HelpdeskVendor v :
         {HelpdeskVendor::Generic, HelpdeskVendor::Zendesk, HelpdeskVendor::Gorgias,
          HelpdeskVendor::Intercom, HelpdeskVendor::Freshdesk})
        QCOMPARE(helpdeskVendorFromString(toString(v)), std::optional(v));
}

QTEST_GUILESS_MAIN(TestHelpdeskConnectors)
#include "tst_helpdeskconnectors.moc"
