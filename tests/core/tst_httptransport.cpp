// QtHttpTransport over real loopback sockets against a ScriptedServer that answers byte for byte:
// what goes on the wire, when a kept-alive connection is reused and when it is not, and what each
// way a server can fail looks like to the engine. Above all: a request is never written twice by
// the transport, whatever the connection does.

#include "support/scriptedserver.h"
#include "transport/httptransport.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslSocket>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>
#include <atomic>
#include <future>

using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using ops::HttpRequest;
using ops::HttpResponse;
using ops::QtHttpTransport;
using ops::toString;
using ops::TransportError;
using ops::test::ReceivedRequest;
using ops::test::ScriptedReply;
using ops::test::ScriptedServer;
using Then = ScriptedReply::Then;

namespace {

HttpRequest get(quint16 port, const QString &pathAndQuery)
{
    HttpRequest r;
    r.url = QUrl(u"http://127.0.0.1:%1%2"_s.arg(port).arg(pathAndQuery));
    return r;
}

QByteArray keptAlive(const QByteArray &body)
{
    return ScriptedServer::response(200, "application/json", body, false);
}

// Serves `reply` over TLS to every connection, with a certificate made for 127.0.0.1.
class TlsServer
{
public:
    TlsServer(QSslCertificate certificate, QSslKey key, QByteArray reply)
    {
        std::promise<quint16> listening;
        auto port = listening.get_future();
        m_thread = std::thread([this, certificate, key, reply, &listening] {
            Listener server;
            server.listen(QHostAddress::LocalHost, 0);
            listening.set_value(server.serverPort());
            while (!m_stop.load()) {
                if (!server.waitForNewConnection(20) || server.descriptors.isEmpty())
                    continue;
                QSslSocket socket;
                socket.setSocketDescriptor(server.descriptors.takeFirst());
                socket.setLocalCertificate(certificate);
                socket.setPrivateKey(key);
                socket.startServerEncryption();
                if (!socket.waitForEncrypted(3000))
                    continue; // the client refused the certificate
                QByteArray request;
                while (!request.contains("\r\n\r\n") && socket.waitForReadyRead(3000))
                    request += socket.readAll();
                ++m_requests;
                socket.write(reply);
                while (socket.bytesToWrite() > 0 && socket.waitForBytesWritten(1000)) {
                }
                socket.disconnectFromHost();
            }
        });
        m_port = port.get();
    }
    ~TlsServer()
    {
        m_stop = true;
        m_thread.join();
    }
    quint16 port() const { return m_port; }
    int requests() const { return m_requests.load(); }

private:
    class Listener : public QTcpServer
    {
    public:
        QList<qintptr> descriptors;

    protected:
        void incomingConnection(qintptr descriptor) override { descriptors.append(descriptor); }
    };

    quint16 m_port = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<int> m_requests{0};
    std::thread m_thread;
};

} // namespace

class TestHttpTransport : public QObject
{
    Q_OBJECT

private slots:
    void keptAliveConnectionCarriesEveryRequest();
    void requestGoesOnTheWireAsGiven();
    void chunkedAnswerIsReassembled();
    void connectionCloseOpensANewOne();
    void idleConnectionClosedByTheServerIsNotWrittenTo();
    void closedWithoutAnswerIsAResetAndNotResent();
    void silenceIsATimeoutAndTheConnectionIsDropped();
    void bodyCutShortKeepsTheStatus();
    void oversizedAnswerIsMalformed();
    void garbageIsMalformed();
    void refusedConnectionSendsNothing();
    void httpsVerifiesTheCertificate();
};

void TestHttpTransport::keptAliveConnectionCarriesEveryRequest()
{
    int n = 0;
    ScriptedServer server([&n](const ReceivedRequest &) {
        return ScriptedReply{keptAlive("{\"n\":" + QByteArray::number(++n) + "}"), Then::KeepOpen};
    });
    QtHttpTransport transport;
    for (int i = 1; i <= 3; ++i) {
        const HttpResponse r = transport.send(get(server.port(), u"/v1/charges/ch_1"_s), 2s);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body, "{\"n\":" + QByteArray::number(i) + "}");
        QCOMPARE(r.header("content-type"), QByteArray("application/json"));
    }
    QCOMPARE(transport.connectionsOpened(), 1);
    QCOMPARE(server.connectionsAccepted(), 1);
    QCOMPARE(server.received().size(), 3);
}

