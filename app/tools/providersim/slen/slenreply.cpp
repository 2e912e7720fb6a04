#include "providersim/slen/slenreply.h"

#include <QUuid>

namespace ops::sim::slen {

namespace {

QByteArray requestIdOf(const SimRequest &request)
{
    if (!request.requestId.isEmpty())
        return request.requestId.toUtf8();
    return QUuid::createUuid().toByteArray(QUuid::WithoutBraces);
}

} // namespace

SimResponse reply(const SimRequest &request, int status, const nlohmann::json &body)
{
    SimResponse response = SimResponse::json(status, body);
    const QByteArray requestId = requestIdOf(request);
    response.setHeader("Request-Id", requestId);
    response.setHeader("X-Request-Id", requestId);
    return response;
}

SimResponse error(const SimRequest &request, int status, const char *code, const QString &message,
                  const nlohmann::json &extra)
{
    const QByteArray requestId = requestIdOf(request);
    nlohmann::json object = {{"code", code},
                             {"message", message.toStdString()},
                             {"request_id", requestId.toStdString()}};
    if (extra.is_object())
        object.update(extra);
    SimResponse response = SimResponse::json(status, {{"error", object}});
    response.setHeader("Request-Id", requestId);
    response.setHeader("X-Request-Id", requestId);
    return response;
}

} // namespace ops::sim::slen
