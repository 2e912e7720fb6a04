#include "console/messagejob.h"

#include "common/refusaltext.h"
#include "console/consolejobs.h"
#include "domain/rights.h"
#include "storage/session.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace ops::console {

MessageOutcome runMessageSend(const JobConfig &config, const Clock &clock, qint64 messageId,
                              const QString &actor)
{
    const QString problem = !config.helpdeskProblem.isEmpty() ? config.helpdeskProblem
                            : config.helpdesk.baseUrl.isEmpty()
                                ? QCoreApplication::translate("ops::console::MessageJob",
                                                              "no helpdesk URL is configured")
                                : QString();
    if (!problem.isEmpty())
        return {{},
                QCoreApplication::translate("ops::console::MessageJob",
                                            "Message %1 is queued but not sent: %2")
                    .arg(messageId)
                    .arg(problem),
                QCoreApplication::translate(
                    "ops::console::MessageJob",
                    "Set OPS_HELPDESK_URL and restart, or copy it to the clipboard.")};
    MessageOutcome outcome;
    try {
        Session session(config.dbLocation, clock); // this thread's own connection
        QtHttpTransport transport;
        MessageSender sender(session.messages(), transport, config.helpdesk);
        const SendResult r = sender.send(messageId, actor);
        const QString conversation = r.message ? r.message->conversation : QString();
        switch (r.status) {
        case SendResult::Status::Sent:
            outcome.message = QCoreApplication::translate("ops::console::MessageJob",
                                                          "Message sent to conversation %1.")
                                  .arg(conversation);
            break;
        case SendResult::Status::AlreadySent:
            outcome.message = QCoreApplication::translate(
                "ops::console::MessageJob",
                "The customer already has this message; nothing was sent.");
            break;
        case SendResult::Status::Failed:
            outcome.error = QCoreApplication::translate("ops::console::MessageJob",
                                                        "The message was not delivered: %1")
                                .arg(r.error);
            outcome.next = QCoreApplication::translate(
                "ops::console::MessageJob",
                "Compose the same message again later to retry (same key: it "
                "arrives at most once), or copy it to the clipboard.");
            break;
        case SendResult::Status::Unknown:
            outcome.error =
                QCoreApplication::translate("ops::console::MessageJob",
                                            "Unknown whether conversation %1 holds the message: %2")
                    .arg(conversation, r.error);
            outcome.next = QCoreApplication::translate(
                "ops::console::MessageJob",
                "Look at the ticket, or send again later: the ticket is read before anything is "
                "sent.");
            break;
        case SendResult::Status::InProgress:
            outcome.error = QCoreApplication::translate("ops::console::MessageJob", "Not sent: %1.")
                                .arg(r.error);
            outcome.next = QCoreApplication::translate(
                "ops::console::MessageJob",
                "Wait a few seconds and send it again: the ticket is read first.");
            break;
        case SendResult::Status::Refused:
            outcome.error = QCoreApplication::translate("ops::console::MessageJob", "Not sent: %1.")
                                .arg(r.error);
            outcome.next = QCoreApplication::translate("ops::console::MessageJob", "Reload (F5).");
            break;
        }
    } catch (const ActionRefused &e) {
        outcome.error = QCoreApplication::translate("ops::console::MessageJob", "Not sent: %1.")
                            .arg(ui::refusalText(e));
        outcome.next = QCoreApplication::translate(
            "ops::console::MessageJob",
            "Nothing was sent; ask a supervisor for the message right.");
    } catch (const StoreError &e) {
        outcome.error =
            QCoreApplication::translate("ops::console::MessageJob",
                                        "The database failed while sending the message: %1")
                .arg(e.message());
        outcome.next = QCoreApplication::translate(
            "ops::console::MessageJob", "Reload (F5): the message row shows what was recorded.");
    }
    return outcome;
}

MessageOutcome runDecisionNotes(const JobConfig &config, const Clock &clock,
                                const QString &operationId, const QString &actor)
{
    std::vector<qint64> notes;
    try {
        Session session(config.dbLocation, clock);
        notes = session.messages().pendingNotes(operationId);
    } catch (const StoreError &e) {
        return {{},
                QCoreApplication::translate("ops::console::MessageJob",
                                            "Could not read the decision notes of %1: %2")
                    .arg(operationId, e.message()),
                QCoreApplication::translate("ops::console::MessageJob", "Reload (F5).")};
    }
    MessageOutcome last;
    for (const qint64 id : notes) {
        last = runMessageSend(config, clock, id, actor);
        if (!last.error.isEmpty())
            return last;
    }
    if (!notes.empty())
        last.message = QCoreApplication::translate("ops::console::MessageJob",
                                                   "The decision on %1 is noted on its ticket.")
                           .arg(operationId);
    return last;
}

} // namespace ops::console
