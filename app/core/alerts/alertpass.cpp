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
    if (!isResolution(d))
        return {d.alertKey, d.subject, d.body};
    return {d.alertKey + u":resolved"_s, u"Resolved: "_s + d.subject,
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
                     AlertPassOptions options)
    : m_session(session)
    , m_channels(std::move(channels))
    , m_options(std::move(options))
{}

AlertPassReport AlertPass::run()
{
    AlertPassReport report;
    const AlertRules rules = storedAlertRules(m_session, m_options.rules);
    QStringList names;
    for (const AlertChannel *channel : m_channels)
        names << channel->name();
    const AlertSync sync = m_session.alerts().sync(watchConditions(m_session, rules), names);
    report.fired = sync.fired;
    report.resolved = sync.resolved;
    for (AlertChannel *channel : m_channels)
        deliver(*channel, report);
    return report;
}

void AlertPass::deliver(AlertChannel &channel, AlertPassReport &report)
{
    AlertStore &store = m_session.alerts();
    const qint64 staleBefore = m_session.clock().nowMs() - m_options.staleAfterMs;
    const std::vector<AlertDelivery> due = store.due(channel.name(), m_options.batch, staleBefore);
    if (int(due.size()) > m_options.digestAbove) {
        const AlertMessage digest = digestOf(due);
        std::vector<qint64> ids;
        for (const AlertDelivery &d : due) {
            if (store.beginAttempt(d.id, digest.key))
                ids.push_back(d.id);
        }
        if (ids.empty())
            return;
        ++report.digests;
        record(ids, channel.send(digest), report);
        return;
    }
    for (const AlertDelivery &d : due) {
        if (!store.beginAttempt(d.id))
            continue; // another sender took it
        record({d.id}, channel.send(alertMessageOf(d)), report);
    }
}

void AlertPass::record(const std::vector<qint64> &ids, const AlertAnswer &answer,
                       AlertPassReport &report)
{
    const DeliveryResult result = resultOf(answer.outcome);
    for (const qint64 id : ids) {
        m_session.alerts().finish(id, result, answer.detail, m_options.maxAttempts);
        switch (result) {
        case DeliveryResult::Delivered:
            ++report.delivered;
            break;
        case DeliveryResult::Refused:
            ++report.failed;
            break;
        case DeliveryResult::Retry:
            ++report.retried;
            break;
        case DeliveryResult::Unknown:
            ++report.unknown;
            break;
        }
    }
}

} // namespace ops
