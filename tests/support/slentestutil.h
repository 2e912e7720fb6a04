#pragma once

// Helpers for the Slen unit suites: a SimWorld + SlenHandler with two projects, and requests
// driven through admit() / execute() the way the simulator's router does.

#include "providersim/slen/slenhandler.h"

#include <QTest>
#include <limits>
#include <memory>

namespace ops::sim::test {

inline const QByteArray kAlphaKey = QByteArrayLiteral("sk_test_alpha");
inline const QByteArray kBetaKey = QByteArrayLiteral("sk_test_beta");

inline nlohmann::json defaultSeed()
{
    return nlohmann::json::parse(R"({
      "customers": [
        {"id": "u_1", "project": "alpha", "balances": {"credits": 1000, "minutes": 10}},
        {"id": "u_2", "project": "alpha", "balances": {"credits": 50}},
        {"id": "u_1", "project": "beta", "balances": {"credits": 300}}
      ],
      "flows": [
        {"id": "instant", "run_seconds": 0, "result": {"text": "hello"}, "cost": 7},
        {"id": "slow", "run_seconds": 10, "queued_seconds": 2, "waiting_seconds": 3,
         "result": {"text": "done"}},
        {"id": "picky", "run_seconds": 0, "required_input": ["messages"]},
        {"id": "refuses", "run_seconds": 5, "fails_with": "invalid_flow_input"},
        {"id": "breaks", "run_seconds": 5, "fails_with": "model_error"}
      ]
    })");
}

struct Fixture
{
    SimWorld world;
    SlenHandler handler{world};

    Fixture()
    {
        world.apiKeyProject.insert(QString::fromLatin1(kAlphaKey), QStringLiteral("alpha"));
        world.apiKeyProject.insert(QString::fromLatin1(kBetaKey), QStringLiteral("beta"));
        handler.seed(defaultSeed());
    }

    qint64 balance(const QString &project, const QString &customer,
                   const QString &type = QStringLiteral("credits")) const
    {
        const SlenCustomer *c = handler.accounts().find(project, customer);
        return c ? c->balances.value(type, 0) : -1;
    }
    qsizetype ledgerSize() const { return qsizetype(world.ledger.movements().size()); }
};

inline SimRequest post(const QString &path, const QByteArray &body,
                       const std::optional<QByteArray> &key, const QByteArray &apiKey = kAlphaKey)
{
    SimRequest request;
    request.method = "POST";
    request.path = path;
    request.body = body;
    request.headers.insert("authorization", "Bearer " + apiKey);
    request.headers.insert("content-type", "application/json");
    if (key)
        request.headers.insert("idempotency-key", *key);
    return request;
}

inline SimRequest get(const QString &path, const QByteArray &apiKey = kAlphaKey)
{
    SimRequest request;
    request.method = "GET";
    request.path = path;
    request.headers.insert("authorization", "Bearer " + apiKey);
    return request;
}

// One request through both phases, as the router runs it.
inline SimResponse send(Fixture &f, const SimRequest &request, const Fault &fault = {})
{
    Admission admission;
    if (auto early = f.handler.admit(request, admission))
        return *early;
    return f.handler.execute(request, admission, fault);
}

inline nlohmann::json json(const SimResponse &response)
{
    return nlohmann::json::parse(response.body.toStdString(), nullptr, false);
}

// JSON values as Qt types for QCOMPARE: strings as they are, anything else as its dump.
inline QString s(const nlohmann::json &value)
{
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    return QString::fromStdString(value.dump());
}

inline qint64 n(const nlohmann::json &value)
{
    return value.is_number_integer() ? value.get<qint64>() : std::numeric_limits<qint64>::min();
}

inline QString errorCode(const SimResponse &response)
{
    const auto body = json(response);
    if (!body.is_object() || !body.contains("error"))
        return {};
    return QString::fromStdString(body["error"].value("code", std::string()));
}

inline QByteArray headerOf(const SimResponse &response, const QByteArray &name)
{
    for (const auto &h : response.headers) {
        if (h.first.compare(name, Qt::CaseInsensitive) == 0)
            return h.second;
    }
    return {};
}

inline QString topupPath(const QString &customer = QStringLiteral("u_1"))
{
    return QStringLiteral("/v1/customers/") + customer + QStringLiteral("/topup");
}

inline const QString kExecutePath = QStringLiteral("/v1/operations/execute");

} // namespace ops::sim::test
