#pragma once

// A small blocking HTTP/1.1 client for provider-sim's admin API on 127.0.0.1. One request per
// connection ("Connection: close"), so the reply ends when the server closes the socket or the
// Content-Length is reached. No event loop needed; used before and after the agents run.

#include <QByteArray>
#include <QString>
#include <nlohmann/json.hpp>

namespace ops::chaos {

struct HttpResult
{
    int status = 0; // 0: no reply (refused, timeout, closed early)
    QByteArray body;
    QString error;
};

HttpResult httpCall(quint16 port, const QByteArray &method, const QByteArray &path,
                    const QByteArray &body = {}, int timeoutMs = 15000);

// JSON admin call. Throws std::runtime_error on a transport failure, a non-2xx status or a
// body that is not JSON: the harness cannot judge a run whose admin calls failed.
nlohmann::json adminCall(quint16 port, const QByteArray &method, const QByteArray &path,
                         const nlohmann::json &body = nullptr);

} // namespace ops::chaos
