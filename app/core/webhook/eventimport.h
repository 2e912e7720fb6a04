#pragma once

// `opsctl events import [--days N]`: the backfill from GET /v1/events (docs/design.md §10).
// Stripe lists newest first, so the import pages oldest first: with no stored cursor it walks the
// window back to its oldest event once (starting_after), then moves forward page by page with
// ending_before, applying each page's events oldest first. Every page is one write transaction
// with the cursor (the newest event imported), so an interrupted import resumes where it stopped
// and a repeated one reads only what is new. Events go through the same EventApplier as the
// receiver's, so an event both delivered and imported is one event.

#include "domain/result.h"
#include "stripe/stripeclient.h"
#include "webhook/eventapplier.h"

namespace ops {

struct EventImportOptions
{
    int days = 30;      // how far back a first import reaches (Stripe keeps 30 days)
    int pageSize = 100; // 1–100
    QString cursorName = QStringLiteral("stripe.events");
};

struct EventImportReport
{
    int pages = 0;
    int seen = 0;
    int stored = 0;
    int duplicates = 0;
    int applied = 0;
    int attention = 0;
    int unmatched = 0;
    QString cursor; // the newest event imported so far
    bool resumed = false;
    QString error; // empty when the import reached the newest event
};

class EventImport
{
public:
    EventImport(Session &session, StripeClient &client);
    EventImportReport run(const EventImportOptions &options);

private:
    Result<StripeEventList> page(const QList<std::pair<QString, QString>> &query);
    // Applies the events (given newest first) oldest first, with the cursor, in one commit.
    void importPage(const std::vector<StripeEvent> &newestFirst, const EventImportOptions &options,
                    EventImportReport &report);
    Result<std::vector<StripeEvent>> oldestPage(const EventImportOptions &options);

    OperationStore &m_store; // the session's
    EventStore &m_events;    // the cursor
    StripeClient &m_client;
    EventApplier m_applier;
};

} // namespace ops
