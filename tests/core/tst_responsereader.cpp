// ResponseReader, data-driven: what a byte stream from a provider means as one HTTP/1.1
// response. Every case is read three ways (all at once, one byte at a time, and split in two at
// every position) and must come out the same: a socket delivers bytes in any pieces.

#include "transport/responsereader.h"

#include <QTest>

using namespace Qt::StringLiterals;
using ops::ResponseReader;

namespace {

using State = ResponseReader::State;
using Failure = ResponseReader::Failure;

struct Outcome
{
    State state = State::Head;
    Failure failure = Failure::None;
    int status = 0;
    QByteArray body;
    bool reusable = false;
    bool trailing = false;

    bool operator==(const Outcome &) const = default;
};

constexpr qsizetype kMaxBody = 64;

Outcome read(const QList<QByteArrayView> &pieces, bool eof, bool bodyless)
{
    ResponseReader reader(kMaxBody, bodyless);
    for (const QByteArrayView piece : pieces)
        reader.feed(piece);
    if (eof)
        reader.endOfStream();
    return {reader.state(), reader.failure(),  reader.status(),
            reader.body(),  reader.reusable(), reader.hasTrailingBytes()};
}

const char *name(State s)
{
    switch (s) {
    case State::Head:
        return "Head";
    case State::Body:
        return "Body";
    case State::Complete:
        return "Complete";
    case State::Failed:
        return "Failed";
    }
    return "?";
}

} // namespace

class TestResponseReader : public QObject
{
    Q_OBJECT

private slots:
    void reads_data();
    void reads();
    void fieldsAreLowerCaseAndJoined();
    void headLargerThanLimitFails();
    void chunkLineWithoutEndFails();
};

