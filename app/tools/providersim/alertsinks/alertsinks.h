#pragma once

// provider-sim's alert sinks (docs/alerts.md): the Slack-style webhook sink (slacksink.h), the
// SMTP sink (smtpsink.h), the ledger both write (alertledger.h), and their admin routes, loopback
// peers only like every /_sim/ route:
//   GET  /_sim/alerts         the ledger: deliveries and counts
//   POST /_sim/alerts/reset   clears the ledger ({"reset": true})
//   GET  /_sim/alerts/config  the hooks, the SMTP user, whether STARTTLS is offered, the port
//   POST /_sim/alerts/config  {"slack_hooks": {"<id>": "active"|"prohibited"|"archived"},
//                              "smtp_user": "…", "smtp_password": "…", "smtp_auth": "PLAIN LOGIN"}:
//                              each field optional;
//                              an empty "slack_hooks" takes any hook id, an empty "smtp_user"
//                              needs no AUTH
// The config outlives /_sim/reset, which clears the ledger like every other record.

#include "providersim/alertsinks/alertledger.h"
#include "providersim/alertsinks/slacksink.h"
#include "providersim/alertsinks/smtpsink.h"

#include <memory>

namespace ops::sim {

class AlertSinks
{
public:
    AlertSinks(SimWorld &world, FaultTable &faults);
    ~AlertSinks();

    SlackSink &slack() { return *m_slack; }
    SmtpSink &smtp() { return *m_smtp; }
    AlertLedger &ledger() { return m_ledger; }

    // Whether `request` goes to admin() rather than the sim's other admin routes.
    static bool isAdminRoute(const SimRequest &request);
    SimResponse admin(const SimRequest &request);
    void reset() { m_ledger.clear(); }

private:
    SimResponse configure(const nlohmann::json &body);
    QString configureMechanisms(const nlohmann::json &value);
    nlohmann::json configJson() const;

    AlertLedger m_ledger;
    std::unique_ptr<SlackSink> m_slack;
    std::unique_ptr<SmtpSink> m_smtp;
};

} // namespace ops::sim
