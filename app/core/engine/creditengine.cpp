#include "creditengine.h"

#include "attemptsupport.h"
#include "enginelogging.h"
#include "database.h"
#include "refundengine.h" // newOperationId
#include "workname.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr int kMaxIdChars = 255;
constexpr int kMaxNoteChars = 500;
constexpr auto kCredit = ToolResult::Subject::Credit;

QString movementName(OperationKind kind)
{
    switch (kind) {
    case OperationKind::CreditTopup:
        return u"topup"_s;
    case OperationKind::CreditCharge:
        return u"charge"_s;
    case OperationKind::CreditAdjust:
        return u"adjust"_s;
    default:
        return {};
    }
}

bool sameMovement(const Operation &op, const CreditInput &in)
{
    return op.kind == in.kind && op.customerId == in.customerId &&
           op.amount.currency == in.creditType && op.amount.minor == in.amount;
}

QString describeRow(const Operation &op)
{
    return u"%1 %2 of %3 %4 for %5"_s.arg(op.id, movementName(op.kind))
        .arg(op.amount.minor)
        .arg(op.amount.currency, op.customerId);
}

} // namespace

bool isCreditKind(OperationKind kind)
{
    return kind == OperationKind::CreditTopup || kind == OperationKind::CreditCharge ||
           kind == OperationKind::CreditAdjust;
}

CreditEngine::CreditEngine(OperationStore &store, SlenClient &client, SlenEngineConfig config,
                           Sleeper sleeper)
    : m_store(store)
    , m_client(client)
    , m_config(std::move(config))
    , m_sleeper(std::move(sleeper))
    , m_backoff(m_config.backoffBase, m_config.backoffCap, slen::jitterSeed(m_config.jitterSeed))
{}

std::optional<ToolResult> CreditEngine::validate(const CreditInput &in)
{
    const auto bad = [](const QString &message) {
        return ToolResult::rejected(u"invalid_request"_s, message);
    };
    if (!isCreditKind(in.kind))
        return bad(u"not a credit movement"_s);
    if (auto problem = workNameProblem(in.workName))
        return bad(*problem);
    if (in.customerId.trimmed().isEmpty() || in.customerId != in.customerId.trimmed() ||
        in.customerId.size() > kMaxIdChars)
        return bad(
            u"customer id must be 1-%1 characters without surrounding spaces"_s.arg(kMaxIdChars));
    // Slen credit types are identifiers (1-64 characters); anything else is a typo or prose.
    static const QRegularExpression creditType(u"^[A-Za-z0-9_.-]{1,64}$"_s);
    if (!creditType.match(in.creditType).hasMatch())
        return bad(u"credit type must be 1-64 letters, digits or _ . -"_s);
    if (in.amount == 0)
        return bad(u"amount must not be zero"_s);
    if (in.kind != OperationKind::CreditAdjust && in.amount < 0)
        return bad(u"amount of a %1 must be positive; use adjust for a signed correction"_s.arg(
            movementName(in.kind)));
    if (in.amount > kMaxMinorUnits || in.amount < -kMaxMinorUnits)
        return bad(u"amount exceeds the maximum of %1"_s.arg(kMaxMinorUnits));
    if (in.note.size() > kMaxNoteChars)
        return bad(u"note is limited to %1 characters"_s.arg(kMaxNoteChars));
    return std::nullopt;
}

QString CreditEngine::pathFor(const CreditInput &in)
{
    return u"/v1/customers/"_s + QString::fromLatin1(QUrl::toPercentEncoding(in.customerId)) +
           u'/' + movementName(in.kind);
}

QByteArray CreditEngine::requestBody(const CreditInput &in, const QString &operationId)
{
    nlohmann::ordered_json body = {{"credit_type", in.creditType.toStdString()},
                                   {"amount", in.amount},
                                   {"note", operationId.toStdString()}};
    return QByteArray::fromStdString(body.dump());
}

ToolResult CreditEngine::move(const CreditInput &input, const QString &actor)
{
    if (auto invalid = validate(input))
        return *invalid;
    // Rule 2: a live row holding this work name is the only thing a retry may touch.
    const QString project = m_client.config().project;
    if (auto live = m_store.findLiveCredit(Provider::Slen, project, input.workName)) {
        if (!sameMovement(*live, input))
            return ToolResult::rejected(
                u"work_name_in_use"_s,
                u"work name '%1' already names another movement (%2); nothing was sent. Use a "
                "new work name for a different movement."_s.arg(input.workName,
                                                                describeRow(*live)));
        return drive(*live, actor);
    }
    return openNew(input, actor);
}

std::optional<ToolResult> CreditEngine::checkAccount(const CreditInput &in)
{
    const SlenReply reply = m_client.getCustomer(in.customerId);
    if (reply.http.status == 404)
        return ToolResult::rejected(u"unknown_customer"_s,
                                    u"the provider has no customer %1"_s.arg(in.customerId));
    const auto account = reply.ok() ? parseSlenAccount(reply.http.body) : std::nullopt;
    if (!account)
        return slen::readFailed(u"customer %1"_s.arg(in.customerId), reply);
    if (!account->balances.contains(in.creditType))
        return ToolResult::rejected(
            u"unknown_credit_type"_s,
            u"customer %1 has no '%2' credits (known: %3)"_s.arg(
                in.customerId, in.creditType, account->balances.keys().join(u", "_s)));
    return std::nullopt;
}

