#include "cli/decisionnotes.h"

#include "domain/storeerror.h"
#include "outbox/messagesender.h"
#include "storage/messages/messagestore.h"
#include "storage/session.h"

namespace ops::cli {

nlohmann::ordered_json sendDecisionNotes(CommandContext &ctx, Session &session,
                                         const QString &operationId)
{
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    const std::vector<qint64> notes = session.messages().pendingNotes(operationId);
    if (notes.empty())
        return out;
    const auto helpdesk = helpdeskConfigFromEnvironment();
    QtHttpTransport transport;
    for (const qint64 id : notes) {
        nlohmann::ordered_json note{{"message_id", id}};
        if (!helpdesk) {
            note["status"] = "queued";
            note["error"] = helpdesk.error().toStdString();
        } else {
            // The close is committed whatever happens here: a refusal is reported, not thrown.
            try {
                MessageSender sender(session.messages(), transport, *helpdesk);
                const SendResult r = sender.send(id, ctx.actor());
                note["status"] = toString(r.status).toStdString();
                if (!r.error.isEmpty())
                    note["error"] = r.error.toStdString();
            } catch (const ActionRefused &e) {
                note["status"] = "refused";
                note["error"] = e.message().toStdString();
            }
        }
        out.push_back(note);
    }
    return out;
}

} // namespace ops::cli
