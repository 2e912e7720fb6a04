// opsctl message send|list|check (issues 6, 18, 51): the agent and scripts queue a customer
// message from a shipped template or as free text (--text), deliver it through the helpdesk
// (OPS_HELPDESK_VENDOR, OPS_HELPDESK_URL, docs/messages.md), check that connection, list an
// operation's messages, and check a reply they mean to write themselves (check_reply's verdict, for
// hosts without MCP: exit 0 allowed, 2 refused). The store refuses a template the operation's state
// does not allow, and free text goes through the same truth guard as the console's (rule 11): a
// refusal exits 2 with the guard's reason and stores nothing.

#include "cli/commandcontext.h"
#include "cli/opsctl.h"
#include "mcp/toolrunner.h"
#include "outbox/messagesender.h"
#include "storage/messages/messagestore.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops::cli {

namespace {

nlohmann::ordered_json messageJson(const CustomerMessage &m)
{
    nlohmann::ordered_json j{{"message_id", m.id},
                             {"operation_id", m.operationId.toStdString()},
                             {"state", toString(m.state).toStdString()},
                             {"channel", toString(m.channel).toStdString()},
                             {"template", toString(m.tmpl).toStdString()},
                             {"language", m.language.toStdString()},
                             {"conversation", m.conversation.toStdString()},
                             {"idempotency_key", m.idempotencyKey.toStdString()},
                             {"attempts", m.attempts},
                             {"body", m.body.toStdString()}};
    if (!m.lastError.isEmpty())
        j["last_error"] = m.lastError.toStdString();
    if (!m.providerMessageId.isEmpty())
        j["provider_message_id"] = m.providerMessageId.toStdString();
    return j;
}

QString actorFor(const CommandContext &ctx)
{
    const QString name = ctx.operatorName.trimmed();
    return name.isEmpty() ? u"agent:opsctl"_s : u"operator:"_s + name;
}

int sendMessage(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(
        args, {u"template"_s, u"text"_s, u"language"_s, u"conversation"_s}, {u"json"_s});
    if (!opts)
        return ctx.usage(opts.error());
    if (opts->positionals().size() != 1)
        return ctx.usage(u"message send takes one operation id"_s);
    const bool freeText = opts->has(u"text"_s);
    if (freeText && opts->has(u"template"_s))
        return ctx.usage(u"give either --template or --text, not both"_s);
    const auto tmpl = freeText ? std::optional(MessageTemplate::Custom)
                               : messageTemplateFromString(opts->value(u"template"_s));
    if (!tmpl || (!freeText && *tmpl == MessageTemplate::Custom))
        return ctx.usage(u"--template must be one of checking, not_confirmed, refunded, issued, "
                         "credited, failed (free text goes in --text)"_s);
    const QString text = opts->value(u"text"_s);
    if (freeText && text.trimmed().isEmpty())
        return ctx.usage(u"--text is empty: write the message to send"_s);
    const auto helpdesk = helpdeskConfigFromEnvironment();
    if (!helpdesk)
        return ctx.usage(helpdesk.error());
    const HelpdeskConfig &config = *helpdesk;

    auto session = ctx.openSession();
    const QString id = opts->positionals().first();
    const auto op = session->store().operation(id);
    if (!op)
        return ctx.usage(u"no operation %1"_s.arg(id));
    MessageStore &outbox = session->messages();
    MessageDraft d;
    d.operationId = id;
    d.tmpl = *tmpl;
    d.customBody = text;
    d.language = opts->value(u"language"_s, u"en"_s);
    d.conversation = opts->value(u"conversation"_s, op->customerId);
    d.actor = actorFor(ctx);
    const EnqueueResult queued = outbox.enqueue(d);
    if (!queued.message)
        return ctx.usage(u"message refused: %1"_s.arg(queued.error));
    QtHttpTransport transport;
    MessageSender sender(outbox, transport, config);
    const SendResult sent = sender.send(queued.message->id, d.actor);
    nlohmann::ordered_json out{{"status", toString(sent.status).toStdString()}};
    if (sent.message)
        out["message"] = messageJson(*sent.message);
    if (!sent.error.isEmpty())
        out["error"] = sent.error.toStdString();
    ctx.out << QString::fromStdString(out.dump()) << Qt::endl;
    return ExitCode::Ok;
}

int listMessages(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(args, {}, {u"json"_s});
    if (!opts)
        return ctx.usage(opts.error());
    if (opts->positionals().size() != 1)
        return ctx.usage(u"message list takes one operation id"_s);
    auto session = ctx.openSession();
    const QString id = opts->positionals().first();
    if (!session->store().operation(id))
        return ctx.usage(u"no operation %1"_s.arg(id));
    const auto messages = session->messages().forOperation(id);
    if (opts->has(u"json"_s)) {
        nlohmann::ordered_json list = nlohmann::ordered_json::array();
        for (const CustomerMessage &m : messages)
            list.push_back(messageJson(m));
        ctx.out << QString::fromStdString(nlohmann::ordered_json{
                       {"operation_id", id.toStdString()},
                       {"messages", list}}.dump())
                << Qt::endl;
        return ExitCode::Ok;
    }
    for (const CustomerMessage &m : messages)
        ctx.out << u"%1  %2  %3/%4  %5  attempts %6  %7"_s
                       .arg(QString::number(m.id), toString(m.state), toString(m.tmpl), m.language,
                            m.conversation)
                       .arg(m.attempts)
                       .arg(m.lastError)
                << Qt::endl;
    return ExitCode::Ok;
}

// check_reply from a shell: the same verdict and JSON (mcp/replycheck.h); stores nothing.
int checkReply(CommandContext &ctx, const QStringList &args)
{
    const auto opts = CliArgs::parse(args, {u"order"_s, u"draft"_s, u"language"_s}, {u"json"_s});
    if (!opts)
        return ctx.usage(opts.error());
    const bool byOrder = opts->has(u"order"_s);
    if (opts->positionals().size() != (byOrder ? 0 : 1))
        return ctx.usage(u"message check takes one operation id or --order, not both"_s);
    const QString draft = opts->value(u"draft"_s);
    if (draft.trimmed().isEmpty() || draft.size() > 5000)
        return ctx.usage(u"--draft must hold the reply, 1 to 5000 characters"_s);
    const QString language = opts->value(u"language"_s, u"en"_s);
    if (!messageLanguages().contains(language))
        return ctx.usage(u"--language must be one of en, ru, uk"_s);
    auto session = ctx.openSession();
    const nlohmann::ordered_json verdict =
        mcp::checkReply(session->store(), byOrder ? QString() : opts->positionals().first(),
                        opts->value(u"order"_s), draft, language);
    if (verdict.value("status", "") == "rejected")
        return ctx.usage(QString::fromStdString(verdict["error"].value("message", "")));
    ctx.out << QString::fromStdString(verdict.dump()) << Qt::endl;
    return verdict.value("status", "") == "allowed" ? ExitCode::Ok : ExitCode::Usage;
}

// Check connection from a shell: who the helpdesk says the credentials belong to. Moves nothing;
// exit 0 when it answered, 1 when it refused or did not answer, 2 when the configuration cannot
// work.
int checkHelpdesk(CommandContext &ctx, const QStringList &args)
{
    if (!args.isEmpty())
        return ctx.usage(u"message connection takes no arguments"_s);
    const auto helpdesk = helpdeskConfigFromEnvironment();
    if (!helpdesk)
        return ctx.usage(helpdesk.error());
    QtHttpTransport transport;
    const auto who = checkHelpdesk(transport, *helpdesk);
    nlohmann::ordered_json out{{"vendor", toString(helpdesk->vendor).toStdString()},
                               {"url", helpdesk->baseUrl.toString().toStdString()},
                               {"ok", who.ok()}};
    out[who ? "who" : "error"] = (who ? *who : who.error()).toStdString();
    ctx.out << QString::fromStdString(out.dump()) << Qt::endl;
    return who ? ExitCode::Ok : ExitCode::Internal;
}

} // namespace

int messageCommand(CommandContext &ctx, const QStringList &args)
{
    const QString sub = args.value(0);
    if (sub == u"send"_s)
        return sendMessage(ctx, args.mid(1));
    if (sub == u"list"_s)
        return listMessages(ctx, args.mid(1));
    if (sub == u"check"_s)
        return checkReply(ctx, args.mid(1));
    if (sub == u"connection"_s)
        return checkHelpdesk(ctx, args.mid(1));
    return ctx.usage(u"message send|list|check OP …, or message connection"_s);
}

} // namespace ops::cli
