#include "chaos/latetruth.h"

#include "chaos/chaosplan.h"
#include "chaos/clirun.h"
#include "chaos/httpjson.h"
#include "chaos/servechild.h"

#include <QElapsedTimer>
#include <QSet>
#include <QThread>
#include <stdexcept>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::chaos {

namespace {

const QString kReconciler = u"system:reconciler"_s;
const QString kWebhook = u"system:webhook"_s;

QString str(const json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                            : QString();
}

bool isClose(const QString &action)
{
    return action == u"state.succeeded"_s || action == u"state.failed"_s ||
           action == u"state.closed_manually"_s || action == u"state.closed_by_resend"_s;
}

bool isStateChange(const QString &action)
{
    return isClose(action) || action == u"state.unknown"_s;
}

// The provider objects (id → status) an evidence body names: a delivered or stored event's
// data.object, the reconciler's claiming refunds, an execution it read.
void namedObjects(const json &body, QMap<QString, QString> &out)
{
    if (!body.is_object())
        return;
    const auto add = [&out](const json &o) {
        if (o.is_object() && !str(o, "id").isEmpty())
            out.insert(str(o, "id"), str(o, "status"));
    };
    if (body.contains("data") && body["data"].is_object())
        add(body["data"].value("object", json()));
    if (body.contains("claiming_refunds") && body["claiming_refunds"].is_array()) {
        for (const json &o : body["claiming_refunds"])
            add(o);
    }
    add(body.value("execution", json()));
    if (body.contains("event"))
        namedObjects(body["event"], out);
    // An Adyen notification item (stored as an event, or inside the reconciler's reading): the
    // refund it names and whether it succeeded.
    if (!str(body, "eventCode").isEmpty() && !str(body, "pspReference").isEmpty())
        out.insert(str(body, "pspReference"),
                   str(body, "eventCode") == u"REFUND"_s && str(body, "success") == u"true"_s
                       ? u"succeeded"_s
                       : u"failed"_s);
    if (body.contains("notification"))
        namedObjects(body["notification"], out);
}

QString autoCloseProblem(const json &row)
{
    const QString actor = str(row, "closed_by");
    const QString ref = str(row, "provider_ref");
    const QString state = str(row, "state");
    QMap<QString, QString> named;
    for (const json &e : row.value("evidence", json::array())) {
        if (str(e, "created_by") == actor)
            namedObjects(e.value("body", json()), named);
    }
    if (named.isEmpty())
        return u"closed %1 by %2 with no provider object in its evidence"_s.arg(state, actor);
    if (!ref.isEmpty() && named.contains(ref))
        return {};
    if (ref.isEmpty() && state == u"failed"_s) {
        for (const QString &status : named) {
            if (status == u"failed"_s || status == u"canceled"_s)
                return {};
        }
    }
    return u"closed %1 by %2 with provider ref '%3', evidence names %4"_s.arg(
        state, actor, ref, QStringList(named.keys()).join(u", "_s));
}

QString reopenProblem(const json &row)
{
    QString closedBy;
    QString closedAs;
    for (const json &a : row.value("audit", json::array())) {
        const QString action = str(a, "action");
        if (!isStateChange(action))
            continue;
        if (!closedAs.isEmpty())
            return u"%1 by %2 after %3 by %4"_s.arg(action, str(a, "actor"), closedAs, closedBy);
        if (isClose(action)) {
            closedAs = action;
            closedBy = str(a, "actor");
        }
    }
    return {};
}

bool wasUnknown(const json &row)
{
    for (const json &a : row.value("audit", json::array())) {
        if (str(a, "action") == u"state.unknown"_s)
            return true;
    }
    return false;
}

// Sums a receiver's numeric /healthz counters (an object) into `total`.
void addCounters(json &total, const json &counters)
{
    for (auto it = counters.begin(); it != counters.end(); ++it) {
        if (it.value().is_number_integer())
            total[it.key()] = total.value(it.key(), qint64(0)) + it.value().get<qint64>();
    }
}

} // namespace

