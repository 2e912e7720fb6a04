#include "providersim/alertsinks/slacksink.h"

namespace ops::sim {

namespace {

const QString kPrefix = QStringLiteral("/_sink/slack/");

} // namespace

SlackSink::SlackSink(SimWorld &world, AlertLedger &ledger)
    : m_world(world)
    , m_ledger(ledger)
{}

SimResponse SlackSink::text(int status, const QByteArray &words)
{
    SimResponse r;
    r.status = status;
    r.body = words;
    r.setHeader("Content-Type", "text/plain; charset=utf-8");
    return r;
}

QString SlackSink::hookOf(const SimRequest &request)
{
    return request.path.mid(kPrefix.size());
}

bool SlackSink::matches(const SimRequest &request) const
{
    return request.path.startsWith(kPrefix);
}

// The hook's own refusal, before the body is read: a wrong method, an unknown or closed hook.
std::optional<SimResponse> SlackSink::refusal(const SimRequest &request) const
{
    const QString hook = hookOf(request);
    if (request.method != "POST")
        return text(405, "invalid_method");
    if (hook.isEmpty() || (!m_hooks.isEmpty() && !m_hooks.contains(hook)))
        return text(404, "no_service");
    const QString state = m_hooks.value(hook);
    if (state == QLatin1String("prohibited"))
        return text(403, "action_prohibited");
    if (state == QLatin1String("archived"))
        return text(410, "channel_is_archived");
    const auto body = nlohmann::json::parse(request.body.toStdString(), nullptr, false);
    if (body.is_discarded() || !body.is_object() ||
        (body.contains("text") && !body["text"].is_string()))
        return text(400, "invalid_payload");
    if (!body.contains("text") || body["text"].get<std::string>().empty())
        return text(400, "no_text");
    return std::nullopt;
}

std::optional<SimResponse> SlackSink::admit(const SimRequest &request, Admission &admission)
{
    Q_UNUSED(admission);
    auto refused = refusal(request);
    if (refused)
        m_ledger.refused();
    return refused;
}

SimResponse SlackSink::execute(const SimRequest &request, const Admission &admission,
                               const Fault &fault)
{
    Q_UNUSED(admission);
    if (fault.mode == FaultMode::Stored500) {
        m_ledger.refused();
        return text(500, "rollup_error");
    }
    const auto body = nlohmann::json::parse(request.body.toStdString(), nullptr, false);
    AlertDelivery d;
    d.channel = QStringLiteral("slack");
    d.hook = hookOf(request);
    d.text = QString::fromStdString(body.value("text", std::string()));
    d.key = AlertLedger::textKey(d.text);
    d.answer = fault.mode == FaultMode::Stored500Applied ? 500 : 200;
    d.held = fault.mode == FaultMode::CommitThenHang;
    d.at = m_world.clock.now();
    m_ledger.deliver(d);
    if (d.held)
        m_ledger.timedOut();
    return d.answer == 500 ? text(500, "rollup_error") : text(200, "ok");
}

void SlackSink::abandon(const SimRequest &request, const Admission &admission)
{
    Q_UNUSED(request);
    Q_UNUSED(admission);
    m_ledger.timedOut(); // hang_before_commit: held, then dropped, nothing stored
}

std::optional<SimResponse> SlackSink::faultAnswer(const SimRequest &request, int status) const
{
    Q_UNUSED(request);
    m_ledger.refused();
    return status == 429 ? text(429, "rate_limited") : text(status, "service_unavailable");
}

std::optional<QString> SlackSink::configure(const nlohmann::json &hooks)
{
    if (!hooks.is_object())
        return QStringLiteral("slack_hooks is an object of hook id → \"active\", \"prohibited\" "
                              "or \"archived\"");
    QHash<QString, QString> next;
    for (auto it = hooks.begin(); it != hooks.end(); ++it) {
        const std::string state = it->is_string() ? it->get<std::string>() : std::string();
        if (state != "active" && state != "prohibited" && state != "archived")
            return QStringLiteral("hook %1: the state is one of active, prohibited, archived")
                .arg(QString::fromStdString(it.key()));
        next.insert(QString::fromStdString(it.key()), QString::fromStdString(state));
    }
    m_hooks = next;
    return std::nullopt;
}

nlohmann::json SlackSink::hooksJson() const
{
    nlohmann::json hooks = nlohmann::json::object();
    for (auto it = m_hooks.constBegin(); it != m_hooks.constEnd(); ++it)
        hooks[it.key().toStdString()] = it.value().toStdString();
    return hooks;
}

} // namespace ops::sim
