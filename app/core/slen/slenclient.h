#pragma once

// Slen v1 over HTTP (docs/design.md §5): JSON bodies, bearer auth, and an Idempotency-Key on every
// money-moving POST. send() posts stored bytes unchanged (rule 3); the read calls serve input
// checks and moving an unfinished execution on.

#include "domain/classification.h"
#include "domain/operation.h"
#include "slen/slenobjects.h"
#include "transport/httptransport.h"

#include <chrono>

namespace ops {

struct SlenConfig
{
    QUrl baseUrl;   // the Slen API or the simulator
    QString secret; // API key; never logged, never stored
    // The project the API key belongs to. Slen scopes keys by project, so our rows do too; the
    // key itself does not tell us, so it is configured (OPS_SLEN_PROJECT).
    QString project = QStringLiteral("default");
    std::chrono::milliseconds timeout{10'000};
};

struct SlenReply
{
    HttpResponse http;
    std::optional<SlenError> error;
    bool replayed = false; // body field "replayed"
    QString requestId;     // Request-Id header, else error.request_id

    bool ok() const { return http.status >= 200 && http.status < 300; }
};

class SlenClient
{
public:
    SlenClient(HttpTransport &transport, SlenConfig config);

    // An empty key is refused here, before any request, as the SDK does (invalid_request).
    SlenReply send(const StoredRequest &request, const QString &idempotencyKey);
    SlenReply getCustomer(const QString &customerId);
    SlenReply getExecution(const QString &executionId);

    // What the classification table needs from a reply to a stored request of `kind`.
    static ProviderAnswer answerFor(const SlenReply &reply, OperationKind kind);

    const SlenConfig &config() const { return m_config; }

private:
    SlenReply exchange(const QByteArray &method, const QString &path, const QByteArray &body,
                       const QString &idempotencyKey);

    HttpTransport &m_transport;
    SlenConfig m_config;
};

} // namespace ops