Violations checkLateTruth(const json &details)
{
    Violations v;
    for (const json &row : details) {
        const QString id = str(row, "operation_id");
        const QString actor = str(row, "closed_by");
        if (actor == kReconciler || actor == kWebhook) {
            if (const QString why = autoCloseProblem(row); !why.isEmpty())
                v[u"auto_close_has_evidence"_s] << id + u": "_s + why;
        }
        if (const QString why = reopenProblem(row); !why.isEmpty())
            v[u"nothing_reopened"_s] << id + u": "_s + why;
    }
    return v;
}

Violations checkAdyenSettles(const json &refunds, const json &details, LateTruthReport &report)
{
    QMap<QString, json> rows;
    for (const json &row : details)
        rows.insert(str(row, "operation_id"), row);
    Violations v;
    for (const json &refund : refunds) {
        const QString state = str(refund, "state");
        if (state == u"received"_s)
            continue;
        ++report.adyenSettled;
        const QString id = str(refund, "reference");
        // Failed or reversed after its success: the row was closed succeeded first and stays so
        // (forward only, with Attention), or was closed failed by the later notification.
        QStringList wanted = {u"succeeded"_s, u"failed"_s};
        if (state == u"succeeded"_s || state == u"failed"_s)
            wanted = {state};
        const QString psp = str(refund, "pspReference");
        if (!rows.contains(id)) {
            v[u"adyen_settle_closes_row"_s]
                << u"Adyen refund %1 (%2) names operation '%3', which has no row"_s.arg(psp, state,
                                                                                        id);
            continue;
        }
        const QString rowState = str(rows[id], "state");
        if (wanted.contains(rowState))
            ++report.adyenRowsClosedAsSettled;
        else
            v[u"adyen_settle_closes_row"_s]
                << u"%1: Adyen refund %2 settled %3, the row is %4"_s.arg(id, psp, state, rowState);
    }
    return v;
}

void countLateTruth(const json &details, const QStringList &proposalRows, LateTruthReport &r)
{
    const QSet<QString> proposed(proposalRows.cbegin(), proposalRows.cend());
    for (const json &row : details) {
        const QString state = str(row, "state");
        const QString actor = str(row, "closed_by");
        if (!wasUnknown(row)) {
            r.openClosedByEvent += actor == kWebhook ? 1 : 0;
            continue;
        }
        ++r.unknownRows;
        if (state == u"unknown"_s)
            ++(proposed.contains(str(row, "operation_id")) ? r.withProposal : r.left);
        else if (actor == kReconciler)
            ++r.closedByReconciler;
        else if (actor == kWebhook)
            ++r.closedByEvent;
        else
            ++r.closedOtherwise;
    }
}

LateTruth::LateTruth(QString opsctlPath, QProcessEnvironment agentEnv, quint16 simPort, QString dir,
                     int servers, bool adyen)
    : m_opsctl(std::move(opsctlPath))
    , m_env(std::move(agentEnv))
    , m_simPort(simPort)
    , m_dir(std::move(dir))
    , m_servers(servers)
    , m_adyen(adyen)
{
    m_report.servers = servers;
}

LateTruth::~LateTruth() = default;

json LateTruth::faultRules()
{
    return json::array({
        {{"route", "WEBHOOK"}, {"mode", "duplicate"}, {"probability", 0.15}},
        {{"route", "WEBHOOK"}, {"mode", "reorder"}, {"probability", 0.15}, {"delay_ms", 400}},
        // Late enough, now and then, that the reconciler's slot comes before the event does.
        {{"route", "WEBHOOK"}, {"mode", "delay"}, {"probability", 0.25}, {"delay_ms", 2500}},
        {{"route", "WEBHOOK"}, {"mode", "fail_endpoint"}, {"probability", 0.15}},
        // The reconciler's own reads fail too: an unreachable provider means the next slot.
        {{"route", "GET /v1/refunds"}, {"mode", "503"}, {"probability", 0.15}},
    });
}

