#include "engine/creditengine.h"

#include "domain/agent.h"
#include "domain/evidencemaking.h"
#include "engine/attemptsupport.h"
#include "engine/refundengine.h" // newOperationId
#include "slen/workname.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr int kMaxIdChars = 255;
constexpr int kMaxNoteChars = 500;

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

// Input checks before anything is stored: a GET refused for our API key, or not answered.
ToolResult readFailed(const QString &what, const SlenReply &reply)
{
    if (reply.http.status == 401 || reply.http.status == 403)
        return ToolResult::rejected(u"provider_credentials"_s,
                                    u"the provider refused our API key; check OPS_SLEN_KEY"_s);
    return ToolResult::rejected(u"provider_unreachable"_s,
                                u"could not read %1 from the provider (%2); nothing was stored "
                                "or sent, try again later"_s.arg(what, describe(replyView(reply))));
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

std::optional<ToolResult> CreditEngine::validate(const CreditInput &in)
{
    const auto bad = [](const QString &message) {
        return ToolResult::rejected(u"invalid_request"_s, message);
    };
    if (!isCreditKind(in.kind))
        return bad(u"not a credit movement"_s);
    if (const auto checked = checkWorkName(in.workName); !checked)
        return bad(checked.error());
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
    if (const auto may = actorMaySendMoney(m_session, actor); !may)
        return notPermitted(may.error()).about(ToolResult::Subject::Credit);
    // Rule 2: a live row holding this work name is the only thing a retry may touch.
    const QString project = m_client.config().project;
    if (auto live = m_store.findLiveCredit(Provider::Slen, project, input.workName)) {
        if (!sameMovement(*live, input))
            return ToolResult::rejected(
                u"work_name_in_use"_s,
                u"work name '%1' already names another movement (%2); nothing was sent. Use a "
                "new work name for a different movement."_s.arg(input.workName,
                                                                describeRow(*live)));
        return m_rules.drive(*live, actor);
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
        return readFailed(u"customer %1"_s.arg(in.customerId), reply);
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
    op.agent = agentOfActor(actor); // its rate applies in the opening transaction
    return op;
}

ToolResult CreditEngine::openNew(const CreditInput &in, const QString &actor)
{
    if (auto refused = checkAccount(in))
        return *refused;
    // Rules 1 and 4 in one commit: the row, its key and the first counted attempt.
    const OpenResult opened = m_store.openOrGet(buildOperation(in, actor), {}, actor);
    if (auto refused = openingRefusal(opened))
        return refused->about(ToolResult::Subject::Credit);
    if (!opened.created && !sameMovement(opened.operation, in))
        return ToolResult::rejected(u"work_name_in_use"_s,
                                    u"work name '%1' was just taken by %2; nothing was sent"_s.arg(
                                        in.workName, describeRow(opened.operation)));
    if (opened.created && !in.note.isEmpty()) {
        Evidence note =
            noteEvidence(opened.operation.id, u"Caller's note"_s, in.note.toUtf8(), actor);
        note.contentType = u"text/plain; charset=utf-8"_s;
        m_store.addEvidence(note);
    }
    return m_rules.drive(opened, actor);
}

} // namespace ops