void TestResponseReader::reads_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<bool>("eof");      // the server closes after the bytes
    QTest::addColumn<bool>("bodyless"); // the request was HEAD
    QTest::addColumn<int>("state");
    QTest::addColumn<int>("failure");
    QTest::addColumn<int>("status");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<bool>("reusable");

    const auto ok = [](const char *tag, const QByteArray &bytes, bool eof, int status,
                       const QByteArray &body, bool reusable, bool bodyless = false) {
        QTest::addRow("%s", tag) << bytes << eof << bodyless << int(State::Complete)
                                 << int(Failure::None) << status << body << reusable;
    };
    const auto bad = [](const char *tag, const QByteArray &bytes, Failure failure) {
        QTest::addRow("%s", tag) << bytes << false << false << int(State::Failed) << int(failure)
                                 << 0 << QByteArray() << false;
    };

    ok("content-length", "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", false, 200, "hello",
       true);
    ok("empty body", "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", false, 200, "", true);
    ok("repeated equal lengths",
       "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nhi", false, 200, "hi",
       true);
    ok("chunked",
       "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"
       "6;name=x\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n",
       false, 200, "hello world", true);
    ok("chunked wins over length",
       "HTTP/1.1 200 OK\r\nContent-Length: 99\r\nTransfer-Encoding: "
       "chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n",
       false, 200, "ab", true);
    ok("bare line feeds", "HTTP/1.1 404 Not Found\nContent-Length: 3\n\nnop", false, 404, "nop",
       true);
    ok("no reason phrase", "HTTP/1.1 500\r\nContent-Length: 1\r\n\r\nx", false, 500, "x", true);
    ok("until close", "HTTP/1.1 200 OK\r\n\r\n{\"a\":1}", true, 200, "{\"a\":1}", false);
    ok("connection close",
       "HTTP/1.1 200 OK\r\nConnection: keep-alive, Close\r\nContent-Length: 1\r\n\r\nx", false, 200,
       "x", false);
    ok("http/1.0", "HTTP/1.0 200 OK\r\nContent-Length: 1\r\n\r\nx", false, 200, "x", false);
    ok("interim responses skipped",
       "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n"
       "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok",
       false, 201, "ok", true);
    ok("204 has no body", "HTTP/1.1 204 No Content\r\n\r\n", false, 204, "", true);
    ok("304 has no body", "HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n", false, 304, "",
       true);
    ok("head request", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", false, 200, "", true, true);
    ok("gzip transfer coding runs to the close",
       "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\nzz", true, 200, "zz", false);

    bad("garbage", "\x01\x02 NOT HTTP \xff\r\n\r\n", Failure::Malformed);
    bad("http/2 status line", "HTTP/2 200\r\n\r\n", Failure::Malformed);
    bad("status letters", "HTTP/1.1 2x0 OK\r\n\r\n", Failure::Malformed);
    bad("status too small", "HTTP/1.1 099 X\r\n\r\n", Failure::Malformed);
    bad("status too large", "HTTP/1.1 600 X\r\n\r\n", Failure::Malformed);
    bad("switching protocols", "HTTP/1.1 101 Switching\r\n\r\n", Failure::Malformed);
    bad("no space after code", "HTTP/1.1 200OK\r\n\r\n", Failure::Malformed);
    bad("folded field", "HTTP/1.1 200 OK\r\nX-A: 1\r\n  continued\r\n\r\n", Failure::Malformed);
    bad("space before colon", "HTTP/1.1 200 OK\r\nContent-Length : 1\r\n\r\nx", Failure::Malformed);
    bad("field without colon", "HTTP/1.1 200 OK\r\nNoColon\r\n\r\n", Failure::Malformed);
    bad("length letters", "HTTP/1.1 200 OK\r\nContent-Length: 1a\r\n\r\nx", Failure::Malformed);
    bad("length negative", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", Failure::Malformed);
    bad("lengths disagree", "HTTP/1.1 200 OK\r\nContent-Length: 1, 2\r\n\r\nxy",
        Failure::Malformed);
    bad("length over limit", "HTTP/1.1 200 OK\r\nContent-Length: 65\r\n\r\n", Failure::TooLarge);
    bad("length overflows", "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
        Failure::Malformed);
    bad("chunk size not hex", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        Failure::Malformed);
    bad("chunk size 0x", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0x5\r\nhello\r\n",
        Failure::Malformed);
    bad("chunk size signed", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n-5\r\n",
        Failure::Malformed);
    bad("chunk longer than its size",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n", Failure::Malformed);
    bad("chunks over limit",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n40\r\n" + QByteArray(64, 'a') +
            "\r\n1\r\nb\r\n",
        Failure::TooLarge);

    // Cut short by the close: the state says how far it got; the head stays known.
    QTest::addRow("closed in the head")
        << QByteArray("HTTP/1.1 200 OK\r\nContent-Ty") << true << false << int(State::Head)
        << int(Failure::None) << 0 << QByteArray() << false;
    QTest::addRow("closed in the body")
        << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\n{\"id\":\"re_1\"") << true
        << false << int(State::Body) << int(Failure::None) << 200 << QByteArray("{\"id\":\"re_1\"")
        << false;
    QTest::addRow("closed between chunks")
        << QByteArray("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n") << true
        << false << int(State::Body) << int(Failure::None) << 200 << QByteArray("ab") << false;
    QTest::addRow("nothing at all") << QByteArray() << true << false << int(State::Head)
                                    << int(Failure::None) << 0 << QByteArray() << false;
    // Bytes after a complete response: something nobody asked for; the connection is not reused.
    QTest::addRow("bytes after the response")
        << QByteArray("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nxHTTP/1.1 200 OK\r\n") << false
        << false << int(State::Complete) << int(Failure::None) << 200 << QByteArray("x") << false;
}

void TestResponseReader::reads()
{
    QFETCH(QByteArray, bytes);
    QFETCH(bool, eof);
    QFETCH(bool, bodyless);
    QFETCH(int, state);
    QFETCH(int, failure);
    QFETCH(int, status);
    QFETCH(QByteArray, body);
    QFETCH(bool, reusable);

    const Outcome whole = read({bytes}, eof, bodyless);
    QVERIFY2(whole.state == State(state), name(whole.state));
    QCOMPARE(int(whole.failure), failure);
    if (whole.state != State::Failed) {
        QCOMPARE(whole.status, status);
        QCOMPARE(whole.body, body);
    }
    QCOMPARE(whole.reusable, reusable);

    QList<QByteArrayView> bytewise;
    for (qsizetype i = 0; i < bytes.size(); ++i)
        bytewise.append(QByteArrayView(bytes).sliced(i, 1));
    QVERIFY(read(bytewise, eof, bodyless) == whole);
    for (qsizetype cut = 0; cut <= bytes.size(); ++cut) {
        const QByteArrayView all(bytes);
        const Outcome split = read({all.first(cut), all.sliced(cut)}, eof, bodyless);
        QVERIFY2(split == whole, qPrintable(u"differs when split at %1"_s.arg(cut)));
    }
}

void TestResponseReader::fieldsAreLowerCaseAndJoined()
{
    ResponseReader reader(kMaxBody);
    reader.feed("HTTP/1.1 200 OK\r\nIdempotent-Replayed:  true \r\nX-Many: a\r\nx-many: b\r\n"
                "Request-Id:\treq_1\r\nContent-Length: 0\r\n\r\n");
    QCOMPARE(reader.state(), State::Complete);
    QCOMPARE(reader.header("idempotent-replayed"), QByteArray("true"));
    QCOMPARE(reader.header("x-many"), QByteArray("a, b"));
    QCOMPARE(reader.header("request-id"), QByteArray("req_1"));
    QVERIFY(!reader.headers().contains("Request-Id"));
}

// A head that never ends cannot make the reader hold more than its limit.
void TestResponseReader::headLargerThanLimitFails()
{
    ResponseReader reader(kMaxBody);
    reader.feed("HTTP/1.1 200 OK\r\n");
    const QByteArray field = "X-Pad: " + QByteArray(1000, 'p') + "\r\n";
    for (int i = 0; i < 100 && reader.state() == State::Head; ++i)
        reader.feed(field);
    QCOMPARE(reader.state(), State::Failed);
    QCOMPARE(reader.failure(), Failure::TooLarge);

    ResponseReader noNewline(kMaxBody);
    const QByteArray unended =
        "HTTP/1.1 200 OK\r\nX-Pad: " + QByteArray(ResponseReader::kMaxHeadBytes, 'p');
    noNewline.feed(unended);
    QCOMPARE(noNewline.state(), State::Failed);
}

void TestResponseReader::chunkLineWithoutEndFails()
{
    ResponseReader reader(kMaxBody);
    reader.feed("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1;ext=");
    QCOMPARE(reader.state(), State::Body);
    reader.feed(QByteArray(ResponseReader::kMaxHeadBytes + 1, 'e'));
    QCOMPARE(reader.state(), State::Failed);
    QCOMPARE(reader.failure(), Failure::Malformed);
}

QTEST_GUILESS_MAIN(TestResponseReader)
#include "tst_responsereader.moc"
