#pragma once

// The four helpdesks of provider-sim as tst_simhelpdesk calls them: each vendor's credentials,
// its post (reply or note), read and check requests as the vendors' clients send them, and
// what a read answers, put in one form (the bodies and where the next page is).

#include "support/simtestutil.h"

namespace ops::test {

enum class Desk
{
    Zendesk,
    Gorgias,
    Intercom,
    Freshdesk,
};

inline void addDeskRows()
{
    QTest::addColumn<int>("desk");
    QTest::newRow("zendesk") << int(Desk::Zendesk);
    QTest::newRow("gorgias") << int(Desk::Gorgias);
    QTest::newRow("intercom") << int(Desk::Intercom);
    QTest::newRow("freshdesk") << int(Desk::Freshdesk);
}

inline const char *deskName(Desk d)
{
    static const char *names[] = {"zendesk", "gorgias", "intercom", "freshdesk"};
    return names[int(d)];
}

// The default credentials of each vendor; `good` false gives a wrong secret.
inline HeaderList deskHeaders(Desk d, bool good = true)
{
    // QByteArray, not auto: a QStringBuilder would outlive the pair's base64 temporary.
    const auto basic = [](const QByteArray &pair) -> QByteArray {
        return "Basic " + pair.toBase64();
    };
    QByteArray auth;
    switch (d) {
    case Desk::Zendesk:
        auth = basic(good ? "agent@example.com/token:zd_test_token" : "agent@example.com/token:no");
        break;
    case Desk::Gorgias:
        auth = basic(good ? "agent@example.com:gg_test_key" : "agent@example.com:no");
        break;
    case Desk::Intercom:
        auth = good ? "Bearer ic_test_token" : "Bearer no";
        break;
    case Desk::Freshdesk:
        auth = basic(good ? "fd_test_key:X" : "no_key:X");
        break;
    }
    return {{"Authorization", auth}, {"Content-Type", "application/json"}};
}

// The status of an accepted post, and of a refused body.
inline int postedStatus(Desk d)
{
    return d == Desk::Gorgias || d == Desk::Freshdesk ? 201 : 200;
}
inline int invalidStatus(Desk d)
{
    return d == Desk::Zendesk ? 422 : 400;
}

inline QString postPath(Desk d, const QString &ticket, bool note)
{
    switch (d) {
    case Desk::Zendesk:
        return QStringLiteral("/api/v2/tickets/%1.json").arg(ticket);
    case Desk::Gorgias:
        return QStringLiteral("/api/tickets/%1/messages").arg(ticket);
    case Desk::Intercom:
        return QStringLiteral("/conversations/%1/reply").arg(ticket);
    case Desk::Freshdesk:
        return QStringLiteral("/api/v2/tickets/%1/%2")
            .arg(ticket, QLatin1String(note ? "notes" : "reply"));
    }
    return {};
}

inline nlohmann::json postBody(Desk d, const std::string &html, bool note,
                               const std::string &externalId = {})
{
    switch (d) {
    case Desk::Zendesk:
        return {{"ticket", {{"comment", {{"html_body", html}, {"public", !note}}}}}};
    case Desk::Gorgias: {
        nlohmann::json b = {{"channel", note ? "internal-note" : "email"},
                            {"via", "api"},
                            {"from_agent", true},
                            {"sender", {{"email", "agent@example.com"}}},
                            {"body_html", html}};
        if (!externalId.empty())
            b["external_id"] = externalId;
        return b;
    }
    case Desk::Intercom:
        return {{"message_type", note ? "note" : "comment"},
                {"type", "admin"},
                {"admin_id", "7001"},
                {"body", html}};
    case Desk::Freshdesk:
        return note ? nlohmann::json{{"body", html}, {"private", true}}
                    : nlohmann::json{{"body", html}};
    }
    return {};
}

inline HttpReply deskPost(const SimProcess &sim, Desk d, const QString &ticket,
                          const std::string &html, bool note = false, bool good = true)
{
    const QByteArray body = QByteArray::fromStdString(postBody(d, html, note).dump());
    const QByteArray method = d == Desk::Zendesk ? "PUT" : "POST";
    return sim.request(method, postPath(d, ticket, note), body, deskHeaders(d, good));
}

inline QString readPath(Desk d, const QString &ticket)
{
    switch (d) {
    case Desk::Zendesk:
        return QStringLiteral("/api/v2/tickets/%1/comments.json").arg(ticket);
    case Desk::Gorgias:
        return QStringLiteral("/api/tickets/%1/messages").arg(ticket);
    case Desk::Intercom:
        return QStringLiteral("/conversations/%1").arg(ticket);
    case Desk::Freshdesk:
        return QStringLiteral("/api/v2/tickets/%1/conversations").arg(ticket);
    }
    return {};
}

inline HttpReply deskGet(const SimProcess &sim, Desk d, const QString &pathAndQuery,
                         bool good = true)
{
    return sim.request("GET", pathAndQuery, {}, deskHeaders(d, good));
}

inline QString checkPath(Desk d)
{
    static const char *paths[] = {"/api/v2/users/me.json", "/api/account", "/me",
                                  "/api/v2/agents/me"};
    return QString::fromLatin1(paths[int(d)]);
}

// One page of a read, whatever the vendor's shape: the HTML bodies oldest first, and the
// path and query of the next page (empty when it is the last).
struct DeskPage
{
    QStringList bodies;
    QString next;
};

inline QString pathOfUrl(const QString &url)
{
    const QUrl u(url);
    return u.path() + (u.hasQuery() ? QLatin1Char('?') + u.query() : QString());
}

inline DeskPage pageOf(Desk d, const HttpReply &reply, const QString &readPathNoQuery)
{
    DeskPage page;
    const nlohmann::json j = reply.json();
    const auto collect = [&](const nlohmann::json &list, const char *field) {
        for (const auto &item : list)
            page.bodies << QString::fromStdString(item[field].get<std::string>());
    };
    switch (d) {
    case Desk::Zendesk:
        collect(j["comments"], "html_body");
        if (j["next_page"].is_string())
            page.next = pathOfUrl(QString::fromStdString(j["next_page"].get<std::string>()));
        break;
    case Desk::Gorgias:
        collect(j["data"], "body_html");
        if (j["meta"]["next_cursor"].is_string())
            page.next = readPathNoQuery + QStringLiteral("?limit=2&cursor=") +
                        QString::fromStdString(j["meta"]["next_cursor"].get<std::string>());
        break;
    case Desk::Intercom:
        collect(j["conversation_parts"]["conversation_parts"], "body");
        break;
    case Desk::Freshdesk: {
        collect(j, "body");
        const QString link = QString::fromUtf8(reply.header("link"));
        if (!link.isEmpty())
            page.next = pathOfUrl(link.section(u'>', 0, 0).mid(1));
        break;
    }
    }
    return page;
}

} // namespace ops::test
