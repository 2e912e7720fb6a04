#pragma once

// The state behind provider-sim's four helpdesks (Zendesk, Gorgias, Intercom, Freshdesk): each
// vendor's own ticket space and the posts on its tickets, the credentials each vendor accepts,
// one rate bucket per vendor account, the reply size limit and page size, and the counts of
// GET /_sim/helpdesk. A new desk is the start-up state: tickets "1001".."1050" open and "1099"
// closed for every vendor, the default credentials and rates (README.md, *Helpdesks*); a seed's
// "helpdesk" part adds tickets and replaces settings on top of it.

#include "providersim/helpdesk/ratebucket.h"
#include "providersim/simtypes.h"

#include <array>
#include <map>
#include <vector>

namespace ops::sim {

enum class HelpdeskVendor
{
    Zendesk,
    Gorgias,
    Intercom,
    Freshdesk,
};
constexpr std::size_t helpdeskVendorCount = 4;

QString vendorName(HelpdeskVendor vendor);

struct HelpdeskPost
{
    qint64 id = 0;
    bool isPublic = true;  // the customer sees it
    bool internal = false; // a note (Zendesk: a private comment)
    QString html;          // the HTML form the vendor returns
    QString text;          // the plain form the vendor returns
    QString stored;        // the body as the client sent it (HTML or text): the ledger's body
    QString externalId;    // Gorgias external_id; empty elsewhere
    QString author;        // the vendor's author id or e-mail, as text
    QDateTime at;          // simulator time
    nlohmann::json extra = nlohmann::json::object(); // vendor-only fields (Gorgias channel)
};

struct HelpdeskTicket
{
    QString id;
    bool closed = false;
    QDateTime updatedAt; // simulator time; moves by at least one second per post
    std::vector<HelpdeskPost> posts;
};

struct HelpdeskCredentials
{
    QString zendeskEmail = QStringLiteral("agent@example.com");
    QString zendeskToken = QStringLiteral("zd_test_token");
    QString gorgiasEmail = QStringLiteral("agent@example.com");
    QString gorgiasKey = QStringLiteral("gg_test_key");
    QString intercomToken = QStringLiteral("ic_test_token");
    QString intercomAdmin = QStringLiteral("7001");
    QString freshdeskKey = QStringLiteral("fd_test_key");
};

class HelpdeskDesk
{
public:
    // A post body (each of Gorgias' two bodies) longer than this many UTF-16 code units is
    // refused with the vendor's validation error: the simulator's own limit.
    static constexpr qsizetype maxBodyChars = 65536;
    static constexpr int maxPageSize = 100;

    explicit HelpdeskDesk(SimWorld &world);

    // Checks seed["helpdesk"] ({"tickets","credentials","rates","page_size"}); the reason when
    // it is malformed. Call before seed(), which assumes a valid seed.
    static std::optional<QString> validateSeed(const nlohmann::json &helpdesk);
    void seed(const nlohmann::json &seed);

    HelpdeskTicket *ticket(HelpdeskVendor vendor, const QString &id);
    const HelpdeskCredentials &credentials() const { return m_credentials; }
    // The seeded page size, when a seed gave one (each vendor has its own default).
    std::optional<int> pageSize() const { return m_pageSize; }
    // One request's token from the vendor's bucket: nullopt when taken, else the seconds to
    // wait; a refusal is counted as rate_limited.
    std::optional<int> takeToken(HelpdeskVendor vendor);
    int rateLimit(HelpdeskVendor vendor) const;

    // Stores `post` last on `ticket` with a new id and the simulator time, reopens the ticket
    // when `reopen`, and counts it (reply or note, duplicate). Returns the stored post.
    const HelpdeskPost &addPost(HelpdeskTicket &ticket, HelpdeskPost post, bool reopen);

    // {"tickets":[{vendor,id,status,posts:[…]}],"counts":{replies,notes,rate_limited,
    // duplicates}}: only tickets with posts.
    nlohmann::json ledgerJson() const;

private:
    using TicketKey = std::pair<HelpdeskVendor, QString>;

    void addTicket(HelpdeskVendor vendor, const QString &id, bool closed);
    void seedCredentials(const nlohmann::json &credentials);
    void seedRates(const nlohmann::json &rates);
    bool isDuplicate(const HelpdeskTicket &ticket, const HelpdeskPost &post) const;

    SimWorld &m_world;
    std::map<TicketKey, HelpdeskTicket> m_tickets;
    HelpdeskCredentials m_credentials;
    std::array<RateBucket, helpdeskVendorCount> m_buckets;
    std::optional<int> m_pageSize;
    qint64 m_nextId = 500001;
    qint64 m_replies = 0;
    qint64 m_notes = 0;
    qint64 m_rateLimited = 0;
    qint64 m_duplicates = 0;
};

} // namespace ops::sim
