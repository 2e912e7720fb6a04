#include "slenhandler.h"

namespace ops::sim {

SlenHandler::SlenHandler(SimWorld &world)
    : m_world(world)
{
}

SlenHandler::~SlenHandler() = default;

bool SlenHandler::matches(const SimRequest &request) const
{
    return request.path.startsWith(QStringLiteral("/v1/customers/"))
           || request.path == QStringLiteral("/v1/operations/execute")
           || request.path.startsWith(QStringLiteral("/v1/executions/"));
}

std::optional<SimResponse> SlenHandler::admit(const SimRequest &, Admission &)
{
    return SimResponse::json(501, {{"error", {{"code", "not_implemented"}}}});
}

SimResponse SlenHandler::execute(const SimRequest &, const Admission &, const Fault &)
{
    return SimResponse::json(501, {{"error", {{"code", "not_implemented"}}}});
}

void SlenHandler::abandon(const SimRequest &, const Admission &) {}

void SlenHandler::seed(const nlohmann::json &) {}

void SlenHandler::forgetKey(const QString &, const QString &) {}

} // namespace ops::sim
