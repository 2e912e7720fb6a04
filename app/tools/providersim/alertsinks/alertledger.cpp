#include "providersim/alertsinks/alertledger.h"

#include <QCryptographicHash>

namespace ops::sim {

namespace {

nlohmann::json deliveryJson(const AlertDelivery &d)
{
    nlohmann::json j = {{"channel", d.channel.toStdString()},
                        {"key", d.key.toStdString()},
                        {"text", d.text.toStdString()},
                        {"answer", d.answer},
                        {"held", d.held},
                        {"duplicate", d.duplicate},
                        {"at", d.at.toString(Qt::ISODateWithMs).toStdString()}};
    if (d.channel == QLatin1String("slack")) {
        j["hook"] = d.hook.toStdString();
        return j;
    }
    j["subject"] = d.subject.toStdString();
    j["from"] = d.from.toStdString();
    nlohmann::json recipients = nlohmann::json::array();
    for (const QString &r : d.recipients)
        recipients.push_back(r.toStdString());
    j["recipients"] = recipients;
    nlohmann::json headers = nlohmann::json::array();
    for (const auto &[name, value] : d.headers)
        headers.push_back({name.toStdString(), value.toStdString()});
    j["headers"] = headers;
    return j;
}

} // namespace

QString AlertLedger::textKey(const QString &text)
{
    const QByteArray hash = QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256);
    return QStringLiteral("text:") + QString::fromLatin1(hash.toHex().left(16));
}

void AlertLedger::deliver(AlertDelivery delivery)
{
    const QString seen = delivery.channel + u'\n' + delivery.hook + u'\n' + delivery.key;
    delivery.duplicate = m_seen.contains(seen);
    m_seen.insert(seen);
    ++m_delivered;
    m_duplicates += delivery.duplicate ? 1 : 0;
    m_deliveries.push_back(std::move(delivery));
    while (m_deliveries.size() > capacity)
        m_deliveries.pop_front();
}

nlohmann::json AlertLedger::toJson() const
{
    nlohmann::json list = nlohmann::json::array();
    for (const AlertDelivery &d : m_deliveries)
        list.push_back(deliveryJson(d));
    return {{"deliveries", list},
            {"counts",
             {{"delivered", m_delivered},
              {"duplicates", m_duplicates},
              {"refused", m_refused},
              {"timed_out", m_timedOut}}}};
}

void AlertLedger::clear()
{
    m_deliveries.clear();
    m_seen.clear();
    m_delivered = m_duplicates = m_refused = m_timedOut = 0;
}

} // namespace ops::sim
