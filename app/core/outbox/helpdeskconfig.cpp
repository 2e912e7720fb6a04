#include "outbox/helpdeskconfig.h"

#include "transport/connectionsettings.h"
#include "transport/secrets.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

struct VendorName
{
    HelpdeskVendor vendor;
    const char *name;
    const char *domain; // the vendor's own domain a subdomain goes under; "" when none
    double perSecond;   // a little under the documented limit (docs/messages.md)
    bool needsUser;     // Basic credentials name the agent's e-mail
    bool needsAuthor;   // replies are sent as a named author
};

constexpr VendorName kVendors[] = {
    {HelpdeskVendor::Generic, "generic", "", 0, false, false},
    {HelpdeskVendor::Zendesk, "zendesk", "zendesk.com", 3, true, false},
    {HelpdeskVendor::Gorgias, "gorgias", "gorgias.com", 1.8, true, false},
    {HelpdeskVendor::Intercom, "intercom", "", 15, false, true},
    {HelpdeskVendor::Freshdesk, "freshdesk", "freshdesk.com", 3, false, false},
};

const VendorName &entry(HelpdeskVendor vendor)
{
    for (const VendorName &v : kVendors) {
        if (v.vendor == vendor)
            return v;
    }
    return kVendors[0];
}

} // namespace

QString toString(HelpdeskVendor vendor)
{
    return QString::fromLatin1(entry(vendor).name);
}

std::optional<HelpdeskVendor> helpdeskVendorFromString(const QString &name)
{
    for (const VendorName &v : kVendors) {
        if (name.trimmed().compare(QLatin1String(v.name), Qt::CaseInsensitive) == 0)
            return v.vendor;
    }
    return std::nullopt;
}

double defaultPerSecond(HelpdeskVendor vendor)
{
    return entry(vendor).perSecond;
}

Result<QUrl> helpdeskBaseUrl(HelpdeskVendor vendor, const QString &text)
{
    const QString t = text.trimmed();
    const VendorName &v = entry(vendor);
    if (t.isEmpty() && vendor == HelpdeskVendor::Intercom)
        return QUrl(u"https://api.intercom.io"_s);
    if (t.contains(u"://"_s)) {
        if (const QString problem = baseUrlProblem(t); !problem.isEmpty())
            return Failure{u"helpdesk URL '%1': %2"_s.arg(t, problem)};
        return QUrl(t, QUrl::StrictMode);
    }
    // A subdomain is a DNS label: letters, digits and inner hyphens, at most 63 characters.
    static const QRegularExpression label(u"^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$"_s);
    if (*v.domain == 0 || !label.match(t).hasMatch())
        return Failure{
            *v.domain == 0
                ? u"helpdesk URL '%1' is not an http(s) URL"_s.arg(t)
                : u"'%1' is neither an http(s) URL nor a %2 subdomain (letters, digits and "
                  "hyphens, as in acme for https://acme.%3)"_s.arg(t, toString(vendor),
                                                                   QLatin1String(v.domain))};
    return QUrl(u"https://%1.%2"_s.arg(t, QLatin1String(v.domain)));
}

QString helpdeskConfigProblem(const HelpdeskConfig &config)
{
    const VendorName &v = entry(config.vendor);
    if (config.baseUrl.isEmpty())
        return u"no helpdesk URL is configured (OPS_HELPDESK_URL)"_s;
    if (config.vendor != HelpdeskVendor::Generic && config.secret.trimmed().isEmpty())
        return u"%1 needs an API token (OPS_HELPDESK_KEY or the helpdesk key file)"_s.arg(
            toString(config.vendor));
    if (v.needsUser && config.user.trimmed().isEmpty())
        return u"%1 needs the e-mail of the user the token belongs to (OPS_HELPDESK_USER)"_s.arg(
            toString(config.vendor));
    if (v.needsAuthor && config.author.trimmed().isEmpty())
        return u"%1 needs the admin id replies are sent as (OPS_HELPDESK_AUTHOR)"_s.arg(
            toString(config.vendor));
    return {};
}

Result<HelpdeskConfig> helpdeskConfigFromEnvironment()
{
    const ConnectionSettings settings;
    const auto value = [&](const char *key) {
        return settings.value(u"helpdesk"_s, QString::fromLatin1(key)).value.trimmed();
    };
    HelpdeskConfig c;
    const QString vendor = value("vendor");
    const auto parsed =
        vendor.isEmpty() ? HelpdeskVendor::Generic : helpdeskVendorFromString(vendor);
    if (!parsed)
        return Failure{u"OPS_HELPDESK_VENDOR '%1' is not one of generic, zendesk, gorgias, "
                       "intercom, freshdesk"_s.arg(vendor)};
    c.vendor = *parsed;
    const QString url = value("url");
    if (url.isEmpty() && c.vendor != HelpdeskVendor::Intercom)
        return Failure{u"No helpdesk is configured (OPS_HELPDESK_URL): copy the message to the "
                       "clipboard instead."_s};
    const auto base = helpdeskBaseUrl(c.vendor, url);
    if (!base)
        return Failure{base.error()};
    c.baseUrl = *base;
    c.user = value("user");
    c.author = value("author");
    c.perSecond = defaultPerSecond(c.vendor);
    if (const QString rate = value("rate"); !rate.isEmpty()) {
        bool ok = false;
        c.perSecond = rate.toDouble(&ok);
        if (!ok || c.perSecond < 0)
            return Failure{
                u"OPS_HELPDESK_RATE '%1' is not a number of requests a second"_s.arg(rate)};
    }
    bool ok = false;
    const qint64 timeout = qEnvironmentVariableIntValue("OPS_ATTEMPT_TIMEOUT_MS", &ok);
    if (ok && timeout > 0)
        c.timeout = std::chrono::milliseconds(timeout);
    const auto secret = EnvFileSecretSource().secret(u"helpdesk"_s);
    if (!secret)
        return Failure{secret.error()};
    c.secret = secret->value_or(QString());
    if (const QString problem = helpdeskConfigProblem(c); !problem.isEmpty())
        return Failure{problem};
    return c;
}

} // namespace ops
