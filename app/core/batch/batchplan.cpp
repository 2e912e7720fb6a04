#include "batch/batchplan.h"

#include "config/engineenv.h"
#include "config/refundconnections.h"
#include "storage/access/accessstore.h"
#include "storage/session.h"

#include <QCryptographicHash>
#include <QFile>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

bool hasRowsFor(const BatchFile &file, Provider provider)
{
    return std::any_of(file.rows.begin(), file.rows.end(), [&](const BatchRow &r) {
        return r.input.toAdyen() == (provider == Provider::Adyen);
    });
}

BatchCheckOptions checkOptions(const RefundConnections *stripe, const RefundConnections *adyen,
                               const ConnectionsMaker &connections, std::function<bool()> stopAsked)
{
    BatchCheckOptions options;
    options.stopAsked = std::move(stopAsked);
    if (stripe && stripe->ok())
        options.stripeProject = stripe->engine().project;
    if (adyen && adyen->ok() && adyen->clients().adyen)
        options.adyenProject = adyen->clients().adyen->config().merchantAccount;
    options.stripeReader = [connections] {
        return connections(Provider::Stripe);
    };
    return options;
}

} // namespace

Result<QByteArray> readBatchBytes(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Failure{u"cannot read %1: %2"_s.arg(path, f.errorString())};
    if (f.size() > kMaxBatchFileBytes)
        return Failure{
            u"%1 has %2 bytes; a batch file has at most %3"_s.arg(path).arg(f.size()).arg(
                kMaxBatchFileBytes)};
    return f.readAll();
}

QMap<QString, qint64> PreparedBatch::totals() const
{
    QMap<QString, qint64> sums;
    for (const BatchRow &r : file.rows)
        sums[r.input.currency] += r.input.amountMinor;
    return sums;
}

PreparedBatch prepareBatch(const QByteArray &bytes, const QString &name,
                           const std::function<Session &()> &session,
                           const ConnectionsMaker &connections, std::function<bool()> stopAsked)
{
    PreparedBatch p;
    p.fileSha256 =
        QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
    p.file = readBatchFile(bytes, name);
    if (p.file.rows.empty())
        return p; // nothing to check beyond the file
    p.stripeRows = hasRowsFor(p.file, Provider::Stripe);
    p.adyenRows = hasRowsFor(p.file, Provider::Adyen);
    const auto stripe = p.stripeRows ? connections(Provider::Stripe) : nullptr;
    const auto adyen = p.adyenRows ? connections(Provider::Adyen) : nullptr;
    p.standing =
        checkBatch(session(), p.file,
                   checkOptions(stripe.get(), adyen.get(), connections, std::move(stopAsked)));
    for (const RefundConnections *conn : {stripe.get(), adyen.get()}) {
        if (conn && !conn->ok())
            p.file.problems.push_back({0, conn->problem()});
    }
    p.file.problems.insert(p.file.problems.end(), p.standing.problems.begin(),
                           p.standing.problems.end());
    std::stable_sort(p.file.problems.begin(), p.file.problems.end(),
                     [](const BatchProblem &a, const BatchProblem &b) { return a.line < b.line; });
    return p;
}

Result<void> mayRunBatch(Session &session, const QString &actor)
{
    if (const auto may = session.access().accessOf(actor).maySendMoney(); !may)
        return Failure{may.error() + u": a batch sends refunds; nothing was stored or sent"_s};
    return {};
}

std::optional<BatchWait> batchApprovalWait(AccessStore &access, const QString &actor,
                                           const PreparedBatch &batch)
{
    const QMap<QString, qint64> totals = batch.totals();
    std::vector<BatchAbove> above;
    for (auto it = totals.begin(); it != totals.end(); ++it) {
        const auto threshold = access.approvalThreshold(it.key(), ThresholdKind::Batch);
        if (threshold && it.value() > *threshold)
            above.push_back({it.key(), it.value(), *threshold});
    }
    if (above.empty())
        return std::nullopt;
    const auto live = access.liveBatchApproval(batch.file.name, batch.fileSha256);
    if (live && live->state == ApprovalState::Approved)
        return std::nullopt;
    BatchWait wait;
    wait.above = std::move(above);
    wait.approval = live ? *live
                         : access.askBatchApproval(actor, batch.file.name, batch.fileSha256, totals,
                                                   batch.file.lines);
    return wait;
}

Result<double> batchRateFromEnvironment()
{
    const auto rate = envInteger("OPS_BATCH_RATE", 25);
    if (!rate || *rate < 1 || *rate > 1000)
        return Failure{u"OPS_BATCH_RATE must be 1 to 1000 requests a second"_s};
    return double(*rate);
}

int batchWorkersFor(double rate)
{
    return std::clamp(int(std::ceil(rate / 10)), 1, 16);
}

std::function<BatchWorker()> batchWorkerMaker(SessionMaker sessions, ConnectionsMaker connections,
                                              const PreparedBatch &batch)
{
    return [sessions = std::move(sessions), connections = std::move(connections),
            stripe = batch.stripeRows, adyen = batch.adyenRows] {
        BatchWorker w;
        w.session = sessions();
        if (stripe)
            w.stripe = connections(Provider::Stripe);
        if (adyen)
            w.adyen = connections(Provider::Adyen);
        return w;
    };
}

BatchEnding batchEnding(const BatchFile &file, const BatchRunEnd &end)
{
    BatchEnding ending;
    ending.failure = end.failure;
    ending.refused = end.refused;
    for (size_t i = 0; i < file.rows.size(); ++i) {
        if (!end.outcomes[i] && !ending.firstNotRun)
            ending.firstNotRun = file.rows[i].line;
        ending.outcomes.push_back(end.outcomes[i].value_or(notRun(file.rows[i])));
    }
    return ending;
}

} // namespace ops
