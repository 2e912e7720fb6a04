#include "providersim/helpdesk/helpdeskdesk.h"

#include <QRegularExpression>
#include <algorithm>

namespace ops::sim {

namespace {

constexpr const char *vendorNames[] = {"zendesk", "gorgias", "intercom", "freshdesk"};

std::optional<HelpdeskVendor> vendorNamed(const std::string &name)
{
    for (std::size_t i = 0; i < helpdeskVendorCount; ++i) {
        if (name == vendorNames[i])
            return HelpdeskVendor(i);
    }
    return std::nullopt;
}

// Each vendor's default account limit: requests per seconds.
constexpr std::pair<int, int> defaultRates[] = {{700, 60}, {40, 20}, {1000, 60}, {200, 60}};

struct CredentialField
{
    const char *vendor;
    const char *name;
    QString HelpdeskCredentials::*member;
};

constexpr CredentialField credentialFields[] = {
    {"zendesk", "email", &HelpdeskCredentials::zendeskEmail},
    {"zendesk", "token", &HelpdeskCredentials::zendeskToken},
    {"gorgias", "email", &HelpdeskCredentials::gorgiasEmail},
    {"gorgias", "api_key", &HelpdeskCredentials::gorgiasKey},
    {"intercom", "token", &HelpdeskCredentials::intercomToken},
    {"intercom", "admin_id", &HelpdeskCredentials::intercomAdmin},
    {"freshdesk", "api_key", &HelpdeskCredentials::freshdeskKey},
};

const CredentialField *credentialField(const std::string &vendor, const std::string &name)
{
    for (const CredentialField &f : credentialFields) {
        if (vendor == f.vendor && name == f.name)
            return &f;
    }
    return nullptr;
}

bool isTicketId(const nlohmann::json &id)
{
    static const QRegularExpression digits(QStringLiteral("^[0-9]{1,18}$"));
    return id.is_string() && digits.match(QString::fromStdString(id.get<std::string>())).hasMatch();
}

std::optional<QString> validateTickets(const nlohmann::json &tickets)
{
    if (!tickets.is_array())
        return QStringLiteral("helpdesk.tickets must be an array");
    for (const auto &t : tickets) {
        if (!t.is_object() || !t.value("vendor", nlohmann::json()).is_string() ||
            !vendorNamed(t["vendor"].get<std::string>()))
            return QStringLiteral("each helpdesk ticket needs a vendor: zendesk, gorgias, "
                                  "intercom or freshdesk");
        if (!isTicketId(t.value("id", nlohmann::json())))
            return QStringLiteral("each helpdesk ticket needs an id of 1 to 18 digits (a string)");
        const auto status = t.value("status", nlohmann::json("open"));
        if (status != "open" && status != "closed")
            return QStringLiteral("a helpdesk ticket's status is \"open\" or \"closed\"");
    }
    return std::nullopt;
}

std::optional<QString> validateCredentials(const nlohmann::json &credentials)
{
    if (!credentials.is_object())
        return QStringLiteral("helpdesk.credentials must be an object");
    for (const auto &[vendor, fields] : credentials.items()) {
        if (!vendorNamed(vendor) || !fields.is_object())
            return QStringLiteral("helpdesk.credentials: an object per vendor (zendesk, gorgias, "
                                  "intercom, freshdesk)");
        for (const auto &[name, value] : fields.items()) {
            if (!credentialField(vendor, name))
                return QStringLiteral("helpdesk.credentials.%1: unknown field %2")
                    .arg(QString::fromStdString(vendor), QString::fromStdString(name));
            if (!value.is_string() || value.get<std::string>().empty())
                return QStringLiteral("helpdesk.credentials.%1.%2 must be a non-empty string")
                    .arg(QString::fromStdString(vendor), QString::fromStdString(name));
        }
    }
    return std::nullopt;
}

// An integer in [low, high] (low >= 0). nlohmann keeps a positive number as unsigned, so a
// huge one must not wrap into range through a signed read.
bool inRange(const nlohmann::json &value, quint64 low, quint64 high)
{
    if (!value.is_number_integer())
        return false;
    if (value.is_number_unsigned())
        return value.get<quint64>() >= low && value.get<quint64>() <= high;
    return value.get<qint64>() >= qint64(low) && value.get<qint64>() <= qint64(high);
}

std::optional<QString> validateRates(const nlohmann::json &rates)
{
    if (!rates.is_object())
        return QStringLiteral("helpdesk.rates must be an object");
    for (const auto &[vendor, rate] : rates.items()) {
        if (!vendorNamed(vendor) || !rate.is_object() ||
            !inRange(rate.value("requests", nlohmann::json()), 1, 1000000) ||
            !inRange(rate.value("seconds", nlohmann::json()), 1, 86400))
            return QStringLiteral("helpdesk.rates: {\"<vendor>\":{\"requests\":1..1000000,"
                                  "\"seconds\":1..86400}}");
    }
    return std::nullopt;
}

// Zendesk's updated_at has whole seconds.
QDateTime wholeSeconds(const QDateTime &at)
{
    return at.addMSecs(-at.time().msec());
}

} // namespace

QString vendorName(HelpdeskVendor vendor)
{
    return QString::fromLatin1(vendorNames[std::size_t(vendor)]);
}

HelpdeskDesk::HelpdeskDesk(SimWorld &world)
    : m_world(world)
{
    for (std::size_t v = 0; v < helpdeskVendorCount; ++v) {
        for (int id = 1001; id <= 1050; ++id)
            addTicket(HelpdeskVendor(v), QString::number(id), false);
        addTicket(HelpdeskVendor(v), QStringLiteral("1099"), true);
        m_buckets[v] = RateBucket(defaultRates[v].first, defaultRates[v].second);
    }
}

std::optional<QString> HelpdeskDesk::validateSeed(const nlohmann::json &helpdesk)
{
    if (!helpdesk.is_object())
        return QStringLiteral("helpdesk must be an object");
    if (helpdesk.contains("tickets")) {
        if (auto error = validateTickets(helpdesk["tickets"]))
            return error;
    }
    if (helpdesk.contains("credentials")) {
        if (auto error = validateCredentials(helpdesk["credentials"]))
            return error;
    }
    if (helpdesk.contains("rates")) {
        if (auto error = validateRates(helpdesk["rates"]))
            return error;
    }
    if (helpdesk.contains("page_size") && !inRange(helpdesk["page_size"], 1, maxPageSize))
        return QStringLiteral("helpdesk.page_size must be an integer from 1 to 100");
    return std::nullopt;
}

void HelpdeskDesk::seed(const nlohmann::json &seed)
{
    const auto helpdesk = seed.find("helpdesk");
    if (helpdesk == seed.end())
        return;
    for (const auto &t : helpdesk->value("tickets", nlohmann::json::array())) {
        const auto vendor = vendorNamed(t["vendor"].get<std::string>());
        addTicket(*vendor, QString::fromStdString(t["id"].get<std::string>()),
                  t.value("status", std::string("open")) == "closed");
    }
    seedCredentials(helpdesk->value("credentials", nlohmann::json::object()));
    seedRates(helpdesk->value("rates", nlohmann::json::object()));
    if (helpdesk->contains("page_size"))
        m_pageSize = (*helpdesk)["page_size"].get<int>();
}

void HelpdeskDesk::seedCredentials(const nlohmann::json &credentials)
{
    for (const auto &[vendor, fields] : credentials.items()) {
        for (const auto &[name, value] : fields.items())
            m_credentials.*(credentialField(vendor, name)->member) =
                QString::fromStdString(value.get<std::string>());
    }
}

void HelpdeskDesk::seedRates(const nlohmann::json &rates)
{
    for (const auto &[vendor, rate] : rates.items())
        m_buckets[std::size_t(*vendorNamed(vendor))] =
            RateBucket(rate["requests"].get<int>(), rate["seconds"].get<int>());
}

void HelpdeskDesk::addTicket(HelpdeskVendor vendor, const QString &id, bool closed)
{
    // A known ticket keeps its posts; the seed sets its status.
    HelpdeskTicket &t = m_tickets[{vendor, id}];
    t.id = id;
    t.closed = closed;
    if (!t.updatedAt.isValid())
        t.updatedAt = wholeSeconds(m_world.clock.now());
}

HelpdeskTicket *HelpdeskDesk::ticket(HelpdeskVendor vendor, const QString &id)
{
    const auto it = m_tickets.find({vendor, id});
    return it == m_tickets.end() ? nullptr : &it->second;
}

std::optional<int> HelpdeskDesk::takeToken(HelpdeskVendor vendor)
{
    const auto wait = m_buckets[std::size_t(vendor)].take();
    if (wait)
        ++m_rateLimited;
    return wait;
}

int HelpdeskDesk::rateLimit(HelpdeskVendor vendor) const
{
    return m_buckets[std::size_t(vendor)].requests();
}

bool HelpdeskDesk::isDuplicate(const HelpdeskTicket &ticket, const HelpdeskPost &post) const
{
    // The same external_id, or without one the same body, as an earlier post on the ticket.
    const auto sameAs = [&post](const HelpdeskPost &earlier) {
        if (!post.externalId.isEmpty())
            return earlier.externalId == post.externalId;
        return earlier.externalId.isEmpty() && earlier.stored == post.stored;
    };
    return std::any_of(ticket.posts.begin(), ticket.posts.end(), sameAs);
}

const HelpdeskPost &HelpdeskDesk::addPost(HelpdeskTicket &ticket, HelpdeskPost post, bool reopen)
{
    post.id = m_nextId++;
    post.at = m_world.clock.now();
    if (isDuplicate(ticket, post))
        ++m_duplicates;
    ++(post.internal ? m_notes : m_replies);
    // A post must move updated_at, whole seconds or not: safe_update compares it.
    ticket.updatedAt = std::max(wholeSeconds(post.at), ticket.updatedAt.addSecs(1));
    if (reopen)
        ticket.closed = false;
    ticket.posts.push_back(std::move(post));
    return ticket.posts.back();
}

nlohmann::json HelpdeskDesk::ledgerJson() const
{
    nlohmann::json tickets = nlohmann::json::array();
    for (const auto &[key, ticket] : m_tickets) {
        if (ticket.posts.empty())
            continue;
        nlohmann::json posts = nlohmann::json::array();
        for (const HelpdeskPost &p : ticket.posts)
            posts.push_back({{"id", QString::number(p.id).toStdString()},
                             {"public", p.isPublic},
                             {"internal", p.internal},
                             {"body", p.stored.toStdString()},
                             {"external_id", p.externalId.toStdString()},
                             {"author", p.author.toStdString()},
                             {"at", p.at.toString(Qt::ISODateWithMs).toStdString()}});
        tickets.push_back({{"vendor", vendorName(key.first).toStdString()},
                           {"id", ticket.id.toStdString()},
                           {"status", ticket.closed ? "closed" : "open"},
                           {"posts", posts}});
    }
    return {{"tickets", tickets},
            {"counts",
             {{"replies", m_replies},
              {"notes", m_notes},
              {"rate_limited", m_rateLimited},
              {"duplicates", m_duplicates}}}};
}

} // namespace ops::sim
