#include "ticketview/ticketview.h"

#include "domain/messagetypes.h"
#include "domain/money.h"
#include "domain/sayable.h"
#include "domain/storeerror.h"
#include "storage/operations/operationstore.h"
#include "transport/constanttime.h"

#include <QCryptographicHash>
#include <QUrlQuery>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

using json = nlohmann::ordered_json;

void sendJson(const ResponderPtr &r, int status, const json &body)
{
    r->send(status, {{"Content-Type", "application/json"}, {"Cache-Control", "no-store"}},
            QByteArray::fromStdString(body.dump()));
}

void refuse(const ResponderPtr &r, int status, const char *code, const QString &message)
{
    sendJson(r, status, {{"error", {{"code", code}, {"message", message.toStdString()}}}});
}

QString iso(const std::optional<QDateTime> &t)
{
    return t ? t->toUTC().toString(Qt::ISODate) : QString();
}

json rowJson(const Operation &op, const QString &language)
{
    json say = json::array();
    for (const SayableText &s : sayableNow(op, {}, language))
        say.push_back(
            {{"template", toString(s.tmpl).toStdString()}, {"text", s.text.toStdString()}});
    json row = {{"operation_id", op.id.toStdString()},
                {"kind", toString(op.kind).toStdString()},
                {"state", toString(op.state).toStdString()},
                {"amount", op.amount.minor},
                {"currency", op.amount.currency.toStdString()},
                {"order", op.orderId.toStdString()},
                {"created_at", iso(op.createdAt).toStdString()},
                {"deadline", op.deadline ? json(iso(op.deadline).toStdString()) : json(nullptr)},
                {"may_say", say}};
    if (!op.providerStatus.isEmpty())
        row["provider_status"] = op.providerStatus.toStdString();
    return row;
}

// One <section> per row: what stands, and what may be said, escaped.
QString cardHtml(const QString &ticket, const std::vector<Operation> &rows, const QString &language)
{
    QString html = u"<!doctype html><html lang=\"%1\"><head><meta charset=\"utf-8\"><title>Ticket "
                   "%2</title><style>body{font:13px sans-serif;margin:8px}section{border-top:1px "
                   "solid #ccc;padding:6px 0}.state{font-weight:bold}blockquote{margin:4px 0 "
                   "4px 8px;color:#333}</style></head><body><h1>Ticket %2</h1>"_s.arg(
                       language, ticket.toHtmlEscaped());
    if (rows.empty())
        html += u"<p>No operation is linked to this ticket.</p>"_s;
    for (const Operation &op : rows) {
        html += u"<section><div><span class=\"state\">%1</span> · %2 · %3</div>"_s.arg(
            toString(op.state).toHtmlEscaped(), op.id.toHtmlEscaped(),
            formatMoney(op.amount).toHtmlEscaped());
        if (op.deadline)
            html += u"<div>resend window ends %1</div>"_s.arg(iso(op.deadline));
        for (const SayableText &s : sayableNow(op, {}, language))
            html += u"<blockquote>%1</blockquote>"_s.arg(s.text.toHtmlEscaped());
        html += u"</section>"_s;
    }
    return html + u"</body></html>"_s;
}

} // namespace

TicketView::TicketView(Session &session, TicketViewOptions options)
    : m_session(session)
    , m_options(std::move(options))
{}

bool TicketView::handle(const HttpRequestData &request, const ResponderPtr &responder)
{
    if (!request.path.startsWith(u"/v1/tickets/"_s))
        return false;
    const QUrlQuery query(QString::fromLatin1(request.rawQuery));
    const QStringList parts = request.path.split(u'/', Qt::SkipEmptyParts);
    const bool card = parts.value(3) == u"card"_s;
    // A frame cannot send a header: the card alone also takes the token in its query.
    const QByteArray bearer = request.headers.value("authorization");
    const QByteArray presented =
        bearer.startsWith("Bearer ")
            ? bearer.mid(7).trimmed()
            : (card ? query.queryItemValue(u"token"_s, QUrl::FullyDecoded).toUtf8() : QByteArray());
    // Compared as digests: the same length whatever was presented, every byte looked at.
    const auto digest = [](const QByteArray &b) {
        return QCryptographicHash::hash(b, QCryptographicHash::Sha256);
    };
    if (m_options.token.isEmpty() || !sameBytes(digest(presented), digest(m_options.token))) {
        refuse(responder, 401, "unauthorized", u"present the ticket view's bearer token"_s);
        return true;
    }
    if (request.method != "GET") {
        refuse(responder, 405, "method_not_allowed", u"the ticket view only reads: use GET"_s);
        return true;
    }
    if (parts.size() != 4 || (parts[3] != u"operations"_s && !card)) {
        refuse(responder, 404, "not_found",
               u"GET /v1/tickets/{id}/operations or /v1/tickets/{id}/card"_s);
        return true;
    }
    const QString language =
        query.queryItemValue(u"lang"_s).isEmpty() ? u"en"_s : query.queryItemValue(u"lang"_s);
    if (const QString problem = ticketProblem(parts[2]); !problem.isEmpty() || parts[2].isEmpty()) {
        refuse(responder, 400, "invalid_ticket",
               problem.isEmpty() ? u"the ticket is empty"_s : problem);
        return true;
    }
    if (!messageLanguages().contains(language)) {
        refuse(responder, 400, "invalid_language", u"lang must be one of en, ru, uk"_s);
        return true;
    }
    answer(parts[2], card, language, responder);
    return true;
}

void TicketView::answer(const QString &ticket, bool card, const QString &language,
                        const ResponderPtr &responder)
{
    std::vector<Operation> rows;
    try {
        rows = m_session.store().viewTicket(ticket, m_options.limit, m_options.actor,
                                            card ? u"card"_s : u"json"_s);
    } catch (const StoreError &e) {
        refuse(responder, 503, "database_unavailable", e.message());
        return;
    }
    if (card) {
        responder->send(
            200,
            {{"Content-Type", "text/html; charset=utf-8"},
             {"Cache-Control", "no-store"},
             {"Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"}},
            cardHtml(ticket, rows, language).toUtf8());
        return;
    }
    json list = json::array();
    for (const Operation &op : rows)
        list.push_back(rowJson(op, language));
    sendJson(responder, 200, {{"ticket", ticket.toStdString()}, {"operations", list}});
}

} // namespace ops
