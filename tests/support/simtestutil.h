#pragma once

// Helpers shared by the provider-sim suites: a started simulator with the demo seed, and
// Stripe-style requests (secret key, form body, optional Idempotency-Key).

#include "support/simprocess.h"
#include "support/testpaths.h"

#include <QUrl>
#include <QtTest>
#include <memory>

namespace ops::test {

inline std::unique_ptr<SimProcess> startDemoSim(const QStringList &args = {})
{
    auto sim = std::make_unique<SimProcess>(ops::test::providerSimPath(),
                                            SimProcess::demoSeedPath(ops::test::sourceDir()));
    if (!sim->start(args))
        qWarning("provider-sim: %s", qPrintable(sim->error()));
    return sim;
}

// Form-encodes pairs the way stripe-node does (UTF-8 percent-encoding, '+' for space).
inline QByteArray form(const QList<std::pair<QString, QString>> &pairs)
{
    QByteArray out;
    for (const auto &[k, v] : pairs) {
        if (!out.isEmpty())
            out += '&';
        out += QUrl::toPercentEncoding(k, "[]") + '=' +
               QUrl::toPercentEncoding(v, " ").replace(' ', '+');
    }
    return out;
}

inline HeaderList stripeHeaders(const QString &key = {},
                                const QByteArray &auth = "Bearer sk_test_demo")
{
    HeaderList h;
    h.append(std::pair<QByteArray, QByteArray>("Authorization", auth));
    h.append(
        std::pair<QByteArray, QByteArray>("Content-Type", "application/x-www-form-urlencoded"));
    if (!key.isNull())
        h.append(std::pair<QByteArray, QByteArray>("Idempotency-Key", key.toUtf8()));
    return h;
}

inline HttpReply postRefund(const SimProcess &sim, const QByteArray &body, const QString &key = {},
                            int timeoutMs = 10000)
{
    return sim.request("POST", QStringLiteral("/v1/refunds"), body, stripeHeaders(key), timeoutMs);
}

inline HttpReply stripeGet(const SimProcess &sim, const QString &pathAndQuery)
{
    return sim.request("GET", pathAndQuery, {}, stripeHeaders());
}

inline QString str(const nlohmann::json &j, const char *name)
{
    return j.contains(name) && j[name].is_string()
               ? QString::fromStdString(j[name].get<std::string>())
               : QString();
}

inline QString errorCode(const HttpReply &r)
{
    const auto j = r.json();
    return j.is_object() && j.contains("error") ? str(j["error"], "code") : QString();
}

inline QString errorType(const HttpReply &r)
{
    const auto j = r.json();
    return j.is_object() && j.contains("error") ? str(j["error"], "type") : QString();
}

} // namespace ops::test
