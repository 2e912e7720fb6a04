// Store throughput: open-or-get, count-attempt (beginAttempt), close, each in its own
// committed write transaction on a synchronous=FULL SQLite file.

#include "bench/benchmarks.h"
#include "domain/clock.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <vector>

using namespace Qt::StringLiterals;

namespace ops::bench {

namespace {

NewOperation newRefund(int i)
{
    NewOperation op;
    op.id = u"op_%1"_s.arg(i, 32, 16, QChar(u'0'));
    op.kind = OperationKind::Refund;
    op.provider = Provider::Stripe;
    op.project = u"bench"_s;
    op.orderId = u"order-%1"_s.arg(i);
    op.chargeId = u"ch_bench_%1"_s.arg(i);
    op.unitOfWork = op.orderId + u"|1000|usd"_s;
    op.amount = Money{1000, u"usd"_s};
    op.idempotencyKey = u"bench-key-%1"_s.arg(i);
    op.request = {"POST", u"/v1/refunds"_s, "charge=" + op.chargeId.toUtf8() + "&amount=1000",
                  "application/x-www-form-urlencoded"};
    op.createdBy = u"agent:bench"_s;
    return op;
}

double perSecond(int n, const QElapsedTimer &t)
{
    return t.nsecsElapsed() > 0 ? n * 1e9 / double(t.nsecsElapsed()) : 0;
}

} // namespace

StoreFigures benchStore(int operations, const QString &location)
{
    QTemporaryDir dir;
    SystemClock clock;
    Session session(location.isEmpty() ? dir.filePath(u"bench.sqlite"_s) : location, clock);
    OperationStore &store = session.store();
    StoreFigures f;
    f.operations = operations;
    std::vector<QString> ids;
    QElapsedTimer t;
    t.start();
    for (int i = 0; i < operations; ++i)
        ids.push_back(store.openOrGet(newRefund(i)).operation.id);
    f.openOrGetPerSecond = perSecond(operations, t);
    t.restart();
    for (const QString &id : ids)
        store.beginAttempt(id, u"agent:bench"_s);
    f.countAttemptPerSecond = perSecond(operations, t);
    t.restart();
    for (const QString &id : ids)
        store.closeSucceeded(id, u"re_"_s + id, u"succeeded"_s, u"agent:bench"_s, u"bench"_s);
    f.closePerSecond = perSecond(operations, t);
    return f;
}

} // namespace ops::bench
