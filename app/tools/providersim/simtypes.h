#pragma once

// Shared vocabulary of provider-sim: requests and responses as plain values, the simulator's
// clock, its ledger of applied money movements, and the fault a request was given (simfault.h).
// Handlers (Stripe, Slen, admin) see only these types; the HTTP server wrapper turns sockets into
// them.

#include "providersim/simfault.h"

#include <QByteArray>
#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QUrlQuery>
#include <nlohmann/json.hpp>
#include <optional>
#include <utility>
#include <vector>

namespace ops::sim {

struct SimRequest
{
    QByteArray method;                     // upper case: "GET", "POST", "DELETE"
    QString path;                          // decoded path, no query: "/v1/refunds/re_1"
    QUrlQuery query;                       // decoded query string
    QHash<QByteArray, QByteArray> headers; // names lower-cased
    QByteArray body;
    QByteArray rawQuery;      // query string exactly as sent (percent-encoded), no '?'
    QString requestId;        // "req_…", assigned by the router on arrival
    bool fromLoopback = true; // peer address is loopback (admin routes require it)

    QByteArray header(const QByteArray &lowerName) const { return headers.value(lowerName); }
    // "POST /v1/refunds" style label used to match fault rules; ids are kept as sent.
    QString routeLabel() const { return QString::fromLatin1(method) + QLatin1Char(' ') + path; }
};

struct SimResponse
{
    int status = 200;
    QByteArray body; // always JSON for provider routes
    QList<std::pair<QByteArray, QByteArray>> headers;

    void setHeader(const QByteArray &name, const QByteArray &value)
    {
        for (auto &h : headers) {
            if (h.first.compare(name, Qt::CaseInsensitive) == 0) {
                h.second = value;
                return;
            }
        }
        headers.append({name, value});
    }
    static SimResponse json(int status, const nlohmann::json &body)
    {
        SimResponse r;
        r.status = status;
        // replace: a stray invalid UTF-8 sequence must not throw out of a handler
        r.body = QByteArray::fromStdString(
            body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        r.setHeader("Content-Type", "application/json");
        return r;
    }
};

// Simulator time: wall clock plus an offset that /_sim/clock moves, so 24-hour key retention
// is tested in milliseconds. Always UTC.
class SimClock
{
public:
    QDateTime now() const { return QDateTime::currentDateTimeUtc().addMSecs(m_offsetMs); }
    qint64 nowSecs() const { return now().toSecsSinceEpoch(); }
    void advance(qint64 seconds) { m_offsetMs += seconds * 1000; }
    void set(const QDateTime &utc) { m_offsetMs = QDateTime::currentDateTimeUtc().msecsTo(utc); }

private:
    qint64 m_offsetMs = 0;
};

// One money movement the simulator applied. The ledger is the ground truth that tests and the
// chaos harness compare the operation rows against.
struct Movement
{
    QString provider;       // "stripe" | "slen" | "adyen"
    QString kind;           // "refund" | "topup" | "charge" | "adjust"
    QString id;             // provider object id: re_…, mv_…
    QString charge;         // stripe: charge id
    QString customer;       // slen: external user id
    QString project;        // slen: project of the API key
    QString creditType;     // slen: credit type
    qint64 amount = 0;      // minor units (stripe) or credits (slen); adjust may be negative
    QString currency;       // stripe only
    QString idempotencyKey; // as received, may be empty
    QString operationId;    // metadata[operation_id] / note / context.operation_id
    QDateTime at;           // simulator time
};

nlohmann::json toJson(const Movement &m);

class Ledger
{
public:
    void record(Movement m) { m_movements.push_back(std::move(m)); }
    const std::vector<Movement> &movements() const { return m_movements; }
    nlohmann::json toJson() const;
    void clear() { m_movements.clear(); }

private:
    std::vector<Movement> m_movements;
};

// State every handler shares: time, the ledger, and which project each API key belongs to.
struct SimWorld
{
    SimClock clock;
    Ledger ledger;
    QHash<QString, QString> apiKeyProject; // "sk_test_demo" -> "demo"

    // API key of "Authorization: Bearer <key>" or "Basic base64(<key>:)" (Stripe accepts the
    // key as the Basic user name), else of Adyen's "X-API-Key"; empty when absent or malformed.
    static QString apiKeyOf(const SimRequest &request);

    // Project of the request's API key, or nullopt when missing/unknown.
    std::optional<QString> projectFor(const SimRequest &request) const;
};

} // namespace ops::sim
