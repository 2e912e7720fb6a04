#include "providersim/simtypes.h"

namespace ops::sim {

nlohmann::json toJson(const Movement &m)
{
    nlohmann::json j = {
        {"provider", m.provider.toStdString()},
        {"kind", m.kind.toStdString()},
        {"id", m.id.toStdString()},
        {"amount", m.amount},
        {"idempotency_key", m.idempotencyKey.toStdString()},
        {"operation_id", m.operationId.toStdString()},
        {"at", m.at.toUTC().toString(Qt::ISODateWithMs).toStdString()},
    };
    // Stripe movements name a charge and a currency, Slen ones a customer and a credit type.
    if (!m.charge.isEmpty())
        j["charge"] = m.charge.toStdString();
    if (!m.currency.isEmpty())
        j["currency"] = m.currency.toStdString();
    if (!m.customer.isEmpty())
        j["customer"] = m.customer.toStdString();
    if (!m.project.isEmpty())
        j["project"] = m.project.toStdString();
    if (!m.creditType.isEmpty())
        j["credit_type"] = m.creditType.toStdString();
    return j;
}

nlohmann::json Ledger::toJson() const
{
    nlohmann::json list = nlohmann::json::array();
    for (const Movement &m : m_movements)
        list.push_back(ops::sim::toJson(m));
    return {{"movements", list}};
}

QString SimWorld::apiKeyOf(const SimRequest &request)
{
    const QByteArray auth = request.header("authorization");
    if (auth.isEmpty())
        return QString::fromUtf8(request.header("x-api-key")).trimmed();
    if (auth.startsWith("Bearer "))
        return QString::fromUtf8(auth.mid(7)).trimmed();
    if (!auth.startsWith("Basic "))
        return {};
    const auto decoded = QByteArray::fromBase64Encoding(auth.mid(6).trimmed(),
                                                        QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return {};
    const QByteArray user = decoded.decoded.left(decoded.decoded.indexOf(':'));
    return QString::fromUtf8(user);
}

std::optional<QString> SimWorld::projectFor(const SimRequest &request) const
{
    const QString key = apiKeyOf(request);
    if (key.isEmpty())
        return std::nullopt;
    const auto it = apiKeyProject.constFind(key);
    if (it == apiKeyProject.constEnd())
        return std::nullopt;
    return *it;
}

} // namespace ops::sim
