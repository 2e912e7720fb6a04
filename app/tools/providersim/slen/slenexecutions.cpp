#include "providersim/slen/slenexecutions.h"

#include "providersim/slen/slenlog.h"

#include <QUuid>

namespace ops::sim {

namespace {

qint64 intField(const nlohmann::json &object, const char *name)
{
    const auto it = object.find(name);
    if (it == object.end() || !it->is_number_integer())
        return 0;
    return std::max<qint64>(0, it->get<qint64>());
}

QString stringField(const nlohmann::json &object, const char *name)
{
    const auto it = object.find(name);
    if (it == object.end() || !it->is_string())
        return {};
    return QString::fromStdString(it->get<std::string>());
}

SlenFlow flowFromSeed(const nlohmann::json &entry)
{
    SlenFlow flow;
    flow.id = stringField(entry, "id");
    flow.runSeconds = intField(entry, "run_seconds");
    flow.queuedSeconds = intField(entry, "queued_seconds");
    flow.waitingSeconds = intField(entry, "waiting_seconds");
    flow.failsWith = stringField(entry, "fails_with");
    if (const auto it = entry.find("required_input"); it != entry.end() && it->is_array()) {
        for (const auto &field : *it) {
            if (field.is_string())
                flow.requiredInput.append(QString::fromStdString(field.get<std::string>()));
        }
    }
    const auto result = entry.find("result");
    flow.result =
        result != entry.end() ? *result : nlohmann::json{{"output", flow.id.toStdString()}};
    if (const auto it = entry.find("cost"); it != entry.end() && it->is_number_integer())
        flow.cost = it->get<qint64>();
    return flow;
}

// invalid_flow_input is decided when the execution is created: the flow refuses its input.
QString inputErrorFor(const SlenFlow &flow, const nlohmann::json &input)
{
    if (flow.failsWith == QLatin1String("invalid_flow_input"))
        return flow.failsWith;
    for (const QString &field : flow.requiredInput) {
        if (!input.is_object() || !input.contains(field.toStdString()))
            return QStringLiteral("invalid_flow_input");
    }
    return {};
}

QDateTime finishedAt(const SlenExecution &execution)
{
    if (!execution.inputError.isEmpty())
        return execution.createdAt;
    return execution.createdAt.addSecs(execution.flow.runSeconds);
}

std::string isoTime(const QDateTime &at)
{
    return at.toUTC().toString(Qt::ISODate).toStdString();
}

} // namespace

void SlenExecutions::seedFlows(const nlohmann::json &flows)
{
    if (!flows.is_array())
        return;
    for (const auto &entry : flows) {
        if (!entry.is_object())
            continue;
        SlenFlow flow = flowFromSeed(entry);
        if (flow.id.isEmpty()) {
            qCWarning(lcSlen) << "seed: flow without id skipped";
            continue;
        }
        m_flows.insert(flow.id, flow);
    }
}

const SlenFlow *SlenExecutions::flow(const QString &id) const
{
    const auto it = m_flows.constFind(id);
    return it == m_flows.constEnd() ? nullptr : &*it;
}

const SlenExecution &SlenExecutions::create(const QString &project, const SlenFlow &flow,
                                            const nlohmann::json &body, const QDateTime &now)
{
    SlenExecution execution;
    execution.id = QStringLiteral("ex_") + QUuid::createUuid().toString(QUuid::Id128).left(24);
    execution.project = project;
    execution.flow = flow;
    execution.mode = stringField(body, "execution_mode");
    if (execution.mode.isEmpty())
        execution.mode = QStringLiteral("sync");
    execution.customer = stringField(body, "external_user_id");
    if (const auto it = body.find("context"); it != body.end())
        execution.context = *it;
    execution.createdAt = now;
    execution.inputError = inputErrorFor(flow, body.value("input", nlohmann::json::object()));
    return *m_executions.insert(execution.id, execution);
}

const SlenExecution *SlenExecutions::find(const QString &project, const QString &id) const
{
    const auto it = m_executions.constFind(id);
    if (it == m_executions.constEnd() || it->project != project)
        return nullptr;
    return &*it;
}

bool SlenExecutions::isFinished(const SlenExecution &execution, const QDateTime &now)
{
    return !execution.inputError.isEmpty() || finishedAt(execution) <= now;
}

QString SlenExecutions::status(const SlenExecution &execution, const QDateTime &now)
{
    if (isFinished(execution, now))
        return execution.inputError.isEmpty() && execution.flow.failsWith.isEmpty()
                   ? QStringLiteral("succeeded")
                   : QStringLiteral("failed");
    const qint64 elapsedMs = execution.createdAt.msecsTo(now);
    if (elapsedMs < execution.flow.queuedSeconds * 1000)
        return QStringLiteral("queued");
    if (elapsedMs < (execution.flow.queuedSeconds + execution.flow.waitingSeconds) * 1000)
        return QStringLiteral("waiting");
    return QStringLiteral("running");
}

nlohmann::json SlenExecutions::toJson(const SlenExecution &execution, const QDateTime &now,
                                      bool billed)
{
    const QString state = status(execution, now);
    nlohmann::json out = {{"execution_id", execution.id.toStdString()},
                          {"flow", execution.flow.id.toStdString()},
                          {"status", state.toStdString()},
                          {"execution_mode", execution.mode.toStdString()},
                          {"created_at", isoTime(execution.createdAt)}};
    if (!execution.customer.isEmpty())
        out["external_user_id"] = execution.customer.toStdString();
    if (!execution.context.is_null())
        out["context"] = execution.context;
    if (!isFinished(execution, now))
        return out;
    out["finished_at"] = isoTime(finishedAt(execution));
    if (state == QLatin1String("succeeded"))
        out["result"] = execution.flow.result;
    else
        out["error_code"] =
            (execution.inputError.isEmpty() ? execution.flow.failsWith : execution.inputError)
                .toStdString();
    if (billed && execution.flow.cost)
        out["cost"] = {{"actual", *execution.flow.cost}};
    return out;
}

void SlenExecutions::prune(const QDateTime &now, qint64 retentionSeconds)
{
    for (auto it = m_executions.begin(); it != m_executions.end();) {
        if (finishedAt(*it).secsTo(now) >= retentionSeconds)
            it = m_executions.erase(it);
        else
            ++it;
    }
}

} // namespace ops::sim
