#pragma once

// The channels an alert goes out on (docs/design.md §18, docs/alerts.md): a Slack-compatible
// incoming webhook (webhookchannel.h) and e-mail over SMTP (smtpclient.h). A channel sends one
// message once and says what its answer proves; it never sends twice on its own. Whether to send
// again is the caller's decision, made from the outcome below, the way the helpdesk sender reads
// helpdeskwire::classifyPost.

#include <QLoggingCategory>
#include <QString>
#include <chrono>

namespace ops {

// The one logging category of the alert channels ("ops.alerts"). Nothing logged names a secret:
// not the webhook URL's path (Slack's token lives there), not a password.
Q_DECLARE_LOGGING_CATEGORY(lcAlerts)

// One alert as a channel sends it.
struct AlertMessage
{
    // The alert's stable idempotency key, e.g. "window_ending:op_123:2026-12-07". The mail's
    // Message-ID is derived from it, so a mailbox can see that two copies are one alert.
    QString key;
    // One line. CR, LF and other control characters never reach a header: a channel replaces
    // them with spaces.
    QString subject;
    QString text; // the body; any line ends (each channel writes its own)
};

// What one send proves (the same four readings as the helpdesk sender's).
enum class AlertOutcome
{
    Delivered, // the channel took it: a 2xx; a 2xx reply to the mail's final "."
    Refused,   // refused for good, with the channel's words: sending it again changes nothing
    Retry,     // nothing was delivered for sure: refused before a byte went, 429, 4xx in SMTP
    Unknown    // it may have been delivered: silence or a reset after it went, 408, 5xx (HTTP)
};
QString toString(AlertOutcome outcome);

struct AlertAnswer
{
    AlertOutcome outcome = AlertOutcome::Unknown;
    // One line for the operator: the status and the channel's own words. Never a secret.
    QString detail;
    // Retry after a 429: how long the channel asked to wait (Retry-After), else 0.
    std::chrono::milliseconds retryAfter{0};
};

class AlertChannel
{
public:
    virtual ~AlertChannel() = default;
    virtual QString name() const = 0; // "webhook", "smtp"
    // Blocking, with the channel's own timeout; call it from a worker thread, never the UI's.
    virtual AlertAnswer send(const AlertMessage &message) = 0;
    // Whether a send whose outcome is Unknown can be settled by reading what the channel holds.
    // False for both channels: a Slack-compatible incoming webhook and SMTP offer no read of what
    // was delivered. So the caller's rule is: an Unknown is sent again at most once, and that is
    // the bound on duplicates — at most one extra copy per alert key (docs/alerts.md).
    virtual bool readsBack() const = 0;
};

} // namespace ops
