#include "alerts/alertpass.h"

#include "domain/alerttypes.h"
#include "storage/alerts/alertstore.h"
#include "storage/session.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

DeliveryResult resultOf(AlertOutcome outcome)
{
    switch (outcome) {
    case AlertOutcome::Delivered:
        return DeliveryResult::Delivered;
    case AlertOutcome::Refused:
        return DeliveryResult::Refused;
    case AlertOutcome::Retry:
        return DeliveryResult::Retry;
    case AlertOutcome::Unknown:
        break;
    }
    return DeliveryResult::Unknown;
}

bool isResolution(const AlertDelivery &d)
{
    return d.kind == DeliveryKind::Resolve;
}

} // namespace

AlertMessage alertMessageOf(const AlertDelivery &d)
{
    // An episode after the first is a message of its own (a mail's Message-ID comes from it).
    const QString key = d.episode > 1 ? u"%1#%2"_s.arg(d.alertKey).arg(d.episode) : d.alertKey;
    if (!isResolution(d))
        return {key, d.subject, d.body};
    return {key + u":resolved"_s, u"Resolved: "_s + d.subject,
            u"This no longer holds.\n"_s + d.body};
}

AlertMessage digestOf(const std::vector<AlertDelivery> &deliveries)
{
    QByteArray ids;
    int fired = 0;
    QStringList lines;
    for (const AlertDelivery &d : deliveries) {
        ids += QByteArray::number(d.id) + ',';
        fired += isResolution(d) ? 0 : 1;
        lines << (isResolution(d) ? u"- Resolved: "_s : u"- "_s) + d.subject;
    }
    const QString key =
        u"digest:"_s +
        QString::fromLatin1(
            QCryptographicHash::hash(ids, QCryptographicHash::Sha256).toHex().left(24));
    const int resolved = int(deliveries.size()) - fired;
    return {key,
            u"%1 alerts: %2 new, %3 resolved"_s.arg(deliveries.size()).arg(fired).arg(resolved),
            lines.join(u'\n')};
}

AlertPass::AlertPass(Session &session, std::vector<AlertChannel *> channels,
                     AlertPassOptions options, std::function<bool()> stillHolds)
    : m_session(session)
    , m_channels(std::move(channels))
    , m_options(std::move(options))
    , m_stillHolds(std::move(stillHolds))
{}

AlertPassReport AlertPass::run()
{
    AlertPassReport report;
    const AlertRules rules = storedAlertRules(m_session, m_options.rules);
    QStringList names;
    for (const AlertChannel *channel : m_channels)
        names << channel->name();
    const AlertWatch watch = watchConditions(m_session, rules);
    const AlertSync sync = m_session.alerts().sync(watch.holding, names, watch.unseen);
    report.fired = sync.fired;
    report.resolved = sync.resolved;
    for (AlertChannel *channel : m_channels) {
        if (m_session.clock().nowMs() < m_restUntilMs.value(channel->name()))
            continue; // its Retry-After
        deliver(*channel, report);
    }
    return report;
}

void AlertPass::deliver(AlertChannel &channel, AlertPassReport &report)
{
    AlertStore &store = m_session.alerts();
    const qint64 staleBefore = m_session.clock().nowMs() - m_options.staleAfterMs;
    const std::vector<AlertDelivery> due = store.due(channel.name(), m_options.batch, staleBefore);
    if (int(due.size()) > m_options.digestAbove) {
        if (m_stillHolds && !m_stillHolds())
            return;
        // Each message records the digest it went in; the digest lists only what began.
        const QString label = digestOf(due).key;
        std::vector<AlertDelivery> taken;
        std::vector<Begun> begun;
        for (const AlertDelivery &d : due) {
            if (const auto token = store.beginAttempt(d.id, label)) {
                taken.push_back(d);
                begun.push_back({d.id, *token});
            }
        }
        if (begun.empty())
            return;
        ++report.digests;
        send(channel, digestOf(taken), begun, report);
        return;
    }
    for (const AlertDelivery &d : due) {
        if (m_stillHolds && !m_stillHolds())
            return;
        const auto token = store.beginAttempt(d.id);
        if (!token)
            continue; // another sender took it
        if (!send(channel, alertMessageOf(d), {{d.id, *token}}, report))
            return;
    }
}

bool AlertPass::send(AlertChannel &channel, const AlertMessage &message,
                     const std::vector<Begun> &begun, AlertPassReport &report)
{
    const AlertAnswer answer = channel.send(message);
    const DeliveryResult result = resultOf(answer.outcome);
    for (const Begun &b : begun)
        m_session.alerts().finish(b.id, b.token, result, answer.detail, m_options.retryForMs);
    const int n = int(begun.size());
    switch (result) {
    case DeliveryResult::Delivered:
        report.delivered += n;
        return true;
    case DeliveryResult::Refused:
        report.failed += n;
        return true;
    case DeliveryResult::Unknown:
        report.unknown += n;
        return true;
    case DeliveryResult::Retry:
        break;
    }
    report.retried += n;
    // The channel said not now: the rest of it waits for the next pass, or its Retry-After.
    m_restUntilMs.insert(channel.name(), m_session.clock().nowMs() + answer.retryAfter.count());
    return false;
}

} // namespace ops
