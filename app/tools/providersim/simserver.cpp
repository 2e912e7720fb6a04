#include "providersim/simserver.h"

#include <algorithm>

namespace ops::sim {

namespace {

SimRequest toSimRequest(HttpRequestData data)
{
    SimRequest r;
    r.method = std::move(data.method);
    r.path = std::move(data.path);
    r.rawQuery = std::move(data.rawQuery);
    r.query = QUrlQuery(QString::fromLatin1(r.rawQuery));
    r.headers = std::move(data.headers);
    r.body = std::move(data.body);
    r.fromLoopback = data.fromLoopback;
    return r;
}

} // namespace

ReplyChannel::ReplyChannel(ResponderPtr responder)
    : m_responder(std::move(responder))
{}

bool ReplyChannel::send(const SimResponse &response)
{
    HeaderList headers(response.headers.begin(), response.headers.end());
    const bool typed = std::any_of(headers.begin(), headers.end(), [](const auto &h) {
        return h.first.compare("content-type", Qt::CaseInsensitive) == 0;
    });
    if (!typed && !response.body.isEmpty())
        headers.append(qMakePair(QByteArray("Content-Type"), QByteArray("application/json")));
    return m_responder->send(response.status, headers, response.body);
}

SimServer::SimServer(Dispatcher dispatcher)
    : m_wire([dispatch = std::move(dispatcher)](HttpRequestData data, ResponderPtr responder) {
        dispatch(toSimRequest(std::move(data)),
                 std::make_shared<ReplyChannel>(std::move(responder)));
    })
{}

} // namespace ops::sim
