// The reconciler's pass over many unknown refund rows against provider-sim (issue 14,
// "Figures"): rows on `rowsPerCharge`-row charges, every other row with its refund at the
// provider (closed succeeded) and the rest without (a proposal each). What the pass costs is
// counted twice: the pass's own PassReport and provider-sim's request log. The floor, measured
// in the same run: the durable commits the pass made per row at the one-row commit rate, plus
// its list reads at the rate one list read takes here.

#include "bench/benchmarks.h"
#include "chaos/httpjson.h"
#include "chaos/simchild.h"
#include "domain/clock.h"
#include "reconcile/reconciler.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/writescope.h"
#include "storage/session.h"
#include "stripe/stripeclient.h"
#include "transport/httptransport.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QUrl>
#include <nlohmann/json.hpp>
#include <stdexcept>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::bench {

namespace {

constexpr qint64 kAmount = 1000;

QString chargeOf(int row, int rowsPerCharge)
{
    return u"ch_rec_%1"_s.arg(row / rowsPerCharge);
}

json seedFor(int charges, int rowsPerCharge)
{
    json list = json::array();
    for (int i = 0; i < charges; ++i)
        list.push_back({{"id", "ch_rec_" + std::to_string(i)},
                        {"amount", kAmount * rowsPerCharge},
                        {"currency", "usd"}});
    return {{"api_keys", json::array({{{"key", "sk_test_demo"}, {"project", "demo"}}})},
            {"charges", list}};
}

NewOperation unknownRefund(int i, int rowsPerCharge)
{
    NewOperation op;
    op.id = u"op_rec_%1"_s.arg(i, 8, 10, QChar(u'0'));
    op.kind = OperationKind::Refund;
    op.provider = Provider::Stripe;
    op.project = u"demo"_s;
    op.orderId = u"order-%1"_s.arg(i);
    op.chargeId = chargeOf(i, rowsPerCharge);
    op.unitOfWork = op.orderId + u"|1000|usd"_s;
    op.amount = Money{kAmount, u"usd"_s};
    op.idempotencyKey = u"bench-rec-%1"_s.arg(i);
    op.request = {"POST", u"/v1/refunds"_s,
                  "charge=" + op.chargeId.toUtf8() +
                      "&amount=1000&metadata%5Boperation_id%5D=" + op.id.toUtf8(),
                  "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:bench"_s;
    return op;
}

// The rows, left unknown, in batches of one transaction each; every even row's refund is made
// at the provider with the row's own key and bytes (its money moved, the answer was lost).
void makeRows(OperationStore &store, StripeClient &client, int rows, int rowsPerCharge)
{
    constexpr int kBatch = 1000;
    for (int start = 0; start < rows; start += kBatch) {
        WriteScope tx(store);
        for (int i = start; i < qMin(rows, start + kBatch); ++i) {
            const NewOperation op = unknownRefund(i, rowsPerCharge);
            store.openOrGet(op);
            store.markUnknown(op.id, u"bench: answer lost"_s, u"system:sweeper"_s);
        }
        tx.commit();
    }
    for (int i = 0; i < rows; i += 2) {
        const NewOperation op = unknownRefund(i, rowsPerCharge);
        if (!client.send(op.request, op.idempotencyKey).ok())
            throw std::runtime_error("provider-sim refused a bench refund");
    }
}

double listReadMs(StripeClient &client, int charges, int reads)
{
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < reads; ++i)
        client.listRefunds(u"ch_rec_%1"_s.arg(i % charges), 100);
    return double(t.nsecsElapsed()) / 1e6 / reads;
}

} // namespace

ReconcileFigures benchReconcile(const QString &simPath, int rows, int rowsPerCharge)
{
    ReconcileFigures f;
    f.rows = rows;
    f.charges = (rows + rowsPerCharge - 1) / rowsPerCharge;
    f.commitFloorPerSecond = benchCommitFloor(1000);
    chaos::SimChild sim(simPath, 1);
    chaos::adminCall(sim.port(), "POST", "/_sim/seed", seedFor(f.charges, rowsPerCharge));
    QTemporaryDir dir;
    SystemClock clock;
    QtHttpTransport transport;
    StripeClient client(transport, {QUrl(u"http://127.0.0.1:%1"_s.arg(sim.port())),
                                    u"sk_test_demo"_s, std::chrono::milliseconds(10000)});
    {
        Session session(dir.filePath(u"reconcile.sqlite"_s), clock);
        OperationStore &store = session.store();
        makeRows(store, client, rows, rowsPerCharge);
        f.listReadMs = listReadMs(client, f.charges, 200);
        chaos::adminCall(sim.port(), "DELETE", "/_sim/requests");
        const qint64 commitsBefore = WriteScope::durableCommits(store);
        Reconciler reconciler(session, &client, nullptr);
        QElapsedTimer t;
        t.start();
        const PassReport pass = reconciler.pass(true);
        f.seconds = double(t.nsecsElapsed()) / 1e9;
        f.commitsPerRow = double(WriteScope::durableCommits(store) - commitsBefore) / qMax(1, rows);
        f.passRequests = pass.providerRequests;
        f.chargesRead = pass.chargesRead;
        f.closed = pass.count(u"closed_succeeded"_s);
        f.proposals = pass.count(u"proposal"_s);
        f.simRequests =
            int(chaos::adminCall(sim.port(), "GET", "/_sim/requests")["requests"].size());
    }
    f.rowsPerSecond = f.seconds > 0 ? rows / f.seconds : 0;
    return f;
}

double ReconcileFigures::floorRowsPerSecond() const
{
    const double perRow = commitsPerRow / commitFloorPerSecond +
                          double(simRequests) / qMax(1, rows) * listReadMs / 1000.0;
    return perRow > 0 ? 1.0 / perRow : 0;
}

void printReconcile(const ReconcileFigures &f, QTextStream &out)
{
    out << "reconciler pass (SQLite synchronous=FULL, provider-sim): " << f.rows
        << " unknown refunds on " << f.charges << " charges in " << f.seconds
        << " s = " << qRound(f.rowsPerSecond) << " rows/s; " << f.closed << " closed, "
        << f.proposals << " proposals\n"
        << "  provider requests: " << f.simRequests << " in provider-sim's log, " << f.passRequests
        << " by the pass's count, " << f.chargesRead
        << " charges read = " << QString::number(double(f.simRequests) / qMax(1, f.rows), 'f', 4)
        << " requests per row\n"
        << "  floor (same run): " << f.commitsPerRow << " durable commits per row at "
        << qRound(f.commitFloorPerSecond) << " commits/s + its list reads at "
        << QString::number(f.listReadMs, 'f', 2) << " ms each = " << qRound(f.floorRowsPerSecond())
        << " rows/s ("
        << (f.floorRowsPerSecond() > 0 ? qRound(100 * f.rowsPerSecond / f.floorRowsPerSecond()) : 0)
        << " % of it)" << Qt::endl;
}

} // namespace ops::bench