void TestHttpTransport::requestGoesOnTheWireAsGiven()
{
    ScriptedServer server([](const ReceivedRequest &) {
        return ScriptedReply{keptAlive("{}"), Then::KeepOpen};
    });
    QtHttpTransport transport;
    HttpRequest post;
    post.method = "POST";
    post.url = QUrl(u"http://127.0.0.1:%1/v1/refunds?expand%5B%5D=charge"_s.arg(server.port()));
    post.headers = {{"Authorization", "Bearer sk_test_demo"},
                    {"Idempotency-Key", "5f0c6a1e-key"},
                    {"Content-Type", "application/x-www-form-urlencoded"}};
    post.body = "charge=ch_1&amount=1000&metadata%5Boperation_id%5D=op_1";
    QCOMPARE(transport.send(post, 2s).status, 200);
    HttpRequest emptyPost = post;
    emptyPost.body.clear();
    QCOMPARE(transport.send(emptyPost, 2s).status, 200);
    QCOMPARE(transport.send(get(server.port(), u"/v1/charges/ch_%C3%A9"_s), 2s).status, 200);

    const QList<ReceivedRequest> seen = server.received();
    QCOMPARE(seen.size(), 3);
    QCOMPARE(seen[0].method, QByteArray("POST"));
    QCOMPARE(seen[0].path, QByteArray("/v1/refunds?expand%5B%5D=charge"));
    QCOMPARE(seen[0].body, post.body);
    QCOMPARE(seen[0].headers.value("content-length"), QByteArray::number(post.body.size()));
    QCOMPARE(seen[0].headers.value("host"), "127.0.0.1:" + QByteArray::number(server.port()));
    QCOMPARE(seen[0].idempotencyKey, QByteArray("5f0c6a1e-key"));
    QCOMPARE(seen[0].headers.value("authorization"), QByteArray("Bearer sk_test_demo"));
    // Nothing asks for a compressed answer: the body is read as the bytes that came.
    QVERIFY(!seen[0].headers.contains("accept-encoding"));
    QCOMPARE(seen[1].headers.value("content-length"), QByteArray("0"));
    QCOMPARE(seen[2].path, QByteArray("/v1/charges/ch_%C3%A9"));
    QVERIFY(!seen[2].headers.contains("content-length"));
}