NewOperation CreditEngine::buildOperation(const CreditInput &in, const QString &actor) const
{
    NewOperation op;
    op.id = newOperationId();
    op.kind = in.kind;
    op.provider = Provider::Slen;
    op.project = m_client.config().project;
    op.unitOfWork = in.workName;
    op.customerId = in.customerId;
    op.amount = {in.amount, in.creditType}; // credits: the "currency" is the credit type
    op.idempotencyKey = in.workName;        // rule 1: the caller's validated work name
    op.request = {"POST", pathFor(in), requestBody(in, op.id), "application/json"};
    op.attemptCap = m_config.attemptsPerOperation;
    op.windowSeconds = m_config.creditWindowSeconds;
    op.marginSeconds = m_config.marginSeconds;
    op.createdBy = actor;
    return op;
}

ToolResult CreditEngine::openNew(const CreditInput &in, const QString &actor)
{
    if (auto refused = checkAccount(in))
        return *refused;
    const OpenResult opened = m_store.openOrGet(buildOperation(in, actor));
    if (!opened.created && !sameMovement(opened.operation, in))
        return ToolResult::rejected(u"work_name_in_use"_s,
                                    u"work name '%1' was just taken by %2; nothing was sent"_s.arg(
                                        in.workName, describeRow(opened.operation)));
    if (opened.created && !in.note.isEmpty()) {
        Evidence note =
            slen::providerObject(opened.operation, u"Caller's note"_s, in.note.toUtf8(), actor);
        note.kind = u"note"_s;
        note.contentType = u"text/plain; charset=utf-8"_s;
        m_store.addEvidence(note);
    }
    return drive(opened.operation, actor);
}

ToolResult CreditEngine::resultForRow(const QString &operationId)
{
    const auto op = m_store.operation(operationId);
    if (!op)
        throw StoreError(u"operation %1 disappeared"_s.arg(operationId));
    switch (op->state) {
    case OperationState::Succeeded: {
        ToolResult r = ToolResult::succeeded(op->id, kCredit);
        if (op->providerRef.startsWith(u"mv_"_s))
            r.movementId = op->providerRef;
        return r;
    }
    case OperationState::Failed:
        return ToolResult::failed(op->id, op->failureCode).about(kCredit);
    case OperationState::Unknown:
        return ToolResult::checking(op->id).about(kCredit);
    case OperationState::Open:
        break;
    }
    return ToolResult::unconfirmed(op->id).about(kCredit);
}

ToolResult CreditEngine::checking(const Operation &op, const QString &reason, const QString &actor)
{
    m_store.markUnknown(op.id, reason, actor);
    qCInfo(lcEngine) << op.id << "unknown:" << reason;
    return resultForRow(op.id);
}

ToolResult CreditEngine::drive(const Operation &start, const QString &actor)
{
    if (start.state != OperationState::Open)
        return resultForRow(start.id); // rule 6: unknown is sticky, final is final
    const auto done = runAttempts(m_store, m_backoff, m_sleeper, m_config.attemptsPerCall, start.id,
                                  actor, [&](const AttemptTicket &ticket) {
                                      const auto [reply, outcome] =
                                          slen::sendAttempt(m_store, m_client, ticket);
                                      return settle(ticket.operation, reply, outcome, actor);
                                  });
    return done ? *done : resultForRow(start.id);
}

std::optional<ToolResult> CreditEngine::settle(const Operation &op, const SlenReply &reply,
                                               Outcome outcome, const QString &actor)
{
    switch (outcome) {
    case Outcome::Succeeded:
        return succeed(op, reply, actor);
    case Outcome::Refused:
        // Slen stores no rejection, so the key is free again and the row frees it too (rule 2).
        m_store.closeFailed(op.id, slen::refusalCode(reply), actor,
                            u"provider refused: "_s + slen::describe(reply));
        return resultForRow(op.id);
    case Outcome::Undefined:
        return checking(
            op, u"provider answered %1; the outcome is undefined"_s.arg(slen::describe(reply)),
            actor);
    case Outcome::KeyMismatch:
        return checking(op, u"provider holds a different request under this key"_s, actor);
    case Outcome::Credentials:
        return slen::credentialsProblem(op, reply.http.status, kCredit);
    case Outcome::InProgress:
    case Outcome::NoAnswer:
    case Outcome::InFlight:
        if (op.attempts >= op.attemptCap)
            return checking(op, u"attempt cap reached without an answer"_s, actor);
        return std::nullopt;
    }
    return std::nullopt;
}

ToolResult CreditEngine::succeed(const Operation &op, const SlenReply &reply, const QString &actor)
{
    const auto answer = parseSlenMovementReply(reply.http.body);
    if (!answer) // answerFor() only classifies readable bodies as Succeeded
        return checking(op, u"provider answer could not be read"_s, actor);
    const auto &mv = answer->movement;
    // A movement for another operation or amount: our request and the provider's memory differ.
    if (mv && (mv->note != op.id || mv->amount != op.amount.minor ||
               mv->creditType != op.amount.currency))
        return checking(op, u"provider returned a movement that is not this operation's"_s, actor);
    const QString title = mv ? u"Movement %1 as returned by the provider"_s.arg(mv->id)
                             : u"Account after an expired-answer replay"_s;
    m_store.addEvidence(slen::providerObject(op, title, reply.http.body, actor));
    // After 24 h Slen answers a replay with the account only: the credits moved once, under
    // this key, but the movement id is no longer told. The key is then the reference.
    const QString ref = mv ? mv->id : u"key:"_s + op.idempotencyKey;
    m_store.closeSucceeded(op.id, ref, u"succeeded"_s, actor,
                           answer->replayed ? u"provider replayed the stored answer"_s
                                            : u"provider applied the movement"_s);
    ToolResult r = resultForRow(op.id);
    if (r.status == ToolResult::Status::Succeeded) {
        r.replayed = answer->replayed;
        if (mv)
            r.balanceAfter = mv->balanceAfter;
    }
    return r;
}

} // namespace ops
