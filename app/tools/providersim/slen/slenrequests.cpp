#include "providersim/slen/slenrequests.h"

#include "providersim/slen/slenaccounts.h"

namespace ops::sim::slen {

namespace {

constexpr qsizetype kMaxCreditTypeChars = 64;
constexpr qsizetype kMaxNoteChars = 500;

bool isMovementKind(const QString &kind)
{
    return kind == QLatin1String("topup") || kind == QLatin1String("charge") ||
           kind == QLatin1String("adjust");
}

Route routeFor(const QByteArray &method, Route route)
{
    const bool wantsPost =
        route.type == Route::Type::Movement || route.type == Route::Type::Execute;
    const QByteArray expected = wantsPost ? QByteArrayLiteral("POST") : QByteArrayLiteral("GET");
    if (method != expected)
        route.type = Route::Type::MethodNotAllowed;
    return route;
}

// The body as a JSON object; discarded when it is not one.
nlohmann::json parseObject(const QByteArray &body)
{
    nlohmann::json json =
        nlohmann::json::parse(body.constData(), body.constData() + body.size(), nullptr, false);
    return json.is_object() ? json : nlohmann::json(nlohmann::json::value_t::discarded);
}

QString notAnObject()
{
    return QStringLiteral("The request body must be a JSON object");
}

std::optional<qint64> amountOf(const nlohmann::json &json)
{
    const auto it = json.find("amount");
    if (it == json.end() || !it->is_number_integer())
        return std::nullopt;
    if (it->is_number_unsigned() && it->get<quint64>() > quint64(SlenAccounts::kMaxBalance))
        return std::nullopt;
    const qint64 amount = it->get<qint64>();
    if (amount > SlenAccounts::kMaxBalance || amount < -SlenAccounts::kMaxBalance)
        return std::nullopt;
    return amount;
}

bool isOptionalString(const nlohmann::json &json, const char *name)
{
    const auto it = json.find(name);
    return it == json.end() || it->is_null() || it->is_string();
}

QString stringOf(const nlohmann::json &json, const char *name)
{
    const auto it = json.find(name);
    if (it == json.end() || !it->is_string())
        return {};
    return QString::fromStdString(it->get<std::string>());
}

} // namespace

Route routeOf(const SimRequest &request)
{
    const QStringList parts = request.path.split(QLatin1Char('/'));
    // "/v1/customers/u_1/topup" → ["", "v1", "customers", "u_1", "topup"]
    if (parts.size() < 4 || !parts.at(0).isEmpty() || parts.at(1) != QLatin1String("v1"))
        return {};
    const QString &collection = parts.at(2);
    const QString &id = parts.at(3);
    if (parts.size() == 4 && collection == QLatin1String("operations") &&
        id == QLatin1String("execute"))
        return routeFor(request.method, {Route::Type::Execute, {}, {}});
    if (id.isEmpty())
        return {};
    if (parts.size() == 4 && collection == QLatin1String("customers"))
        return routeFor(request.method, {Route::Type::GetCustomer, id, {}});
    if (parts.size() == 4 && collection == QLatin1String("executions"))
        return routeFor(request.method, {Route::Type::GetExecution, id, {}});
    if (parts.size() == 5 && collection == QLatin1String("customers") &&
        isMovementKind(parts.at(4)))
        return routeFor(request.method, {Route::Type::Movement, id, parts.at(4)});
    return {};
}

std::variant<MovementBody, QString> parseMovement(const QString &kind, const QByteArray &body)
{
    const auto object = parseObject(body);
    if (object.is_discarded())
        return notAnObject();
    const nlohmann::json *json = &object;
    MovementBody movement;
    movement.creditType = stringOf(*json, "credit_type");
    if (movement.creditType.isEmpty() || movement.creditType.size() > kMaxCreditTypeChars)
        return QStringLiteral("credit_type must be a non-empty string of at most 64 characters");
    const auto amount = amountOf(*json);
    if (!amount)
        return QStringLiteral("amount must be an integer between -10^15 and 10^15");
    movement.amount = *amount;
    const bool adjust = kind == QLatin1String("adjust");
    if ((adjust && movement.amount == 0) || (!adjust && movement.amount <= 0))
        return adjust ? QStringLiteral("amount of an adjustment must not be zero")
                      : QStringLiteral("amount must be positive");
    movement.note = stringOf(*json, "note");
    if (!isOptionalString(*json, "note") || movement.note.size() > kMaxNoteChars)
        return QStringLiteral("note must be a string of at most 500 characters");
    return movement;
}

std::variant<ExecuteBody, QString> parseExecute(const QByteArray &body)
{
    auto object = parseObject(body);
    if (object.is_discarded())
        return notAnObject();
    nlohmann::json *json = &object;
    ExecuteBody execute;
    execute.flow = stringOf(*json, "flow");
    if (execute.flow.isEmpty())
        return QStringLiteral("flow must be a non-empty string");
    const auto input = json->find("input");
    if (input == json->end() || !input->is_object())
        return QStringLiteral("input must be an object");
    const auto context = json->find("context");
    if (context != json->end() && !context->is_null() && !context->is_object())
        return QStringLiteral("context must be an object");
    const QString mode = stringOf(*json, "execution_mode");
    if (json->contains("execution_mode") && mode != QLatin1String("sync") &&
        mode != QLatin1String("async"))
        return QStringLiteral("execution_mode must be \"sync\" or \"async\"");
    if (json->contains("external_user_id") && stringOf(*json, "external_user_id").isEmpty())
        return QStringLiteral("external_user_id must be a non-empty string");
    execute.json = std::move(*json);
    return execute;
}

} // namespace ops::sim::slen
