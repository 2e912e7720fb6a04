#include "slen/slenobjects.h"

#include "transport/jsonfields.h"

using nlohmann::json;
using namespace Qt::StringLiterals;

namespace ops {

namespace {

using jsonfields::flag;
using jsonfields::integer;
using jsonfields::parseObject;
using jsonfields::text;

std::optional<SlenAccount> accountFrom(const json &j)
{
    if (!j.is_object())
        return std::nullopt;
    SlenAccount account;
    account.customerId = text(j, "external_user_id");
    const auto balances = j.find("balances");
    if (account.customerId.isEmpty() || balances == j.end() || !balances->is_object())
        return std::nullopt;
    for (const auto &[type, value] : balances->items()) {
        if (!value.is_number_integer())
            return std::nullopt;
        account.balances.insert(QString::fromStdString(type), value.get<qint64>());
    }
    return account;
}

std::optional<SlenMovement> movementFrom(const json &j)
{
    if (!j.is_object())
        return std::nullopt;
    SlenMovement m;
    m.id = text(j, "id");
    m.kind = text(j, "kind");
    m.customerId = text(j, "external_user_id");
    m.creditType = text(j, "credit_type");
    m.note = text(j, "note");
    const auto amount = integer(j, "amount");
    const auto balance = integer(j, "balance_after");
    if (m.id.isEmpty() || m.creditType.isEmpty() || !amount || !balance)
        return std::nullopt;
    m.amount = *amount;
    m.balanceAfter = *balance;
    return m;
}

} // namespace

bool isKnownExecutionStatus(const QString &status)
{
    return status == u"queued"_s || status == u"waiting"_s || status == u"running"_s ||
           status == u"succeeded"_s || status == u"failed"_s;
}

std::optional<SlenError> parseSlenError(const QByteArray &body)
{
    const auto j = parseObject(body);
    if (!j)
        return std::nullopt;
    const auto e = j->find("error");
    if (e == j->end() || !e->is_object())
        return std::nullopt;
    SlenError error{text(*e, "code"), text(*e, "message"), text(*e, "request_id"),
                    text(*e, "execution_id")};
    if (error.code.isEmpty())
        return std::nullopt;
    return error;
}

std::optional<SlenAccount> parseSlenAccount(const QByteArray &body)
{
    const auto j = parseObject(body);
    if (!j)
        return std::nullopt;
    // GET /v1/customers/{id} answers the account itself; movement replies nest it.
    if (const auto nested = j->find("account"); nested != j->end())
        return accountFrom(*nested);
    return accountFrom(*j);
}

std::optional<SlenMovementReply> parseSlenMovementReply(const QByteArray &body)
{
    const auto j = parseObject(body);
    if (!j)
        return std::nullopt;
    const auto account = j->find("account");
    if (account == j->end())
        return std::nullopt;
    const auto parsedAccount = accountFrom(*account);
    if (!parsedAccount)
        return std::nullopt;
    SlenMovementReply reply;
    reply.account = *parsedAccount;
    reply.replayed = flag(*j, "replayed");
    const auto movement = j->find("movement");
    if (movement != j->end() && !movement->is_null()) {
        reply.movement = movementFrom(*movement);
        if (!reply.movement)
            return std::nullopt;
    }
    // Without a movement the answer only means something as an expired-answer replay.
    if (!reply.movement && !reply.replayed)
        return std::nullopt;
    return reply;
}

std::optional<SlenExecution> parseSlenExecution(const QByteArray &body)
{
    const auto j = parseObject(body);
    if (!j)
        return std::nullopt;
    SlenExecution e;
    e.id = text(*j, "execution_id");
    e.flow = text(*j, "flow");
    e.status = text(*j, "status");
    e.errorCode = text(*j, "error_code");
    e.replayed = flag(*j, "replayed");
    if (e.id.isEmpty() || !isKnownExecutionStatus(e.status))
        return std::nullopt;
    if (const auto context = j->find("context"); context != j->end() && context->is_object())
        e.operationId = text(*context, "operation_id");
    if (const auto result = j->find("result"); result != j->end())
        e.result = *result;
    if (const auto cost = j->find("cost"); cost != j->end() && cost->is_object())
        e.costActual = integer(*cost, "actual");
    return e;
}

} // namespace ops