QProcessEnvironment LateTruth::serviceEnv() const
{
    QProcessEnvironment env = m_env;
    env.insert(u"OPS_STRIPE_WEBHOOK_SECRET"_s, u"whsec_chaos_late_truth"_s);
    env.insert(u"OPS_RECONCILE_TICK_MS"_s, u"200"_s);
    env.insert(u"OPS_RECONCILE_LEASE_MS"_s, u"3000"_s);
    if (m_adyen)
        env.insert(u"OPS_ADYEN_HMAC_KEY"_s, kChaosAdyenHmacKey);
    return env;
}

void LateTruth::start()
{
    QProcessEnvironment supervisor = m_env;
    supervisor.insert(u"OPS_OPERATOR"_s, chaosSupervisor(m_opsctl, m_env));
    // Slots of seconds, not minutes: the rows the agents leave unknown are read during the run.
    if (runCli(m_opsctl, supervisor,
               {u"settings"_s, u"set"_s, u"reconcile-schedule"_s, u"1s,2s,3s"_s})
            .exitCode != 0)
        throw std::runtime_error("could not set the reconciler's schedule");
    for (int i = 1; i <= m_servers; ++i) {
        const QString name = m_servers == 1 ? u"serve"_s : u"serve-%1"_s.arg(i);
        m_serve.push_back(std::make_unique<ServeChild>(m_opsctl, serviceEnv(),
                                                       m_dir + u'/' + name + u".out"_s,
                                                       m_dir + u'/' + name + u".log"_s));
        adminCall(m_simPort, "POST", "/_sim/webhooks",
                  {{"url", m_serve.back()->webhookUrl().toStdString()},
                   {"secret", "whsec_chaos_late_truth"},
                   {"events", json::array({"refund.*", "charge.refund*"})},
                   {"timeout_ms", 3000},
                   {"retry_base_ms", 100},
                   {"retry_max_ms", 500},
                   {"max_attempts", 12}});
        if (m_adyen)
            adminCall(m_simPort, "POST", "/_sim/webhooks",
                      {{"url", m_serve.back()->adyenWebhookUrl().toStdString()},
                       {"format", "adyen"},
                       {"hmac_key", kChaosAdyenHmacKey.toStdString()},
                       {"timeout_ms", 3000},
                       {"retry_base_ms", 100},
                       {"retry_max_ms", 500},
                       {"max_attempts", 12}});
    }
}

json LateTruth::settle()
{
    // Settled: every delivery's last attempt ended (delivered or given up) and nothing new was
    // attempted for 3 s, longer than a reorder or delay fault holds one.
    QElapsedTimer t;
    t.start();
    int stableFor = 0;
    size_t lastAttempts = 0;
    while (stableFor < 10 && t.elapsed() < 30000) {
        QThread::msleep(300);
        const json all = adminCall(m_simPort, "GET", "/_sim/webhooks/deliveries")["deliveries"];
        QMap<qint64, QString> lastOutcome;
        for (const json &a : all)
            lastOutcome[a.value("delivery", qint64(0))] = str(a, "outcome");
        const bool open = std::any_of(lastOutcome.cbegin(), lastOutcome.cend(),
                                      [](const QString &o) { return o == u"retrying"_s; });
        stableFor = !open && all.size() == lastAttempts ? stableFor + 1 : 0;
        lastAttempts = all.size();
        m_report.deliveries = int(lastOutcome.size());
        m_report.deliveryAttempts = int(all.size());
        m_report.deliveriesGivenUp =
            int(std::count(lastOutcome.cbegin(), lastOutcome.cend(), u"gave_up"_s));
    }
    m_report.receiverCounters = json::object();
    m_report.drainedCleanly = true;
    for (const auto &serve : m_serve) {
        const HttpResult health = httpCall(serve->port(), "GET", "/healthz");
        const json counters = json::parse(health.body.toStdString(), nullptr, false);
        // A receiver that cannot report is a broken run, not a smaller sum.
        if (!counters.is_object())
            throw std::runtime_error("the receiver on port " + std::to_string(serve->port()) +
                                     " did not answer /healthz with its counters");
        addCounters(m_report.receiverCounters, counters);
    }
    for (const auto &serve : m_serve)
        m_report.drainedCleanly = serve->stop() && m_report.drainedCleanly;
    const json stats = adminCall(m_simPort, "GET", "/_sim/faults/stats");
    adminCall(m_simPort, "DELETE", "/_sim/faults");
    return stats;
}

