// Verified webhook ingest: a real `opsctl webhook serve` child on a fresh synchronous=FULL SQLite
// file, `connections` clients on keep-alive loopback connections each posting signed refund
// events one after another (each waits for its answer, which the receiver writes only after the
// event's commit). Also measured in the same run: the durable-commit floor, sequential
// one-row write transactions on a file of the same kind, i.e. what one commit per event allows.

#include "bench/benchmarks.h"
#include "storage/db/commitfloor.h"
#include "webhook/webhooksignature.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

using namespace Qt::StringLiterals;

namespace ops::bench {

namespace {

const QByteArray kSecret = "whsec_bench";

QByteArray eventBody(int n)
{
    return u"{\n  \"id\": \"evt_bench_%1\",\n  \"object\": \"event\",\n  \"type\": "
           "\"refund.updated\",\n  \"created\": %2,\n  \"livemode\": false,\n  \"data\": {\n"
           "    \"object\": {\"id\": \"re_bench_%1\", \"object\": \"refund\", \"amount\": 1000, "
           "\"currency\": \"usd\", \"status\": \"succeeded\", \"metadata\": {}}\n  },\n"
           "  \"request\": {\"id\": null, \"idempotency_key\": null}\n}"_s.arg(n)
               .arg(QDateTime::currentSecsSinceEpoch())
               .toUtf8();
}

// One POST on a keep-alive connection; the status, or 0 when no complete answer came.
int post(QTcpSocket &socket, const QByteArray &body)
{
    const qint64 t = QDateTime::currentSecsSinceEpoch();
    socket.write("POST /webhooks/stripe HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                 "application/json\r\nStripe-Signature: t=" +
                 QByteArray::number(t) + ",v1=" + signatureFor(kSecret, t, body) +
                 "\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n\r\n" + body);
    QByteArray in;
    for (;;) {
        const qsizetype end = in.indexOf("\r\n\r\n");
        if (end >= 0) {
            const QByteArray head = in.left(end).toLower();
            const qsizetype cl = head.indexOf("content-length:");
            const int length =
                cl < 0 ? 0 : head.mid(cl + 15, head.indexOf('\r', cl) - cl - 15).trimmed().toInt();
            if (in.size() >= end + 4 + length)
                return in.mid(9, 3).toInt();
        }
        if (!socket.waitForReadyRead(30000))
            return 0;
        in += socket.readAll();
    }
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
}

} // namespace

WebhookFigures benchWebhook(const QString &opsctlPath, int events, int connections)
{
    QTemporaryDir dir;
    WebhookFigures f;
    f.events = events;
    f.connections = connections;
    f.commitFloorPerSecond = commitFloorPerSecond(dir.filePath(u"floor.sqlite"_s), 300);

    QProcess serve;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(u"OPS_DB"_s, dir.filePath(u"ops.sqlite"_s));
    env.insert(u"OPS_STRIPE_WEBHOOK_SECRET"_s, QString::fromLatin1(kSecret));
    env.insert(u"OPS_STRIPE_KEY"_s, u"sk_test_bench"_s);
    env.insert(u"QT_LOGGING_RULES"_s, u"ops.webhook.info=false"_s);
    serve.setProcessEnvironment(env);
    serve.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    serve.start(opsctlPath, {u"webhook"_s, u"serve"_s, u"--listen"_s, u"127.0.0.1:0"_s});
    if (!serve.waitForReadyRead(20000))
        throw std::runtime_error("opsctl webhook serve did not start");
    const QString line = QString::fromUtf8(serve.readLine()).trimmed();
    const quint16 port = quint16(line.section(u':', -1).toUInt());

    std::vector<std::vector<double>> latencies(static_cast<std::size_t>(connections));
    std::atomic<int> next{0};
    std::atomic<int> ok{0};
    QElapsedTimer wall;
    wall.start();
    std::vector<std::thread> clients;
    for (int c = 0; c < connections; ++c) {
        clients.emplace_back([&, c] {
            QTcpSocket socket;
            socket.connectToHost(u"127.0.0.1"_s, port);
            if (!socket.waitForConnected(10000))
                return;
            for (int n = next++; n < events; n = next++) {
                const QByteArray body = eventBody(n);
                QElapsedTimer t;
                t.start();
                if (post(socket, body) == 200)
                    ++ok;
                latencies[std::size_t(c)].push_back(double(t.nsecsElapsed()) / 1e6);
            }
        });
    }
    for (std::thread &t : clients)
        t.join();
    const double seconds = double(wall.nsecsElapsed()) / 1e9;
    serve.terminate();
    serve.waitForFinished(10000);

    std::vector<double> all;
    for (const auto &l : latencies)
        all.insert(all.end(), l.begin(), l.end());
    f.accepted = ok;
    f.seconds = seconds;
    f.eventsPerSecond = seconds > 0 ? ok / seconds : 0;
    f.p50Ms = percentile(all, 0.50);
    f.p99Ms = percentile(all, 0.99);
    return f;
}

} // namespace ops::bench
