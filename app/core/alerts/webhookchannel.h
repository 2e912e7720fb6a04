#pragma once

// An alert to a Slack-compatible incoming webhook: one POST of {"text": "<subject>\n<text>"} as
// JSON to the hook's URL. Slack, Mattermost and Rocket.Chat take this body. The text is escaped
// as Slack asks (&, <, > as HTML entities, so an alert cannot mention @channel or forge a link);
// Mattermost and Rocket.Chat render the entities as the characters.
//
// What an answer proves (docs/alerts.md):
//   2xx                                     Delivered  (Slack answers 200 "ok")
//   429                                     Retry      after Retry-After (seconds; 1 s if none)
//   408, 5xx, timeout, reset, garbled answer Unknown   (it may have been posted)
//   connection refused (nothing was sent)   Retry
//   any other status (400 invalid_payload,  Refused    with the hook's own words
//   403 action_prohibited, 404 no_service,
//   410 channel_is_archived, a redirect)
// A connect that times out is read as Unknown too: the transport does not tell it apart from a
// timeout after the request went.

#include "alerts/alertchannel.h"
#include "transport/httptransport.h"

#include <QUrl>
#include <memory>

namespace ops {

class RatePacer;

class WebhookChannel final : public AlertChannel
{
public:
    // `transport` null: a QtHttpTransport of its own. `timeout` bounds each send.
    WebhookChannel(QUrl url, std::chrono::milliseconds timeout,
                   std::unique_ptr<HttpTransport> transport = {});
    ~WebhookChannel() override;

    QString name() const override;
    AlertAnswer send(const AlertMessage &message) override;
    // An incoming webhook has no read of what it posted (alertchannel.h).
    bool readsBack() const override { return false; }
    // With a pacer (not owned), each send waits for its slot, and a 429's Retry-After holds it.
    void setPacer(RatePacer *pacer) { m_pacer = pacer; }

    // The request send() makes.
    static HttpRequest request(const QUrl &url, const AlertMessage &message);
    // The text it carries: the subject, a line break and the text, escaped for Slack.
    static QString textOf(const AlertMessage &message);
    // What one answer proves (the table above).
    static AlertAnswer classify(const HttpResponse &http);

private:
    QUrl m_url;
    std::chrono::milliseconds m_timeout{10000};
    std::unique_ptr<HttpTransport> m_transport;
    RatePacer *m_pacer = nullptr;
};

} // namespace ops
