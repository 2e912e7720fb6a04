#include "outbox/helpdeskconnector.h"

#include "outbox/vendorconnectors.h"

#include <QCryptographicHash>

using namespace Qt::StringLiterals;

namespace ops {

std::unique_ptr<HelpdeskConnector> makeHelpdeskConnector(const HelpdeskConfig &config)
{
    switch (config.vendor) {
    case HelpdeskVendor::Zendesk:
        return zendeskConnector(config);
    case HelpdeskVendor::Gorgias:
        return gorgiasConnector(config);
    case HelpdeskVendor::Intercom:
        return intercomConnector(config);
    case HelpdeskVendor::Freshdesk:
        return freshdeskConnector(config);
    case HelpdeskVendor::Generic:
        break;
    }
    return genericConnector(config);
}

QString markerOf(const QString &idempotencyKey)
{
    const QByteArray seed = "ops-marker:" + idempotencyKey.toUtf8();
    const QByteArray digest = QCryptographicHash::hash(seed, QCryptographicHash::Sha256);
    return u"ops-"_s + QString::fromLatin1(digest.toHex().left(24));
}

QString htmlWithMarker(const QString &text, const QString &marker)
{
    QString html;
    for (const QString &paragraph : text.split(u"\n\n"_s, Qt::SkipEmptyParts))
        html +=
            u"<p>"_s + paragraph.trimmed().toHtmlEscaped().replace(u'\n', u"<br>"_s) + u"</p>"_s;
    // Hidden from the customer; the read-back looks for the text, wherever the vendor keeps it.
    if (!marker.isEmpty())
        html += u"<span style=\"display:none\" data-ops-marker=\"%1\">%1</span>"_s.arg(marker);
    return html;
}

} // namespace ops
