#include "console/helpdeskconnection.h"

#include "outbox/messagesender.h"
#include "transport/connectionsettings.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace ops::console {

namespace {

const QString kId = u"helpdesk"_s;

// The fields this row adds, in the order shown: the settings' key and its label.
struct FieldSpec
{
    const char *key;
    const char *label;
    const char *placeholder;
};

const FieldSpec kFields[] = {
    {"vendor", QT_TRANSLATE_NOOP("ops::console::ConnectionsService", "&Vendor:"), ""},
    {"user", QT_TRANSLATE_NOOP("ops::console::ConnectionsService", "U&ser e-mail:"),
     QT_TRANSLATE_NOOP("ops::console::ConnectionsService",
                       "Zendesk and Gorgias: agent@example.com")},
    {"author", QT_TRANSLATE_NOOP("ops::console::ConnectionsService", "Aut&hor:"),
     QT_TRANSLATE_NOOP("ops::console::ConnectionsService",
                       "Intercom: the admin id; Gorgias: the sender's e-mail")},
};

// The label of a field spec, in the dialog's own context (the sources name it with
// QT_TRANSLATE_NOOP; the other texts here call translate() with the same context).
QString translated(const char *text)
{
    return QCoreApplication::translate("ops::console::ConnectionsService", text);
}

// The configuration the edit describes; its problems are helpdeskEditProblem's.
Result<HelpdeskConfig> configOf(const ui::ConnectionEdit &edit)
{
    const auto vendor = helpdeskVendorFromString(edit.fields.value(u"vendor"_s, u"generic"_s));
    if (!vendor)
        return Failure{
            QCoreApplication::translate("ops::console::ConnectionsService", "choose a vendor")};
    HelpdeskConfig c;
    c.vendor = *vendor;
    const auto base = helpdeskBaseUrl(c.vendor, edit.url);
    if (!base)
        return Failure{base.error()};
    c.baseUrl = *base;
    c.user = edit.fields.value(u"user"_s);
    c.author = edit.fields.value(u"author"_s);
    c.secret = edit.secret;
    c.perSecond = defaultPerSecond(c.vendor);
    if (const QString problem = helpdeskConfigProblem(c); !problem.isEmpty())
        return Failure{problem};
    return c;
}

QStringList vendorNames()
{
    QStringList names;
    for (HelpdeskVendor v :
         {HelpdeskVendor::Generic, HelpdeskVendor::Zendesk, HelpdeskVendor::Gorgias,
          HelpdeskVendor::Intercom, HelpdeskVendor::Freshdesk})
        names << toString(v);
    return names;
}

} // namespace

void addHelpdeskFields(ui::ConnectionRow &row, const QString &configDir)
{
    const ConnectionSettings settings(configDir);
    row.urlLabel =
        QCoreApplication::translate("ops::console::ConnectionsService", "&URL or subdomain:");
    row.urlPlaceholder = QCoreApplication::translate("ops::console::ConnectionsService",
                                                     "acme (for acme.zendesk.com), or https://…");
    row.secretLabel = QCoreApplication::translate("ops::console::ConnectionsService", "API token:");
    for (const FieldSpec &spec : kFields) {
        const QString key = QString::fromLatin1(spec.key);
        const ConnectionValue v = settings.value(kId, key);
        ui::ConnectionField f;
        f.key = key;
        f.label = translated(spec.label);
        f.value = v.value;
        f.placeholder = *spec.placeholder ? translated(spec.placeholder) : QString();
        if (key == u"vendor"_s) {
            f.choices = vendorNames();
            f.aboveUrl = true;
        }
        if (v.source == ConnectionValue::Source::Environment)
            f.override = QCoreApplication::translate(
                             "ops::console::ConnectionsService",
                             "%1 is set in the environment and wins over this field.")
                             .arg(v.variable);
        row.fields.push_back(f);
    }
}

QString helpdeskEditProblem(const ui::ConnectionEdit &edit)
{
    // Optional: no URL and no token means messages are copied by hand.
    const bool intercom = edit.fields.value(u"vendor"_s) == u"intercom"_s;
    if (edit.url.isEmpty() && edit.secret.isEmpty() && !intercom)
        return {};
    return configOf(edit).error();
}

QString helpdeskPlace(const QString &vendor, const QString &url)
{
    const auto v = helpdeskVendorFromString(vendor.isEmpty() ? u"generic"_s : vendor);
    const auto place = v ? helpdeskBaseUrl(*v, url) : Result<QUrl>(Failure{QString()});
    return place ? place->toString() : url;
}

QString saveHelpdeskFields(const ui::ConnectionEdit &edit, const QString &configDir)
{
    const ConnectionSettings settings(configDir);
    for (const FieldSpec &spec : kFields) {
        const QString key = QString::fromLatin1(spec.key);
        if (settings.value(kId, key).source == ConnectionValue::Source::Environment)
            continue;
        QString value = edit.fields.value(key);
        if (key == u"vendor"_s && value == u"generic"_s)
            value.clear(); // the default is not written
        if (const auto stored = settings.store(kId, key, value); !stored)
            return stored.error();
    }
    return {};
}

CheckOutcome checkHelpdeskEdit(const ui::ConnectionEdit &edit, std::chrono::milliseconds timeout)
{
    const auto configured = configOf(edit);
    if (!configured)
        return {false, configured.error()};
    HelpdeskConfig c = *configured;
    c.timeout = timeout;
    QtHttpTransport transport;
    const auto who = checkHelpdesk(transport, c);
    if (!who)
        return {false, QCoreApplication::translate("ops::console::ConnectionsService",
                                                   "Not connected to %1 at %2: %3")
                           .arg(toString(c.vendor), c.baseUrl.toString(), who.error())};
    return {true, QCoreApplication::translate("ops::console::ConnectionsService",
                                              "Connected to %1 at %2 as %3.")
                      .arg(toString(c.vendor), c.baseUrl.toString(), *who)};
}

} // namespace ops::console
