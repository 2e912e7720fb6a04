#include "console/batchworker.h"

#include "common/refusaltext.h"
#include "config/refundconnections.h"
#include "domain/storeerror.h"
#include "itemmodels/localeformat.h"
#include "storage/access/accessstore.h"
#include "storage/session.h"

#include <QLocale>
#include <map>

using namespace Qt::StringLiterals;

namespace ops::console {

namespace {

BatchPreviewRow previewRow(const BatchRow &row, const std::optional<Operation> &earlier)
{
    BatchPreviewRow r;
    r.line = row.line;
    r.orderId = row.input.orderId;
    for (const QString &target :
         {row.input.chargeId, row.input.paymentIntentId, row.input.adyenPaymentId}) {
        if (!target.isEmpty())
            r.target = target;
    }
    r.amount = Money{row.input.amountMinor, row.input.currency};
    r.reasonCode = row.input.reasonCode;
    r.reference = row.rowReference;
    r.ticket = row.ticket;
    if (earlier)
        r.earlierOperation = earlier->id;
    return r;
}

// The file's rows and problems by line; `rowOfLine` is filled with where each line went.
BatchPreview previewOf(const PreparedBatch &p, const QString &path, QHash<int, int> &rowOfLine)
{
    BatchPreview v;
    v.name = p.file.name;
    v.path = path;
    v.lines = p.file.lines;
    v.totals = p.totals();
    v.alreadyRun = p.standing.alreadyRun();
    v.problems = int(p.file.problems.size());
    std::map<int, BatchPreviewRow> byLine;
    for (size_t i = 0; i < p.file.rows.size(); ++i) {
        const BatchRow &row = p.file.rows[i];
        const bool read = i < p.standing.earlier.size();
        byLine[row.line] = previewRow(row, read ? p.standing.earlier[i] : std::nullopt);
    }
    for (const BatchProblem &problem : p.file.problems) {
        if (problem.line <= 0) {
            v.fileProblems << problem.message;
            continue;
        }
        BatchPreviewRow &r = byLine[problem.line];
        r.line = problem.line;
        r.problems << problem.message;
    }
    rowOfLine.clear();
    for (auto &[line, row] : byLine) {
        rowOfLine.insert(line, int(v.rows.size()));
        v.rows.push_back(std::move(row));
    }
    return v;
}

BatchRowOutcome rowOutcome(const BatchOutcome &o)
{
    return {o.status, o.reason, o.operationId, o.providerReference, o.earlierRun};
}

} // namespace

ConnectionsMaker connectionsOf(const JobConfig &config)
{
    return [config](Provider provider) {
        if (provider == Provider::Stripe)
            return std::make_unique<RefundConnections>(config.engine, config.stripe, std::nullopt,
                                                       config.stripeProblem);
        const QString problem = config.adyen
                                    ? QString()
                                    : (config.adyenProblem.isEmpty() ? u"Adyen is not configured."_s
                                                                     : config.adyenProblem);
        return std::make_unique<RefundConnections>(config.engine, std::nullopt, config.adyen,
                                                   problem);
    };
}

BatchWorker::BatchWorker(JobConfig config, const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_config(std::move(config))
    , m_clock(clock)
{}

BatchWorker::~BatchWorker()
{
    m_thread.cancel();
    m_thread.wait(); // before any member the running body uses is gone
}

void BatchWorker::startCheck(ui::BatchImportRequest request)
{
    m_thread.launch([this, request = std::move(request)] { check(request); });
}

void BatchWorker::startRun()
{
    m_thread.launch([this] { run(); });
}

void BatchWorker::check(const ui::BatchImportRequest &request)
{
    m_actor = request.actor;
    m_prepared.reset();
    const auto bytes = readBatchBytes(request.path);
    if (!bytes) {
        postTo(this, [this, error = bytes.error()] { emit checkFailed(error); });
        return;
    }
    QString error;
    try {
        std::optional<PreparedBatch> prepared = prepare(*bytes, request.name);
        if (!prepared)
            return; // the dialog is gone or going: nothing to hand back
        BatchPreview preview = previewOf(*prepared, request.path, m_rowOfLine);
        m_prepared = std::move(prepared);
        postTo(this, [this, preview = std::move(preview)] { emit checked(preview); });
        return;
    } catch (const StoreError &e) {
        error = ui::storeErrorText(e);
    } catch (const std::exception &e) { // a thread must not end the console
        error = QString::fromUtf8(e.what());
    }
    postTo(this, [this, error] { emit checkFailed(error); });
}

std::optional<PreparedBatch> BatchWorker::prepare(const QByteArray &bytes, const QString &name)
{
    std::unique_ptr<Session> session; // opened only for a file with rows to check; closed here
    const auto opened = [&]() -> Session & {
        session = std::make_unique<Session>(m_config.dbLocation, m_clock);
        return *session;
    };
    PreparedBatch prepared = prepareBatch(bytes, name, opened, connectionsOf(m_config),
                                          [this] { return m_thread.cancelled(); });
    if (m_thread.cancelled())
        return std::nullopt;
    return prepared;
}

std::optional<ui::BatchRunEnding> BatchWorker::gate(Session &session) const
{
    ui::BatchRunEnding refused;
    refused.stopped = true;
    if (const auto may = mayRunBatch(session, m_actor); !may) {
        refused.failure = may.error();
        return refused;
    }
    const auto wait = batchApprovalWait(session.access(), m_actor, *m_prepared);
    if (!wait)
        return std::nullopt;
    QStringList above;
    for (const BatchAbove &a : wait->above)
        above << tr("%1 above the batch threshold of %2")
                     .arg(formatMoney({a.totalMinor, a.currency}, QLocale()),
                          formatMoney({a.thresholdMinor, a.currency}, QLocale()));
    refused.waitsFor = tr("Batch “%1” waits for a second supervisor (approval #%2, asked by %3): "
                          "%4. Nothing was sent. Once another supervisor approves it (opsctl "
                          "batch approve %1), run the same file again.")
                           .arg(m_prepared->file.name)
                           .arg(wait->approval.id)
                           .arg(wait->approval.requestedBy, above.join(u"; "_s));
    return refused;
}

void BatchWorker::run()
{
    if (!m_prepared || !m_prepared->file.ok()) {
        ui::BatchRunEnding nothing;
        nothing.failure = tr("the file has problems; nothing was sent");
        finishRun(nothing);
        return;
    }
    const PreparedBatch &p = *m_prepared;
    const auto rate = m_rate > 0 ? Result<double>(m_rate) : batchRateFromEnvironment();
    ui::BatchRunEnding refused;
    refused.stopped = true;
    try {
        Session session(m_config.dbLocation, m_clock); // this thread's own connection
        if (!rate)
            refused.failure = rate.error();
        else if (auto gated = gate(session))
            refused = std::move(*gated);
    } catch (const StoreError &e) {
        refused.failure = ui::storeErrorText(e);
    } catch (const std::exception &e) { // a thread must not end the console
        refused.failure = QString::fromUtf8(e.what());
    }
    if (!refused.failure.isEmpty() || !refused.waitsFor.isEmpty()) {
        finishRun(std::move(refused));
        return;
    }
    runRows(p, *rate);
}

void BatchWorker::runRows(const PreparedBatch &p, double rate)
{
    // The pace is the provider's rate limit, in real time, whatever clock stamps the rows.
    static const SystemClock wallClock;
    RatePacer pacer(wallClock, threadSleep, rate);
    ResultBatches<BatchRowUpdate> batches([this](std::vector<BatchRowUpdate> updates) {
        postTo(this, [this, updates = std::move(updates)] { emit rowsFinished(updates); });
    });
    BatchRunSetup setup;
    setup.actor = m_actor;
    setup.workers = batchWorkersFor(rate);
    const JobConfig config = m_config;
    const Clock &clock = m_clock;
    setup.makeWorker = batchWorkerMaker(
        [config, &clock] { return std::make_unique<Session>(config.dbLocation, clock); },
        connectionsOf(m_config), p);
    setup.stopAsked = [this] {
        return m_thread.cancelled();
    };
    setup.onOutcome = [&](const BatchOutcome &o) {
        batches.add({m_rowOfLine.value(o.line), rowOutcome(o)});
        if (m_hook)
            m_hook(o.line);
    };
    const BatchEnding ending = batchEnding(p.file, runBatchRows(p.file, p.standing, pacer, setup));
    for (const BatchOutcome &o : ending.outcomes) {
        if (o.status == u"not_run"_s)
            batches.add({m_rowOfLine.value(o.line), rowOutcome(o)});
    }
    batches.flush();
    ui::BatchRunEnding end;
    end.stopped = ending.stopped();
    end.failure = ending.failure;
    end.resultCsv = batchResultCsv(ending.outcomes);
    finishRun(std::move(end));
}

void BatchWorker::finishRun(ui::BatchRunEnding ending)
{
    m_prepared.reset(); // what it said of the database is stale now: a new run checks again
    postTo(this, [this, ending = std::move(ending)] { emit runFinished(ending); });
}

} // namespace ops::console
