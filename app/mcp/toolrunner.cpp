#include "mcp/toolrunner.h"

#include "config/engineenv.h"
#include "engine/executionengine.h"
#include "mcp/mcplogging.h"
#include "mcp/replycheck.h"
#include "storage/session.h"
#include "transport/httptransport.h"

#include <QThreadStorage>
#include <algorithm>
#include <memory>

using namespace Qt::StringLiterals;

namespace ops::mcp {

namespace {

using json = nlohmann::ordered_json;

QString str(const json &args, const char *name, const QString &fallback = {})
{
    const auto it = args.find(name);
    return it != args.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                               : fallback;
}

json notConfigured(const QString &problem)
{
    return ToolResult::rejected(u"not_configured"_s, problem).toJson();
}

std::optional<OperationKind> creditKind(const std::string &tool)
{
    if (tool == "credit_topup")
        return OperationKind::CreditTopup;
    if (tool == "credit_charge")
        return OperationKind::CreditCharge;
    if (tool == "credit_adjust")
        return OperationKind::CreditAdjust;
    return std::nullopt;
}

ToolResult::Subject subjectOf(OperationKind kind)
{
    if (kind == OperationKind::Refund)
        return ToolResult::Subject::Refund;
    return kind == OperationKind::Execution ? ToolResult::Subject::Execution
                                            : ToolResult::Subject::Credit;
}

// What one worker thread keeps between calls (issue 15): opening a Session (connection, pragmas,
// schema check) and a new provider connection per call cost more than the refund's two commits.
// A Qt SQL connection and a socket belong to the thread that opened them, so the cache is per
// thread; it dies with the pool's thread. Nothing of a call's state lives here: each call makes
// its own engine, its rows are committed (rule 1) before any send, and a connection that reported
// a database error is dropped rather than reused. Each transport decides itself whether its
// kept-alive connection is still fit for the next request (httptransport.h).
struct WorkerCache
{
    Session &session(const QString &location)
    {
        if (!m_session || m_location != location) {
            m_session.reset();
            m_location = location;
            // Many worker threads write to one file: their commits share the WAL's syncs.
            m_session = std::make_unique<Session>(location, m_clock, CommitDurability::SharedSync);
        }
        return *m_session;
    }
    HttpTransport &stripe() { return m_stripe; }
    HttpTransport &slen() { return m_slen; }
    HttpTransport &adyen() { return m_adyen; }
    void dropSession() { m_session.reset(); }

private:
    SystemClock m_clock;
    QString m_location;
    std::unique_ptr<Session> m_session;
    // One per provider, each with its own kept-alive connection.
    QtHttpTransport m_stripe;
    QtHttpTransport m_slen;
    QtHttpTransport m_adyen;
};

// QThreadStorage, not thread_local: Qt deletes a thread's storage in the thread's own finish,
// before QThread::wait() returns, so the pool's destructor sees every Session gone while Qt SQL's
// connection registry still exists. A thread_local dies after wait() has returned and raced the
// process's static destruction (opsctl mcp --http crashed at exit about one run in 20).
WorkerCache &workerCache()
{
    static QThreadStorage<WorkerCache *> caches;
    if (!caches.hasLocalData())
        caches.setLocalData(new WorkerCache);
    return *caches.localData();
}

} // namespace

RunnerConfig RunnerConfig::fromEnvironment(const QString &dbLocation)
{
    RunnerConfig c;
    c.dbLocation = dbLocation;
    const auto refundEngine = refundEngineConfigFromEnv();
    c.refundEngine = refundEngine.optional();
    c.stripeProblem = c.adyenProblem = refundEngine.error(); // the engine's own settings
    if (refundEngine) {
        const auto stripe = stripeConfigFromEnv();
        c.stripe = stripe.optional();
        c.stripeProblem = stripe.error();
        const auto adyen = adyenConfigFromEnv();
        c.adyen = adyen.optional();
        c.adyenProblem = adyen.error();
    }
    const auto slenEngine = slenEngineConfigFromEnv();
    c.slenEngine = slenEngine.optional();
    c.slenProblem = slenEngine.error();
    if (slenEngine) {
        const auto slen = slenConfigFromEnv();
        c.slen = slen.optional();
        c.slenProblem = slen.error();
    }
    return c;
}

ToolRunner::ToolRunner(RunnerConfig config)
    : m_config(std::move(config))
{}

RunOutcome ToolRunner::run(const ToolCall &call) const
{
    WorkerCache &cache = workerCache();
    try {
        return {runIn(cache.session(m_config.dbLocation), call), {}};
    } catch (const StoreError &e) {
        qCWarning(lcMcp) << "tools/call" << call.tool.c_str() << "database failure:" << e.message();
        cache.dropSession();
        return {nullptr, e.message()};
    }
}

json ToolRunner::runIn(Session &session, const ToolCall &call) const
{
    if (call.tool == "refund")
        return refund(session, call);
    if (call.tool == "execute_flow")
        return execute(session, call);
    if (call.tool == "operation_status")
        return statusOf(session.store(), str(call.arguments, "operation_id")).toJson();
    if (call.tool == "check_reply")
        return checkReply(session.store(), str(call.arguments, "operation_id"),
                          str(call.arguments, "order"), str(call.arguments, "draft"),
                          str(call.arguments, "language", u"en"_s));
    return credit(session, call);
}

json ToolRunner::refund(Session &session, const ToolCall &call) const
{
    RefundInput input;
    input.orderId = str(call.arguments, "order");
    input.chargeId = str(call.arguments, "charge");
    input.paymentIntentId = str(call.arguments, "payment_intent");
    input.adyenPaymentId = str(call.arguments, "adyen_payment");
    input.reference = str(call.arguments, "reference");
    input.reason = str(call.arguments, "reason");
    input.reasonCode = str(call.arguments, "reason_code");
    input.ticket = str(call.arguments, "ticket");
    input.currency = str(call.arguments, "currency", u"usd"_s);
    input.amountMinor = call.arguments.value("amount", qint64(0));
    if (!m_config.refundEngine)
        return notConfigured(m_config.stripeProblem); // the engine's own settings are wrong
    std::optional<StripeClient> stripe;
    std::optional<AdyenClient> adyen;
    RefundClients clients{nullptr, m_config.stripeProblem, nullptr, m_config.adyenProblem};
    if (m_config.stripe)
        clients.stripe = &stripe.emplace(workerCache().stripe(), *m_config.stripe);
    if (m_config.adyen)
        clients.adyen = &adyen.emplace(workerCache().adyen(), *m_config.adyen);
    return refundThrough(session, clients, *m_config.refundEngine, input, call.actor).toJson();
}

json ToolRunner::credit(Session &session, const ToolCall &call) const
{
    const auto kind = creditKind(call.tool);
    if (!kind)
        return ToolResult::rejected(u"unknown_tool"_s, QString::fromStdString(call.tool)).toJson();
    if (!m_config.slen)
        return notConfigured(m_config.slenProblem);
    CreditInput input;
    input.kind = *kind;
    input.customerId = str(call.arguments, "customer");
    input.creditType = str(call.arguments, "credit_type");
    input.amount = call.arguments.value("amount", qint64(0));
    input.workName = str(call.arguments, "work");
    input.note = str(call.arguments, "note");
    SlenClient client(workerCache().slen(), *m_config.slen);
    CreditEngine engine(session, client, *m_config.slenEngine);
    return engine.move(input, call.actor).toJson();
}

json ToolRunner::execute(Session &session, const ToolCall &call) const
{
    if (!m_config.slen)
        return notConfigured(m_config.slenProblem);
    ExecutionInput input;
    input.flow = str(call.arguments, "flow");
    input.workName = str(call.arguments, "work");
    input.mode = str(call.arguments, "mode", u"sync"_s);
    // The engines hold plain (sorted) JSON objects: the bytes they store are their own.
    input.input = nlohmann::json::parse(call.arguments.value("input", json::object()).dump());
    if (call.arguments.contains("context"))
        input.context = nlohmann::json::parse(call.arguments["context"].dump());
    SlenClient client(workerCache().slen(), *m_config.slen);
    ExecutionEngine engine(session, client, *m_config.slenEngine);
    return engine.execute(input, call.actor).toJson();
}

json checkReply(OperationStore &store, const QString &operationId, const QString &order,
                const QString &draft, const QString &language)
{
    std::vector<Operation> rows;
    if (!operationId.isEmpty()) {
        if (auto op = store.operation(operationId))
            rows.push_back(std::move(*op));
    } else {
        // A failed refund that a later one replaced (§16) is history: the customer is told about
        // the replacement, so the old one neither refuses a true draft nor offers "failed".
        for (Operation &op : store.refundsOfOrder(order)) {
            const bool replaced =
                op.state == OperationState::Failed &&
                std::ranges::any_of(store.replacementsOf(op.id), [](const auto &r) {
                    return r.state != OperationState::Failed;
                });
            if (!replaced)
                rows.push_back(std::move(op));
        }
    }
    if (rows.empty())
        return ToolResult::rejected(
                   operationId.isEmpty() ? u"unknown_order"_s : u"unknown_operation"_s,
                   operationId.isEmpty() ? u"no refund of order %1"_s.arg(order.left(64))
                                         : u"no operation %1"_s.arg(operationId.left(64)))
            .toJson();
    return judgeReply(rows, draft, language);
}

ToolResult statusOf(OperationStore &store, const QString &operationId)
{
    const auto op = store.operation(operationId);
    if (!op)
        return ToolResult::rejected(u"unknown_operation"_s,
                                    u"no operation %1"_s.arg(operationId.left(64)));
    const ToolResult::Subject subject = subjectOf(op->kind);
    if (subject == ToolResult::Subject::Refund)
        return op->provider == Provider::Adyen ? adyenRefundRowResult(*op) : refundRowResult(*op);
    switch (op->state) {
    case OperationState::Succeeded:
        return ToolResult::succeeded(op->id, subject);
    case OperationState::Failed:
        return ToolResult::failed(op->id, op->failureCode).about(subject);
    case OperationState::Unknown:
        return ToolResult::checking(op->id).about(subject);
    case OperationState::AwaitingApproval:
        return ToolResult::needsApproval(op->id);
    case OperationState::Open:
        break;
    }
    if (subject == ToolResult::Subject::Execution && !op->providerStatus.isEmpty())
        return ToolResult::pending(op->id, op->providerStatus);
    return ToolResult::unconfirmed(op->id).about(subject);
}

} // namespace ops::mcp
