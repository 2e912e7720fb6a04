#include "webhook/eventimport.h"

#include "storage/events/eventstore.h"
#include "storage/operations/writescope.h"
#include "webhook/webhooklogging.h"

using namespace Qt::StringLiterals;

namespace ops {

EventImport::EventImport(Session &session, StripeClient &client)
    : m_store(session.store())
    , m_events(session.events())
    , m_client(client)
    , m_applier(session, u"system:events-import"_s)
{}

Result<StripeEventList> EventImport::page(const QList<std::pair<QString, QString>> &query)
{
    const StripeReply reply = m_client.listEvents(query);
    if (!reply.ok())
        return Failure{
            reply.error
                ? u"GET /v1/events: %1 %2"_s.arg(reply.http.status)
                      .arg(reply.error->code.isEmpty() ? reply.error->message : reply.error->code)
                : u"GET /v1/events: no answer (%1)"_s.arg(reply.http.errorText.isEmpty()
                                                              ? QString::number(reply.http.status)
                                                              : reply.http.errorText)};
    auto list = parseStripeEventList(reply.http.body);
    if (!list)
        return Failure{u"GET /v1/events: the answer is not a list of events"_s};
    return std::move(*list);
}

Result<std::vector<StripeEvent>> EventImport::oldestPage(const EventImportOptions &options)
{
    const qint64 since = m_store.clock().nowMs() / 1000 - qint64(options.days) * 86400;
    QString after;
    for (;;) {
        QList<std::pair<QString, QString>> query = {{u"limit"_s, QString::number(options.pageSize)},
                                                    {u"created[gte]"_s, QString::number(since)}};
        if (!after.isEmpty())
            query.append({u"starting_after"_s, after});
        const auto list = page(query);
        if (!list)
            return Failure{list.error()};
        if (!list->hasMore || list->data.empty())
            return list->data;
        after = list->data.back().id;
    }
}

void EventImport::importPage(const std::vector<StripeEvent> &newestFirst,
                             const EventImportOptions &options, EventImportReport &report)
{
    if (newestFirst.empty())
        return;
    WriteScope tx(m_store);
    for (auto it = newestFirst.rbegin(); it != newestFirst.rend(); ++it) {
        const EventApplyResult r = m_applier.applyLocked(*it, EventSource::Import);
        ++report.seen;
        if (r.duplicate) {
            ++report.duplicates;
            continue;
        }
        ++report.stored;
        report.applied += r.outcome == EventOutcome::Applied;
        report.attention += r.outcome == EventOutcome::Attention;
        report.unmatched += r.operationId.isEmpty() && it->objectType == u"refund"_s;
    }
    report.cursor = newestFirst.front().id;
    m_events.setCursorLocked(m_store.clock().nowMs(), options.cursorName, report.cursor);
    tx.commit();
    ++report.pages;
}

EventImportReport EventImport::run(const EventImportOptions &options)
{
    EventImportReport report;
    EventStore &events = m_events;
    QString cursor = events.cursor(options.cursorName).value_or(QString());
    report.resumed = !cursor.isEmpty();
    if (!cursor.isEmpty() && m_client.getEvent(cursor).http.status == 404) {
        // The cursor's event is past the provider's retention: start from the window again.
        qCInfo(lcWebhook).noquote() << "import cursor" << cursor << "is gone; rescanning";
        cursor.clear();
    }
    if (cursor.isEmpty()) {
        const auto oldest = oldestPage(options);
        if (!oldest) {
            report.error = oldest.error();
            return report;
        }
        importPage(*oldest, options, report);
        cursor = report.cursor;
        if (cursor.isEmpty())
            return report; // no events in the window
    }
    for (;;) {
        const auto list =
            page({{u"limit"_s, QString::number(options.pageSize)}, {u"ending_before"_s, cursor}});
        if (!list) {
            report.error = list.error();
            return report;
        }
        importPage(list->data, options, report);
        if (list->data.empty() || !list->hasMore)
            break;
        cursor = report.cursor;
    }
    report.cursor = report.cursor.isEmpty() ? cursor : report.cursor;
    qCInfo(lcWebhook) << "import:" << report.seen << "events," << report.stored << "new";
    return report;
}

} // namespace ops
