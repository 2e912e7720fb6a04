#include "providersim/alertsinks/alertsinks.h"

namespace ops::sim {

namespace {

SimResponse adminError(int status, const char *code, const QString &message)
{
    return SimResponse::json(status,
                             {{"error", {{"code", code}, {"message", message.toStdString()}}}});
}

} // namespace

AlertSinks::AlertSinks(SimWorld &world, FaultTable &faults)
    : m_slack(std::make_unique<SlackSink>(world, m_ledger))
    , m_smtp(std::make_unique<SmtpSink>(faults, m_ledger, world.clock))
{}

AlertSinks::~AlertSinks() = default;

bool AlertSinks::isAdminRoute(const SimRequest &request)
{
    return request.path == QLatin1String("/_sim/alerts") ||
           request.path.startsWith(QLatin1String("/_sim/alerts/"));
}

SimResponse AlertSinks::admin(const SimRequest &request)
{
    if (!request.fromLoopback)
        return adminError(403, "forbidden", QStringLiteral("/_sim/ answers loopback peers only"));
    const QByteArray &m = request.method;
    const QString &p = request.path;
    if (p == QLatin1String("/_sim/alerts") && m == "GET")
        return SimResponse::json(200, m_ledger.toJson());
    if (p == QLatin1String("/_sim/alerts/reset") && m == "POST") {
        reset();
        return SimResponse::json(200, {{"reset", true}});
    }
    if (p == QLatin1String("/_sim/alerts/config") && m == "GET")
        return SimResponse::json(200, configJson());
    if (p == QLatin1String("/_sim/alerts/config") && m == "POST") {
        const auto body = nlohmann::json::parse(request.body.toStdString(), nullptr, false);
        if (body.is_discarded() || !body.is_object())
            return adminError(400, "invalid_json", QStringLiteral("the body is not a JSON object"));
        return configure(body);
    }
    return adminError(404, "not_found",
                      QStringLiteral("no admin route %1 %2").arg(QString::fromLatin1(m), p));
}

SimResponse AlertSinks::configure(const nlohmann::json &body)
{
    for (const char *field : {"smtp_user", "smtp_password", "smtp_auth"}) {
        if (body.contains(field) && !body[field].is_string())
            return adminError(400, "invalid_config",
                              QStringLiteral("%1 is a string").arg(QLatin1String(field)));
    }
    if (body.contains("smtp_auth")) {
        const auto error = configureMechanisms(body["smtp_auth"]);
        if (!error.isEmpty())
            return adminError(400, "invalid_config", error);
    }
    if (body.contains("slack_hooks")) {
        if (const auto error = m_slack->configure(body["slack_hooks"]))
            return adminError(400, "invalid_config", *error);
    }
    if (body.contains("smtp_user") || body.contains("smtp_password")) {
        const SmtpSinkSettings &s = m_smtp->settings();
        m_smtp->setCredentials(
            QString::fromStdString(body.value("smtp_user", s.user.toStdString())),
            QString::fromStdString(body.value("smtp_password", s.password.toStdString())));
    }
    return SimResponse::json(200, configJson());
}

// "PLAIN LOGIN", "LOGIN": the mechanisms EHLO offers, each PLAIN or LOGIN, at least one.
QString AlertSinks::configureMechanisms(const nlohmann::json &value)
{
    const QList<QByteArray> names =
        QByteArray::fromStdString(value.get<std::string>()).toUpper().simplified().split(' ');
    for (const QByteArray &name : names) {
        if (name != "PLAIN" && name != "LOGIN")
            return QStringLiteral("smtp_auth names PLAIN and/or LOGIN, separated by a space");
    }
    m_smtp->setMechanisms(names);
    return {};
}

nlohmann::json AlertSinks::configJson() const
{
    const SmtpSinkSettings &s = m_smtp->settings();
    return {{"slack_hooks", m_slack->hooksJson()},
            {"smtp_user", s.user.toStdString()},
            {"smtp_auth", s.mechanisms.join(' ').toStdString()},
            {"smtp_starttls", s.offersTls()},
            {"smtp_port", m_smtp->isListening() ? int(m_smtp->serverPort()) : 0}};
}

} // namespace ops::sim
