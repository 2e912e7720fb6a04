#include "batch/batchcheck.h"

#include "config/refundconnections.h"
#include "domain/money.h"
#include "engine/adyenrefundengine.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

#include <QHash>
#include <QSet>
#include <atomic>
#include <functional>
#include <thread>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// What the provider said about one charge: its figures, or why the rows on it cannot run.
struct ChargeRead
{
    StripeCharge charge;
    QString problem;
};

// A Stripe row's look-up: a charge in a currency, or a payment intent to resolve first.
struct Lookup
{
    QString chargeId;
    QString paymentIntentId;
    QString currency;

    QString key() const { return chargeId + u'|' + paymentIntentId + u'|' + currency; }
};

ChargeRead readOne(RefundConnections *connections, const Lookup &lookup)
{
    if (!connections || !connections->clients().stripe)
        return {{}, connections ? connections->problem() : u"Stripe is not configured"_s};
    StripeClient &client = *connections->clients().stripe;
    RefundInput in;
    in.chargeId = lookup.chargeId;
    in.paymentIntentId = lookup.paymentIntentId;
    in.currency = lookup.currency;
    if (!in.paymentIntentId.isEmpty()) {
        const auto resolved = resolvePaymentIntent(client, in);
        if (const auto *refused = std::get_if<ToolResult>(&resolved))
            return {{}, refused->errorMessage};
        in.chargeId = std::get<QString>(resolved);
    }
    const auto read = readCharge(client, in);
    if (const auto *refused = std::get_if<ToolResult>(&read))
        return {{}, refused->errorMessage};
    return {std::get<StripeCharge>(read), {}};
}

// Each look-up once, `threads` side by side, each thread with connections of its own (a
// transport's socket belongs to the thread that opened it).
QHash<QString, ChargeRead> readAll(const std::vector<Lookup> &lookups,
                                   const BatchCheckOptions &options)
{
    std::vector<ChargeRead> reads(lookups.size());
    std::atomic<size_t> next{0};
    const auto work = [&] {
        const auto connections = options.stripeReader ? options.stripeReader() : nullptr;
        for (size_t i = next++; i < lookups.size(); i = next++) {
            if (options.stopAsked && options.stopAsked()) {
                reads[i] = {{}, u"the check was stopped"_s};
                continue;
            }
            try {
                reads[i] = readOne(connections.get(), lookups[i]);
            } catch (const std::exception &e) { // a thread must not end the process
                reads[i] = {{}, QString::fromUtf8(e.what())};
            }
        }
    };
    const size_t threads = std::min<size_t>(std::max(options.readers, 1), lookups.size());
    std::vector<std::thread> pool;
    for (size_t t = 0; t < threads; ++t)
        pool.emplace_back(work);
    for (std::thread &t : pool)
        t.join();
    QHash<QString, ChargeRead> byKey;
    for (size_t i = 0; i < lookups.size(); ++i)
        byKey.insert(lookups[i].key(), reads[i]);
    return byKey;
}

Lookup lookupOf(const BatchRow &row)
{
    return {row.input.chargeId, row.input.paymentIntentId, row.input.currency};
}

// Rule 9 down the file, as the refund decides it when the row opens: a Stripe charge's room is
// what the provider has not refunded less our live refunds on it; an Adyen payment's is its
// stored amount (adyenPaymentAmount) less every refund of it we made; each less the file's
// earlier rows on it.
class Balances
{
public:
    explicit Balances(Session &session)
        : m_session(session)
    {}

    Result<void> take(const BatchRow &row, const StripeCharge &charge)
    {
        return take(row, u"charge"_s, u"stripe|"_s + charge.id, charge.id, [&] {
            return std::optional<qint64>(
                charge.amount - charge.amountRefunded -
                m_session.store().liveRefundTotal(Provider::Stripe, charge.id));
        });
    }
    // Nothing to say when Adyen's notifications of the payment were never stored: the row's
    // opening notes that its balance was not checked, as opsctl refund's does.
    Result<void> takeAdyen(const BatchRow &row)
    {
        const QString &payment = row.input.adyenPaymentId;
        return take(row, u"payment"_s, u"adyen|"_s + payment, payment, [&] {
            const auto paid = adyenPaymentAmount(m_session, payment, row.input.currency);
            const QDateTime always = QDateTime::fromMSecsSinceEpoch(0, Qt::UTC);
            return paid ? std::optional<qint64>(*paid - m_session.store().liveRefundTotal(
                                                            Provider::Adyen, payment, always))
                        : std::nullopt;
        });
    }

private:
    // `key` names the balance across providers; `id` is how the person knows it. The room is
    // read once per key (nullopt: not known, and not checked), then the file's rows take from it.
    Result<void> take(const BatchRow &row, const QString &what, const QString &key,
                      const QString &id, const std::function<std::optional<qint64>()> &roomAtStart)
    {
        auto it = m_room.find(key);
        if (it == m_room.end())
            it = m_room.insert(key, roomAtStart());
        if (!*it)
            return {};
        const qint64 room = std::max<qint64>(**it, 0);
        if (row.input.amountMinor > room)
            return Failure{u"%1 is more than the %2 left to refund on %3 %4%5"_s.arg(
                formatMoney({row.input.amountMinor, row.input.currency}),
                formatMoney({room, row.input.currency}), what, id,
                m_used.contains(key) ? u" after the file's earlier rows"_s : QString())};
        **it -= row.input.amountMinor;
        m_used.insert(key);
        return {};
    }

    Session &m_session;
    QHash<QString, std::optional<qint64>> m_room;
    QSet<QString> m_used;
};

} // namespace

int BatchStanding::alreadyRun() const
{
    return int(std::count_if(earlier.begin(), earlier.end(),
                             [](const auto &op) { return op.has_value(); }));
}

BatchStanding checkBatch(Session &session, const BatchFile &file, const BatchCheckOptions &options)
{
    OperationStore &store = session.store();
    BatchStanding standing;
    std::vector<Lookup> lookups;
    QSet<QString> seen;
    for (const BatchRow &row : file.rows) {
        const Provider provider = row.input.toAdyen() ? Provider::Adyen : Provider::Stripe;
        const QString &project = row.input.toAdyen() ? options.adyenProject : options.stripeProject;
        standing.earlier.push_back(store.latestRefund(
            provider, project, refundUnitOfWork(row.input), row.input.reference));
        const Lookup lookup = lookupOf(row);
        if (!standing.earlier.back() && !row.input.toAdyen() && !seen.contains(lookup.key())) {
            seen.insert(lookup.key());
            lookups.push_back(lookup);
        }
    }
    const QHash<QString, ChargeRead> reads = readAll(lookups, options);
    Balances balances(session);
    for (size_t i = 0; i < file.rows.size(); ++i) {
        const BatchRow &row = file.rows[i];
        if (standing.earlier[i])
            continue;
        Result<void> room;
        if (row.input.toAdyen()) {
            room = balances.takeAdyen(row);
        } else {
            const ChargeRead read = reads.value(lookupOf(row).key());
            room = read.problem.isEmpty() ? balances.take(row, read.charge)
                                          : Result<void>::failure(read.problem);
        }
        if (!room)
            standing.problems.push_back({row.line, room.error()});
    }
    return standing;
}

} // namespace ops