void TestHttpTransport::chunkedAnswerIsReassembled()
{
    ScriptedServer server([](const ReceivedRequest &) {
        return ScriptedReply{"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                             "7\r\n{\"id\":\"\r\n6\r\nre_1\"}\r\n0\r\n\r\n",
                             Then::KeepOpen};
    });
    QtHttpTransport transport;
    for (int i = 0; i < 2; ++i) {
        const HttpResponse r = transport.send(get(server.port(), u"/v1/refunds/re_1"_s), 2s);
        QCOMPARE(r.status, 200);
        QCOMPARE(r.body, QByteArray("{\"id\":\"re_1\"}"));
    }
    QCOMPARE(transport.connectionsOpened(), 1);
}

void TestHttpTransport::connectionCloseOpensANewOne()
{
    ScriptedServer server([](const ReceivedRequest &) {
        return ScriptedReply{ScriptedServer::response(200, "application/json", "{}")};
    });
    QtHttpTransport transport;
    QCOMPARE(transport.send(get(server.port(), u"/a"_s), 2s).status, 200);
    QCOMPARE(transport.send(get(server.port(), u"/b"_s), 2s).status, 200);
    QCOMPARE(transport.connectionsOpened(), 2);
    QCOMPARE(server.received().size(), 2);
}

// The server drops the kept-alive connection while it sits idle (a provider's keep-alive limit):
// the transport notices before writing and sends the next request on a new connection, once.
void TestHttpTransport::idleConnectionClosedByTheServerIsNotWrittenTo()
{
    ScriptedServer server([](const ReceivedRequest &) {
        ScriptedReply reply{keptAlive("{}"), Then::KeepOpen};
        reply.closeIdleAfterMs = 30;
        return reply;
    });
    QtHttpTransport transport;
    QCOMPARE(transport.send(get(server.port(), u"/a"_s), 2s).status, 200);
    // Sleep, not qWait: like a worker thread between calls, nothing processes the socket's events,
    // so only the transport's own look before writing can see the close.
    QThread::msleep(300);
    const HttpResponse second = transport.send(get(server.port(), u"/b"_s), 2s);
    QCOMPARE(second.status, 200);
    QCOMPARE(toString(second.error), toString(TransportError::None));
    QCOMPARE(transport.connectionsOpened(), 2);
    const QList<ReceivedRequest> seen = server.received();
    QCOMPARE(seen.size(), 2);
    QCOMPARE(seen[1].path, QByteArray("/b"));
    QCOMPARE(seen[1].connection, 2);
}

// The request arrived and the server closed without a word: the provider may have acted, so the
// transport reports a reset and does not send the request again by itself.
void TestHttpTransport::closedWithoutAnswerIsAResetAndNotResent()
{
    std::atomic<int> posts{0};
    ScriptedServer server([&posts](const ReceivedRequest &r) {
        if (r.method == "POST" && posts++ == 0)
            return ScriptedReply{}; // close, nothing written
        return ScriptedReply{keptAlive("{\"ok\":true}"), Then::KeepOpen};
    });
    QtHttpTransport transport;
    HttpRequest post = get(server.port(), u"/v1/refunds"_s);
    post.method = "POST";
    post.body = "amount=1";
    const HttpResponse r = transport.send(post, 2s);
    QCOMPARE(r.status, 0);
    QCOMPARE(toString(r.error), toString(TransportError::Reset));
    QCOMPARE(server.received().size(), 1);
    // The engine's next counted attempt goes out on a new connection.
    QCOMPARE(transport.send(post, 2s).status, 200);
    QCOMPARE(server.received().size(), 2);
    QCOMPARE(transport.connectionsOpened(), 2);
}

void TestHttpTransport::silenceIsATimeoutAndTheConnectionIsDropped()
{
    std::atomic<int> requests{0};
    ScriptedServer server([&requests](const ReceivedRequest &) {
        if (requests++ == 0)
            return ScriptedReply{{}, Then::Hang};
        return ScriptedReply{keptAlive("{}"), Then::KeepOpen};
    });
    QtHttpTransport transport;
    QElapsedTimer t;
    t.start();
    const HttpResponse r = transport.send(get(server.port(), u"/slow"_s), 300ms);
    QVERIFY2(t.elapsed() >= 290, qPrintable(QString::number(t.elapsed())));
    QCOMPARE(r.status, 0);
    QCOMPARE(toString(r.error), toString(TransportError::Timeout));
    QVERIFY(r.errorText.contains(u"300 ms"_s));
    // An answer to the abandoned request could still arrive on that connection: never reused.
    QCOMPARE(transport.send(get(server.port(), u"/next"_s), 2s).status, 200);
    QCOMPARE(transport.connectionsOpened(), 2);
}

// A head that arrived stands even when the body is cut short: the provider said 200.
void TestHttpTransport::bodyCutShortKeepsTheStatus()
{
    ScriptedServer server([](const ReceivedRequest &) {
        return ScriptedReply{"HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n{\"id\":\"re_1\""};
    });
    QtHttpTransport transport;
    const HttpResponse r = transport.send(get(server.port(), u"/v1/refunds"_s), 2s);
    QCOMPARE(r.status, 200);
    QCOMPARE(toString(r.error), toString(TransportError::None));
    QCOMPARE(r.body, QByteArray("{\"id\":\"re_1\""));
}

void TestHttpTransport::oversizedAnswerIsMalformed()
{
    const QByteArray length = QByteArray::number(QtHttpTransport::kMaxResponseBytes + 1);
    ScriptedServer server([&length](const ReceivedRequest &) {
        return ScriptedReply{"HTTP/1.1 200 OK\r\nContent-Length: " + length + "\r\n\r\n{",
                             Then::Hang};
    });
    QtHttpTransport transport;
    QElapsedTimer t;
    t.start();
    const HttpResponse r = transport.send(get(server.port(), u"/big"_s), 5s);
    QVERIFY2(t.elapsed() < 4000, "refused on its length, not after waiting for the body");
    QCOMPARE(r.status, 0);
    QCOMPARE(toString(r.error), toString(TransportError::Malformed));
    QVERIFY(r.errorText.contains(QString::number(QtHttpTransport::kMaxResponseBytes)));
}

void TestHttpTransport::garbageIsMalformed()
{
    ScriptedServer server([](const ReceivedRequest &) {
        return ScriptedReply{"SSH-2.0-OpenSSH_9.2\r\n\r\n", Then::KeepOpen};
    });
    QtHttpTransport transport;
    const HttpResponse r = transport.send(get(server.port(), u"/"_s), 2s);
    QCOMPARE(r.status, 0);
    QCOMPARE(toString(r.error), toString(TransportError::Malformed));
    QVERIFY(r.errorText.contains(u"SSH-2.0"_s));
}

void TestHttpTransport::refusedConnectionSendsNothing()
{
    quint16 port = 0;
    {
        QTcpServer closed;
        QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
        port = closed.serverPort();
    }
    QtHttpTransport transport;
    const HttpResponse r = transport.send(get(port, u"/v1/charges/ch_1"_s), 2s);
    QCOMPARE(r.status, 0);
    QCOMPARE(toString(r.error), toString(TransportError::ConnectionFailed));
    QCOMPARE(transport.connectionsOpened(), 0);
}

// https: the provider's certificate is checked against the trusted authorities and the host name;
// an untrusted one stops the exchange before any byte of the request is written.
void TestHttpTransport::httpsVerifiesTheCertificate()
{
    QVERIFY2(QSslSocket::supportsSsl(), "Qt has no TLS backend here");
    const QString openssl = QStandardPaths::findExecutable(u"openssl"_s);
    QVERIFY2(!openssl.isEmpty(), "openssl is missing (scripts/deps.sh installs it)");
    QTemporaryDir dir;
    QProcess make;
    make.setWorkingDirectory(dir.path());
    make.start(openssl, {u"req"_s, u"-x509"_s, u"-newkey"_s, u"ec"_s, u"-pkeyopt"_s,
                         u"ec_paramgen_curve:prime256v1"_s, u"-nodes"_s, u"-keyout"_s, u"key.pem"_s,
                         u"-out"_s, u"cert.pem"_s, u"-days"_s, u"2"_s, u"-subj"_s,
                         u"/CN=127.0.0.1"_s, u"-addext"_s, u"subjectAltName=IP:127.0.0.1"_s});
    QVERIFY(make.waitForFinished(30000));
    QCOMPARE(make.exitCode(), 0);
    const auto certificates = QSslCertificate::fromPath(dir.filePath(u"cert.pem"_s));
    QCOMPARE(certificates.size(), 1);
    QFile keyFile(dir.filePath(u"key.pem"_s));
    QVERIFY(keyFile.open(QIODevice::ReadOnly));
    const QSslKey key(&keyFile, QSsl::Ec);
    QVERIFY(!key.isNull());
    TlsServer server(certificates.first(), key,
                     ScriptedServer::response(200, "application/json", "{\"object\":\"list\"}"));
    HttpRequest r;
    r.url = QUrl(u"https://127.0.0.1:%1/v1/refunds?limit=1"_s.arg(server.port()));

    QtHttpTransport untrusting;
    const HttpResponse refused = untrusting.send(r, 5s);
    QCOMPARE(refused.status, 0);
    QCOMPARE(toString(refused.error), toString(TransportError::ConnectionFailed));
    QCOMPARE(server.requests(), 0);

    const QSslConfiguration before = QSslConfiguration::defaultConfiguration();
    QSslConfiguration trusting = before;
    trusting.addCaCertificate(certificates.first());
    QSslConfiguration::setDefaultConfiguration(trusting);
    QtHttpTransport transport;
    const HttpResponse answered = transport.send(r, 5s);
    QSslConfiguration::setDefaultConfiguration(before);
    QCOMPARE(toString(answered.error), toString(TransportError::None));
    QCOMPARE(answered.status, 200);
    QCOMPARE(answered.body, QByteArray("{\"object\":\"list\"}"));
    QCOMPARE(server.requests(), 1);
}

QTEST_GUILESS_MAIN(TestHttpTransport)
#include "tst_httptransport.moc"