LateTruthReport LateTruth::finish(Violations &violations)
{
    const CliResult pass = runCli(m_opsctl, m_env, {u"reconcile"_s, u"--once"_s, u"--json"_s});
    if (pass.exitCode != 0)
        throw std::runtime_error("opsctl reconcile --once failed");
    for (const QByteArray &line : pass.out.split('\n')) {
        const json j = json::parse(line.toStdString(), nullptr, false);
        if (j.is_object() && j.contains("result"))
            ++m_report.finalPass[str(j, "result")];
    }
    const CliResult listed = runCli(m_opsctl, m_env, {u"proposals"_s, u"list"_s, u"--json"_s});
    const json proposals = json::parse(listed.out.toStdString(), nullptr, false);
    if (listed.exitCode != 0 || !proposals.contains("proposals"))
        throw std::runtime_error("opsctl proposals list --json failed");
    QStringList proposalRows;
    for (const json &p : proposals["proposals"])
        proposalRows << str(p, "operation_id");
    const json details = rowDetails();
    Violations added = checkLateTruth(details);
    if (m_adyen) {
        const json refunds = adminCall(m_simPort, "GET", "/_sim/adyen/refunds")["refunds"];
        const Violations adyen = checkAdyenSettles(refunds, details, m_report);
        for (auto it = adyen.cbegin(); it != adyen.cend(); ++it)
            added[it.key()] << it.value();
    }
    for (auto it = added.cbegin(); it != added.cend(); ++it)
        violations[it.key()] << it.value();
    countLateTruth(details, proposalRows, m_report);
    return m_report;
}

json LateTruth::rowDetails()
{
    const CliResult r =
        runCli(m_opsctl, m_env, {u"list"_s, u"--json"_s, u"--limit"_s, u"100000"_s});
    const json listed = json::parse(r.out.toStdString(), nullptr, false);
    if (r.exitCode != 0 || !listed.contains("operations"))
        throw std::runtime_error("opsctl list --json failed");
    json details = json::array();
    for (const json &row : listed["operations"]) {
        const CliResult shown = runCli(
            m_opsctl, m_env, {u"show"_s, str(row, "operation_id"), u"--json"_s, u"--bodies"_s});
        const json j = json::parse(shown.out.toStdString(), nullptr, false);
        if (shown.exitCode != 0 || !j.is_object())
            throw std::runtime_error("opsctl show --bodies failed for " +
                                     str(row, "operation_id").toStdString());
        details.push_back(j);
    }
    return details;
}

void printLateTruth(const LateTruthReport &r, QTextStream &out)
{
    out << "late truth: " << r.unknownRows << " rows were unknown: closed automatically "
        << r.closedByReconciler + r.closedByEvent << " (by reconciler " << r.closedByReconciler
        << ", by event " << r.closedByEvent << "), closed otherwise " << r.closedOtherwise
        << ", with a proposal " << r.withProposal << ", left " << r.left << '\n';
    out << "  closed by an event before they became unknown: " << r.openClosedByEvent << '\n';
    out << "  final reconciler pass:";
    for (auto it = r.finalPass.cbegin(); it != r.finalPass.cend(); ++it)
        out << ' ' << it.key() << '=' << it.value();
    out << "\n  webhook deliveries: " << r.deliveries << " (" << r.deliveryAttempts
        << " attempts, given up " << r.deliveriesGivenUp << "); "
        << (r.servers == 1 ? u"receiver:"_s : u"%1 receivers, summed:"_s.arg(r.servers));
    for (const char *key : {"received", "stored", "duplicates", "failed", "refused_total"})
        out << ' ' << key << '='
            << QString::fromStdString(r.receiverCounters.value(key, json(0)).dump());
    out << "; drained " << (r.drainedCleanly ? "cleanly" : "NOT cleanly") << '\n';
    if (r.adyenSettled > 0)
        out << "  adyen: " << r.adyenSettled << " refunds settled at the simulator, "
            << r.adyenRowsClosedAsSettled << " rows closed as their notification said\n";
}

} // namespace ops::chaos
