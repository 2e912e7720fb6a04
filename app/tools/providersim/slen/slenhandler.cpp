#include "providersim/slen/slenhandler.h"

#include "providersim/slen/slenlog.h"
#include "providersim/slen/slenreply.h"

#include <QUuid>

namespace ops::sim {

Q_LOGGING_CATEGORY(lcSlen, "ops.sim.slen")

using slen::Route;

namespace {

constexpr qsizetype kMaxKeyChars = 190;
constexpr qint64 kSweepIntervalSeconds = 60;

std::string isoTime(const QDateTime &at)
{
    return at.toUTC().toString(Qt::ISODate).toStdString();
}

QString newMovementId()
{
    return QStringLiteral("mv_") + QUuid::createUuid().toString(QUuid::Id128).left(24);
}

// docs/design.md rule 10: a movement's note carries the operation id when the caller put one there.
QString operationIdFromNote(const QString &note)
{
    return note.startsWith(QLatin1String("op_")) ? note : QString();
}

QString operationIdFromContext(const nlohmann::json &body)
{
    const auto context = body.find("context");
    if (context == body.end() || !context->is_object())
        return {};
    const auto id = context->find("operation_id");
    if (id == context->end() || !id->is_string())
        return {};
    return QString::fromStdString(id->get<std::string>());
}

SimResponse conflict(const SimRequest &request)
{
    return slen::error(request, 409, "idempotency_conflict",
                       QStringLiteral("The Idempotency-Key was already used with a different "
                                      "request body"));
}

SimResponse internalError(const SimRequest &request)
{
    return slen::error(request, 500, "internal_error",
                       QStringLiteral("An internal error occurred; the outcome is undefined"));
}

SimResponse replayOf(const SimRequest &request, int status, nlohmann::json body)
{
    body["replayed"] = true;
    return slen::reply(request, status, body);
}

SimResponse refusal(const SimRequest &request, SlenAccounts::Outcome outcome)
{
    if (outcome == SlenAccounts::Outcome::NotFound)
        return slen::error(request, 404, "customer_not_found", QStringLiteral("No such customer"));
    if (outcome == SlenAccounts::Outcome::Insufficient)
        return slen::error(request, 422, "insufficient_credits",
                           QStringLiteral("The balance of this credit type is too low"));
    return slen::error(request, 422, "invalid_request",
                       QStringLiteral("The balance would exceed its limit"));
}

Movement movementOf(const Route &route, const slen::MovementBody &body, const Admission &admission,
                    const QDateTime &now)
{
    Movement movement;
    movement.provider = QStringLiteral("slen");
    movement.kind = route.kind;
    movement.id = newMovementId();
    movement.customer = route.id;
    movement.project = admission.project;
    movement.creditType = body.creditType;
    movement.amount = body.amount;
    movement.idempotencyKey = admission.key;
    movement.operationId = operationIdFromNote(body.note);
    movement.at = now;
    return movement;
}

nlohmann::json movementJson(const Movement &movement, const slen::MovementBody &body,
                            const SlenCustomer &customer)
{
    const nlohmann::json note =
        body.note.isEmpty() ? nlohmann::json() : nlohmann::json(body.note.toStdString());
    return {{"id", movement.id.toStdString()},
            {"kind", movement.kind.toStdString()},
            {"external_user_id", movement.customer.toStdString()},
            {"credit_type", body.creditType.toStdString()},
            {"amount", body.amount},
            {"note", note},
            {"balance_after", customer.balances.value(body.creditType)},
            {"created_at", isoTime(movement.at)}};
}

// Executions move no money; they are recorded (amount 0, kind "execution") so that tests and
// the chaos harness can count how often a flow really ran.
Movement executionRunOf(const SlenExecution &execution, const slen::ExecuteBody &body,
                        const Admission &admission)
{
    Movement ran;
    ran.provider = QStringLiteral("slen");
    ran.kind = QStringLiteral("execution");
    ran.id = execution.id;
    ran.customer = execution.customer;
    ran.project = admission.project;
    ran.idempotencyKey = admission.key;
    ran.operationId = operationIdFromContext(body.json);
    ran.at = execution.createdAt;
    return ran;
}

} // namespace

SlenHandler::SlenHandler(SimWorld &world)
    : m_world(world)
{}

SlenHandler::~SlenHandler() = default;

bool SlenHandler::matches(const SimRequest &request) const
{
    return request.path == QLatin1String("/v1/operations/execute") ||
           request.path.startsWith(QLatin1String("/v1/customers/")) ||
           request.path.startsWith(QLatin1String("/v1/executions/"));
}

std::optional<SimResponse> SlenHandler::admit(const SimRequest &request, Admission &admission)
{
    const Route route = slen::routeOf(request);
    if (route.type == Route::Type::NotFound)
        return slen::error(request, 404, "not_found", QStringLiteral("No such route"));
    if (route.type == Route::Type::MethodNotAllowed)
        return slen::error(request, 405, "method_not_allowed",
                           QStringLiteral("Method not allowed"));
    const auto project = m_world.projectFor(request);
    if (!project)
        return slen::error(request, 401, "unauthorized",
                           QStringLiteral("Missing or invalid API key in the Authorization "
                                          "header"));
    admission.project = *project;
    if (route.type == Route::Type::GetCustomer)
        return customerReply(request, *project, route.id);
    if (route.type == Route::Type::GetExecution)
        return executionReply(request, *project, route.id);
    return admitPost(request, route, admission);
}

// Key checks, in the order Slen documents them: required, length (before anything is
// reserved), in progress, used, then body validation of a fresh key, then the claim.
std::optional<SimResponse> SlenHandler::admitPost(const SimRequest &request, const Route &route,
                                                  Admission &admission)
{
    sweepIfDue();
    const QString key = QString::fromUtf8(request.header("idempotency-key")).trimmed();
    admission.key = key;
    if (key.isEmpty())
        return slen::error(request, 400, "idempotency_key_required",
                           QStringLiteral("The Idempotency-Key header is required"));
    if (key.toUcs4().size() > kMaxKeyChars)
        return slen::error(request, 422, "invalid_request",
                           QStringLiteral("The Idempotency-Key must be at most 190 characters"));
    const SlenKeyStore::Id id{admission.project, key};
    if (m_keys.isClaimed(id))
        return slen::error(request, 409, "idempotency_in_progress",
                           QStringLiteral("A request with this Idempotency-Key is still in "
                                          "progress; retry later with the same key"));
    if (const SlenKeyRecord *record = m_keys.find(id))
        return answerUsedKey(request, route, *record, admission.project);
    if (auto refusal = validateFresh(request, route))
        return refusal;
    admission.token = m_keys.claim(id);
    admission.claimed = true;
    return std::nullopt;
}

// Errors found here leave the key free: nothing exists yet under it.
std::optional<SimResponse> SlenHandler::validateFresh(const SimRequest &request,
                                                      const Route &route) const
{
    if (route.type == Route::Type::Movement) {
        const auto movement = slen::parseMovement(route.kind, request.body);
        if (const auto *problem = std::get_if<QString>(&movement))
            return slen::error(request, 400, "invalid_request", *problem);
        return std::nullopt;
    }
    const auto parsed = slen::parseExecute(request.body);
    if (const auto *problem = std::get_if<QString>(&parsed))
        return slen::error(request, 400, "invalid_request", *problem);
    const slen::ExecuteBody *body = &std::get<slen::ExecuteBody>(parsed);
    if (!m_executions.flow(body->flow))
        return slen::error(request, 404, "flow_not_found",
                           QStringLiteral("No flow named \"%1\"").arg(body->flow));
    return std::nullopt;
}

SimResponse SlenHandler::answerUsedKey(const SimRequest &request, const Route &route,
                                       const SlenKeyRecord &record, const QString &project) const
{
    const bool sameBytes = request.path == record.path && request.body == record.body;
    if (record.kind == SlenKeyRecord::Kind::Execution) {
        if (!sameBytes)
            return conflict(request);
        const SlenExecution *execution = m_executions.find(project, record.executionId);
        if (!execution)
            return conflict(request); // pruned execution: the key still names other work
        const QDateTime now = m_world.clock.now();
        const int status = SlenExecutions::isFinished(*execution, now) ? 200 : 202;
        return replayOf(request, status, SlenExecutions::toJson(*execution, now, true));
    }
    if (SlenKeyStore::withinReplayWindow(record, m_world.clock.now()) && record.response) {
        if (!sameBytes)
            return conflict(request);
        return replayOf(request, 200, *record.response);
    }
    return answerMovementAfterWindow(request, route, record, project);
}

// After 24 h only customer, credit type, kind and amount decide; a match answers with the
// account as it is now and moves nothing.
SimResponse SlenHandler::answerMovementAfterWindow(const SimRequest &request, const Route &route,
                                                   const SlenKeyRecord &record,
                                                   const QString &project) const
{
    if (route.type != Route::Type::Movement)
        return conflict(request);
    const auto parsed = slen::parseMovement(route.kind, request.body);
    if (const auto *problem = std::get_if<QString>(&parsed))
        return slen::error(request, 400, "invalid_request", *problem);
    const slen::MovementBody *body = &std::get<slen::MovementBody>(parsed);
    if (route.id != record.customer || route.kind != record.movementKind ||
        body->creditType != record.creditType || body->amount != record.amount)
        return conflict(request);
    const SlenCustomer *customer = m_accounts.find(project, route.id);
    if (!customer)
        return slen::error(request, 404, "customer_not_found", QStringLiteral("No such customer"));
    return replayOf(request, 200, {{"account", SlenAccounts::toJson(*customer)}});
}

SimResponse SlenHandler::execute(const SimRequest &request, const Admission &admission,
                                 const Fault &fault)
{
    const Route route = slen::routeOf(request);
    SimResponse response = route.type == Route::Type::Movement
                               ? executeMovement(request, route, admission, fault)
                               : executeFlow(request, admission, fault);
    if (!m_keys.release({admission.project, admission.key}, admission.token))
        qCWarning(lcSlen) << "execute: no claim for key" << admission.key;
    return response;
}

SimResponse SlenHandler::executeMovement(const SimRequest &request, const Route &route,
                                         const Admission &admission, const Fault &fault)
{
    const auto parsed = slen::parseMovement(route.kind, request.body);
    if (const auto *problem = std::get_if<QString>(&parsed))
        return slen::error(request, 400, "invalid_request", *problem);
    const slen::MovementBody *body = &std::get<slen::MovementBody>(parsed);
    if (fault.mode == FaultMode::Stored500)
        return internalError(request);
    const auto outcome =
        m_accounts.apply(admission.project, route.id, route.kind, body->creditType, body->amount);
    if (outcome != SlenAccounts::Outcome::Applied)
        return refusal(request, outcome); // not stored: a retry under the key is a new attempt

    const QDateTime now = m_world.clock.now();
    const Movement movement = movementOf(route, *body, admission, now);
    m_world.ledger.record(movement);
    const SlenCustomer *customer = m_accounts.find(admission.project, route.id);
    const nlohmann::json success = {{"movement", movementJson(movement, *body, *customer)},
                                    {"account", SlenAccounts::toJson(*customer)},
                                    {"replayed", false}};

    SlenKeyRecord record;
    record.kind = SlenKeyRecord::Kind::Movement;
    record.path = request.path;
    record.body = request.body;
    record.firstAt = now;
    record.customer = route.id;
    record.movementKind = route.kind;
    record.creditType = body->creditType;
    record.amount = body->amount;
    record.response = success;
    m_keys.store({admission.project, admission.key}, std::move(record));

    if (fault.mode == FaultMode::Stored500Applied)
        return internalError(request);
    return slen::reply(request, 200, success);
}

SimResponse SlenHandler::executeFlow(const SimRequest &request, const Admission &admission,
                                     const Fault &fault)
{
    const auto parsed = slen::parseExecute(request.body);
    if (const auto *problem = std::get_if<QString>(&parsed))
        return slen::error(request, 400, "invalid_request", *problem);
    const slen::ExecuteBody *body = &std::get<slen::ExecuteBody>(parsed);
    const SlenFlow *flow = m_executions.flow(body->flow);
    if (!flow)
        return slen::error(request, 404, "flow_not_found",
                           QStringLiteral("No flow named \"%1\"").arg(body->flow));
    if (fault.mode == FaultMode::Stored500)
        return internalError(request); // no execution exists, so the key stays free

    const QDateTime now = m_world.clock.now();
    const SlenExecution &execution = m_executions.create(admission.project, *flow, body->json, now);
    // The key is pinned from here on, whatever the execution's fate.
    SlenKeyRecord record;
    record.kind = SlenKeyRecord::Kind::Execution;
    record.path = request.path;
    record.body = request.body;
    record.firstAt = now;
    record.executionId = execution.id;
    m_keys.store({admission.project, admission.key}, std::move(record));
    m_world.ledger.record(executionRunOf(execution, *body, admission));

    if (fault.mode == FaultMode::Stored500Applied)
        return internalError(request);
    if (!execution.inputError.isEmpty())
        return slen::error(request, 422, "invalid_flow_input",
                           QStringLiteral("The flow refused its input"),
                           {{"execution_id", execution.id.toStdString()}});
    nlohmann::json out = SlenExecutions::toJson(execution, now, false);
    out["replayed"] = false;
    return slen::reply(request, SlenExecutions::isFinished(execution, now) ? 200 : 202, out);
}

void SlenHandler::abandon(const SimRequest &, const Admission &admission)
{
    if (!admission.claimed)
        return;
    if (!m_keys.release({admission.project, admission.key}, admission.token))
        qCWarning(lcSlen) << "abandon: no claim for key" << admission.key;
}

void SlenHandler::seed(const nlohmann::json &seed)
{
    if (!seed.is_object())
        return;
    if (const auto it = seed.find("customers"); it != seed.end())
        m_accounts.seed(*it);
    if (const auto it = seed.find("flows"); it != seed.end())
        m_executions.seedFlows(*it);
}

void SlenHandler::forgetKey(const QString &project, const QString &key)
{
    m_keys.forget({project, key});
}

SimResponse SlenHandler::customerReply(const SimRequest &request, const QString &project,
                                       const QString &id) const
{
    const SlenCustomer *customer = m_accounts.find(project, id);
    if (!customer)
        return slen::error(request, 404, "customer_not_found", QStringLiteral("No such customer"));
    return slen::reply(request, 200, SlenAccounts::toJson(*customer));
}

SimResponse SlenHandler::executionReply(const SimRequest &request, const QString &project,
                                        const QString &id) const
{
    const SlenExecution *execution = m_executions.find(project, id);
    if (!execution)
        return slen::error(request, 404, "execution_not_found",
                           QStringLiteral("No such execution"));
    return slen::reply(request, 200, SlenExecutions::toJson(*execution, m_world.clock.now(), true));
}

void SlenHandler::sweepIfDue()
{
    const QDateTime now = m_world.clock.now();
    if (m_lastSweep.isValid() && qAbs(m_lastSweep.secsTo(now)) < kSweepIntervalSeconds)
        return;
    m_lastSweep = now;
    m_keys.prune(now);
    m_executions.prune(now, SlenKeyStore::kRetentionSeconds);
}

} // namespace ops::sim
