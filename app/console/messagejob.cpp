#include "messagejob.h"

#include "consolejobs.h"
#include "database.h"
#include "rights.h"

#include <atomic>

using namespace Qt::StringLiterals;

namespace ops::console {

MessageOutcome runMessageSend(const JobConfig &config, const Clock &clock, qint64 messageId,
                              const QString &actor)
{
    const QString problem = !config.helpdeskProblem.isEmpty()   ? config.helpdeskProblem
                            : config.helpdesk.baseUrl.isEmpty() ? u"no helpdesk URL is configured"_s
                                                                : QString();
    if (!problem.isEmpty())
        return {{},
                u"Message %1 is queued but not sent: %2"_s.arg(messageId).arg(problem),
                u"Set OPS_HELPDESK_URL and restart, or copy it to the clipboard."_s};
    static std::atomic_int counter = 0;
    const QString connection = u"opsconsole-message-%1"_s.arg(++counter);
    MessageOutcome outcome;
    {
        QSqlDatabase db;
        try {
            db = Database::open(config.dbLocation, connection);
            MessageStore store(db, clock);
            QtHttpTransport transport;
            MessageSender sender(store, transport, config.helpdesk);
            const SendResult r = sender.send(messageId, actor);
            const QString conversation = r.message ? r.message->conversation : QString();
            switch (r.status) {
            case SendResult::Status::Sent:
                outcome.message = u"Message sent to conversation %1."_s.arg(conversation);
                break;
            case SendResult::Status::AlreadySent:
                outcome.message = u"The customer already has this message; nothing was sent."_s;
                break;
            case SendResult::Status::Failed:
                outcome.error = u"The message was not delivered: %1"_s.arg(r.error);
                outcome.next = u"Compose the same message again later to retry (same key: it "
                               "arrives at most once), or copy it to the clipboard."_s;
                break;
            case SendResult::Status::Refused:
                outcome.error = u"Not sent: %1."_s.arg(r.error);
                outcome.next = u"Reload (F5)."_s;
                break;
            }
        } catch (const ActionRefused &e) {
            outcome.error = u"Not sent: "_s + e.message();
            outcome.next = u"Nothing was sent; ask a supervisor for the message right."_s;
        } catch (const StoreError &e) {
            outcome.error = u"The database failed while sending the message: "_s + e.message();
            outcome.next = u"Reload (F5): the message row shows what was recorded."_s;
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return outcome;
}

} // namespace ops::console
