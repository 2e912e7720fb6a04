#include "console/consolejobs.h"

#include "common/refusaltext.h"
#include "config/engineenv.h"
#include "console/providerlookup.h"
#include "console/slenlookup.h"
#include "domain/classification.h"
#include "engine/creditengine.h"
#include "engine/executionengine.h"
#include "engine/refunddispatch.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"
#include "reconcile/adyenproof.h"
#include "storage/events/eventstore.h"
#include "storage/operations/operationquery.h"
#include "storage/operations/operationstore.h"
#include "storage/operations/resendlease.h"
#include "storage/session.h"
#include "transport/connectionsettings.h"
#include "transport/secrets.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace ops::console {

namespace {

// The engine's answer when four-eyes holds the resend back (Settlement::resend).
constexpr QStringView kAwaitingApprovalCode = u"awaiting_approval";

QString lastAnswer(OperationStore &store, const QString &id)
{
    const auto attempts = store.attempts(id);
    if (attempts.empty())
        return QCoreApplication::translate("ops::console::ConsoleJobs", "no attempt");
    const Attempt &a = attempts.back();
    if (a.httpStatus == 0)
        return a.transportError.isEmpty()
                   ? QCoreApplication::translate("ops::console::ConsoleJobs", "no answer")
                   : a.transportError;
    return a.providerCode.isEmpty()
               ? QCoreApplication::translate("ops::console::ConsoleJobs", "HTTP %1")
                     .arg(a.httpStatus)
               : QCoreApplication::translate("ops::console::ConsoleJobs", "HTTP %1 %2")
                     .arg(a.httpStatus)
                     .arg(a.providerCode);
}

// The provider's reference a resend closed with: refund, movement or execution.
QString confirmedRef(const ToolResult &r)
{
    if (!r.refundId.isEmpty())
        return QCoreApplication::translate("ops::console::ConsoleJobs", "refund ") + r.refundId;
    if (!r.movementId.isEmpty())
        return QCoreApplication::translate("ops::console::ConsoleJobs", "movement ") + r.movementId;
    if (!r.executionId.isEmpty())
        return QCoreApplication::translate("ops::console::ConsoleJobs", "execution ") +
               r.executionId;
    return QCoreApplication::translate("ops::console::ConsoleJobs", "the operation");
}

// Four-eyes is decided by the store (beginAttempt, through the engine's resend): above the
// threshold without an approved resend it records a pending approval and nothing is sent.
ResendOutcome awaitingApproval(Session &session, const QString &id)
{
    const auto pending = session.openApproval(id, ApprovalAction::Resend, ApprovalState::Pending);
    ResendOutcome o;
    o.awaitingApproval = true;
    o.error = QCoreApplication::translate("ops::console::ConsoleJobs",
                                          "Not sent: %1 is above the four-eyes threshold; resend "
                                          "approval #%2 waits for a second person.")
                  .arg(id)
                  .arg(pending ? pending->id : 0);
    o.next = QCoreApplication::translate(
        "ops::console::ConsoleJobs",
        "A second person with the approve right approves it in the Approvals tab, and that "
        "approval sends it at once.");
    return o;
}

// `actor` decides the next step a still-unknown row gets: only a person with the Close right
// closes it by hand (issue 50 item 6: support was told to close what it may not).
ResendOutcome describeResend(const ToolResult &r, Session &session, const QString &id,
                             const QString &actor)
{
    if (r.status == ToolResult::Status::Rejected && r.errorCode == kAwaitingApprovalCode)
        return awaitingApproval(session, id);
    ResendOutcome o;
    o.sent = r.status != ToolResult::Status::Rejected;
    // The last attempt's answer, read only for the texts that quote it.
    const auto answer = [&session, &id] {
        return lastAnswer(session.store(), id);
    };
    switch (r.status) {
    case ToolResult::Status::Refunded:
    case ToolResult::Status::Succeeded:
        o.message = QCoreApplication::translate(
                        "ops::console::ConsoleJobs",
                        "Resent %1: the provider confirmed %2; closed as succeeded.")
                        .arg(id, confirmedRef(r));
        break;
    case ToolResult::Status::Failed:
        o.message =
            QCoreApplication::translate("ops::console::ConsoleJobs",
                                        "Resent %1: the provider refused (%2); closed as failed.")
                .arg(id, answer());
        break;
    case ToolResult::Status::Checking:
        o.error = QCoreApplication::translate("ops::console::ConsoleJobs",
                                              "Resent %1 once; the outcome is still unknown (%2).")
                      .arg(id, r.errorMessage.isEmpty() ? answer() : r.errorMessage);
        o.next = session.accessOf(actor).rights.testFlag(Right::Close)
                     ? QCoreApplication::translate(
                           "ops::console::ConsoleJobs",
                           "Look it up at the provider (Ctrl+L) and close it with that evidence.")
                     : QCoreApplication::translate(
                           "ops::console::ConsoleJobs",
                           "Look it up at the provider (Ctrl+L): the look-up is kept as "
                           "evidence, and a supervisor closes the row with it.");
        break;
    case ToolResult::Status::Unconfirmed:
        o.error = QCoreApplication::translate("ops::console::ConsoleJobs",
                                              "Resent %1; not confirmed yet (%2).")
                      .arg(id, answer());
        o.next = r.errorMessage.isEmpty()
                     ? QCoreApplication::translate("ops::console::ConsoleJobs",
                                                   "Look it up at the provider in a minute.")
                     : r.errorMessage;
        break;
    case ToolResult::Status::Rejected:
        o.error = QCoreApplication::translate("ops::console::ConsoleJobs", "Resend refused: %1")
                      .arg(r.errorMessage);
        o.next = QCoreApplication::translate("ops::console::ConsoleJobs",
                                             "Reload (F5) and check the row's state.");
        break;
    default: // queued/running: an open execution moved on by the resend
        o.message = QCoreApplication::translate("ops::console::ConsoleJobs", "Resent %1 (%2).")
                        .arg(id, answer());
        break;
    }
    return o;
}

// The provider key `name`, or why the console cannot use one: its file is refused, or none is
// configured (`missing`).
Result<QString> providerSecret(const QString &name, const QString &missing)
{
    const auto secret = EnvFileSecretSource().secret(name);
    if (!secret)
        return Failure{secret.error()};
    if (!*secret)
        return Failure{missing};
    return **secret;
}

// Slen has no public default URL: without OPS_SLEN_URL the console cannot look up Slen rows.
void readSlenConfig(JobConfig &c, std::optional<qint64> timeoutMs)
{
    const ConnectionSettings settings; // the environment, else Tools → Connections
    const QString url = settings.value(u"slen"_s, u"url"_s).value;
    c.slen.baseUrl = QUrl(url, QUrl::StrictMode);
    if (!baseUrlProblem(url).isEmpty())
        c.slenProblem = QCoreApplication::translate("ops::console::ConsoleJobs",
                                                    "OPS_SLEN_URL '%1' is not an http(s) URL.")
                            .arg(url);
    c.slen.project = settings.value(u"slen"_s, u"project"_s, c.slen.project).value;
    if (timeoutMs)
        c.slen.timeout = std::chrono::milliseconds(*timeoutMs);
    const auto secret =
        providerSecret(u"slen"_s, QCoreApplication::translate("ops::console::ConsoleJobs",
                                                              "No Slen API key is configured."));
    if (secret)
        c.slen.secret = *secret;
    else if (c.slenProblem.isEmpty())
        c.slenProblem = secret.error();
}

// Why the provider of `op` cannot be asked as configured; empty when it can.
QString providerProblem(const JobConfig &config, Provider provider)
{
    if (provider == Provider::Adyen)
        return config.adyen ? QString()
                            : config.adyenProblem +
                                  QCoreApplication::translate(
                                      "ops::console::ConsoleJobs",
                                      " Set OPS_ADYEN_URL, OPS_ADYEN_KEY and OPS_ADYEN_MERCHANT "
                                      "and restart the console.");
    if (provider == Provider::Stripe)
        return config.stripeProblem.isEmpty()
                   ? QString()
                   : config.stripeProblem +
                         QCoreApplication::translate(
                             "ops::console::ConsoleJobs",
                             " Set OPS_STRIPE_URL and OPS_STRIPE_KEY and restart the console.");
    QString problem = config.slenProblem;
    if (problem.isEmpty() && !config.slen.baseUrl.isValid())
        problem =
            QCoreApplication::translate("ops::console::ConsoleJobs", "No Slen URL is configured.");
    return problem.isEmpty() ? QString()
                             : problem + QCoreApplication::translate(
                                             "ops::console::ConsoleJobs",
                                             " Set OPS_SLEN_URL and OPS_SLEN_KEY and restart the "
                                             "console.");
}

// Adyen has no call that reads a refund back (docs/adyen.md): the look-up lists the row's stored
// notifications and proposes what they prove, by the reconciler's own rule (adyenproof.h), else
// says what settles the row. A resend replays Adyen's first answer, so it helps only while
// nothing says Adyen received the refund.
LookupAnswer adyenAnswer(const Operation &op, const std::vector<StoredEvent> &events)
{
    LookupAnswer a;
    a.operationId = op.id;
    a.providerRef = op.providerRef;
    a.summary = QCoreApplication::translate(
        "ops::console::ConsoleJobs",
        "Adyen cannot be asked for a refund: its REFUND notification settles this row.");
    // Received times as the tables write them (the console's language and local zone); the
    // proposed reason below keeps UTC: it is stored with the close and read by anyone.
    QStringList stored;
    for (const StoredEvent &e : events) {
        if (e.provider == Provider::Adyen)
            stored << QCoreApplication::translate("ops::console::ConsoleJobs",
                                                  "  %1, received %2 (%3)")
                          .arg(e.id, formatDateTime(e.receivedAt, QLocale()), toString(e.outcome));
    }
    if (!stored.isEmpty())
        a.summary +=
            u'\n' +
            QCoreApplication::translate("ops::console::ConsoleJobs", "Stored notifications (%1):")
                .arg(stored.size()) +
            u'\n' + stored.join(u'\n');
    if (isFinal(op.state)) {
        a.summary += u'\n' + QCoreApplication::translate("ops::console::ConsoleJobs",
                                                         "This row is closed: %1.")
                                 .arg(stateLabel(op.state));
        return a;
    }
    if (const auto proof = adyenProof(op, events)) {
        a.proposedOutcome = proof->outcome;
        a.providerRef = proof->item.pspReference;
        // What the close rests on, attached with it: the reconciler's own evidence of a proof.
        a.evidenceTitle = u"Adyen look-up: "_s + adyenProofTitle(*proof);
        nlohmann::json reading = adyenProofReading(*proof);
        reading["looked_up_at"] =
            QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
        reading["operation_id"] = op.id.toStdString();
        a.evidenceBody = QByteArray::fromStdString(reading.dump(2));
        a.proposedReason = QCoreApplication::translate(
                               "ops::console::ConsoleJobs",
                               "Adyen notification %1 (stored %2) settles refund %3 as %4.")
                               .arg(proof->eventId, formatUtc(proof->receivedAt),
                                    proof->item.pspReference, proof->providerStatus);
        a.summary += u'\n' + a.proposedReason;
        return a;
    }
    if (op.providerRef.isEmpty()) {
        a.summary += u'\n' + QCoreApplication::translate(
                                 "ops::console::ConsoleJobs",
                                 "Nothing says Adyen received it. A resend with the stored key "
                                 "(inside the key's 7 days) replays Adyen's first answer.");
        a.resendHelps = true;
    } else {
        a.summary += u'\n' + QCoreApplication::translate(
                                 "ops::console::ConsoleJobs",
                                 "Adyen received it as %1; wait for the notification.")
                                 .arg(op.providerRef);
    }
    return a;
}

LookupAnswer askProvider(const JobConfig &config, const Operation &op,
                         const std::atomic_bool &cancelled)
{
    QtHttpTransport transport;
    if (op.provider == Provider::Slen) {
        SlenClient client(transport, config.slen);
        return lookUpSlen(client, op);
    }
    StripeClient client(transport, config.stripe);
    return lookUpRefund(client, op, cancelled);
}

// DESIGN §16: a resend finishes the refund only when nothing is stored under the key; after a
// stored 5xx or a key conflict (Stripe's or Adyen's, keyMemoryFor), the next step is close
// failed and a new refund.
void withKeyMemory(LookupAnswer &a, KeyMemory memory, Provider provider)
{
    const QString who = provider == Provider::Adyen ? u"Adyen"_s : u"Stripe"_s;
    if (memory == KeyMemory::Nothing) {
        // Issue 50 item 6: say why the resend is the step, or a person reads "no refund" and
        // closes as failed a refund the customer is owed. Adyen's answer says it already.
        if (provider == Provider::Stripe)
            a.summary += QCoreApplication::translate(
                "ops::console::ConsoleJobs",
                "\nNothing is stored under this operation's key: inside the key's window Stripe "
                "reads a resend with the stored key as the first request, so a resend finishes "
                "this refund, once.");
        return;
    }
    a.resendHelps = false;
    a.summary +=
        (memory == KeyMemory::StoredAnswer
             ? QCoreApplication::translate(
                   "ops::console::ConsoleJobs",
                   "\n%1 stored a 5xx answer under this key and replays it to every resend: a "
                   "resend cannot finish this refund. Close it as failed and start a new refund.")
             : QCoreApplication::translate(
                   "ops::console::ConsoleJobs",
                   "\n%1 holds another request under this key: a resend cannot finish this "
                   "refund. Close it as failed and start a new refund."))
            .arg(who);
}

// One operator attempt through the engine that owns the row's provider and kind. The Slen
// client is configured as for the look-up; engine settings other than the client's are not
// used by a resend (the row carries its cap and window).
ToolResult resendWith(const JobConfig &config, Session &session, const Operation &op,
                      const QString &actor)
{
    QtHttpTransport transport;
    if (op.provider == Provider::Slen) {
        SlenClient client(transport, config.slen);
        if (op.kind == OperationKind::Execution)
            return ExecutionEngine(session, client, SlenEngineConfig{}).resend(op.id, actor);
        return CreditEngine(session, client, SlenEngineConfig{}).resend(op.id, actor);
    }
    RefundClientHolder holder;
    return resendRefundThrough(session, refundClients(config, transport, holder), config.engine, op,
                               actor);
}

ResendOutcome refusedBefore(const QString &error, const QString &next)
{
    ResendOutcome o;
    o.error = error;
    o.next = next;
    o.result = ToolResult::rejected(u"not_sent"_s, error);
    return o;
}

ResendOutcome leaseRefused(const QString &id, const std::optional<ResendLease> &holder)
{
    const QString who = holder ? holder->holder.section(u'#', 0, 0)
                               : QCoreApplication::translate("ops::console::ConsoleJobs", "nobody");
    return refusedBefore(
        holder ? QCoreApplication::translate("ops::console::ConsoleJobs",
                                             "Not sent: %1 is resending %2 right now.")
                     .arg(who, id)
               : QCoreApplication::translate("ops::console::ConsoleJobs",
                                             "Not sent: %1 is no longer open or unknown.")
                     .arg(id),
        QCoreApplication::translate("ops::console::ConsoleJobs",
                                    "Wait for their result; the list updates by itself."));
}

// The lease around one engine attempt, on the job's connection. `operation` is `op` when the
// job wrote nothing to the row, else the row as the engine read it for its answer (after its
// last write to the row), or read once after the lease's release when the answer carries none.
ResendOutcome resendOnce(const JobConfig &config, Session &session, const Operation &op,
                         const QString &actor, const QString &leaseHolder)
{
    OperationStore &store = session.store();
    ResendOutcome o;
    std::optional<ResendLease> holder;
    ToolResult result;
    if (const QString problem = providerProblem(config, op.provider); !problem.isEmpty())
        o = refusedBefore(problem,
                          QCoreApplication::translate("ops::console::ConsoleJobs",
                                                      "Nothing was sent; the row is unchanged."));
    else if (!sendUnderResendLease(
                 store, op.id, leaseHolder, config.leaseSeconds,
                 [&] { result = resendWith(config, session, op, actor); }, &holder))
        o = leaseRefused(op.id, holder);
    if (!o.error.isEmpty()) {
        o.operation = op;
        return o;
    }
    o = describeResend(result, session, op.id, actor);
    o.result = std::move(result);
    // The engine's last read of the row is after its last write to it; the lease's release
    // since then changes no column of Operation.
    if (o.awaitingApproval)
        o.operation = op;
    else
        o.operation = o.result.row ? o.result.row : store.operation(op.id);
    return o;
}

} // namespace

RefundClients refundClients(const JobConfig &config, HttpTransport &transport,
                            RefundClientHolder &holder)
{
    RefundClients clients;
    clients.stripe = &holder.stripe.emplace(transport, config.stripe);
    clients.stripeProblem = config.stripeProblem;
    if (config.adyen)
        clients.adyen = &holder.adyen.emplace(transport, *config.adyen);
    clients.adyenProblem = config.adyenProblem;
    return clients;
}

JobConfig jobConfigFromEnvironment(const QString &dbLocation)
{
    JobConfig c;
    c.dbLocation = dbLocation;
    const QString url =
        ConnectionSettings().value(u"stripe"_s, u"url"_s, u"https://api.stripe.com"_s).value;
    c.stripe.baseUrl = QUrl(url, QUrl::StrictMode);
    if (!baseUrlProblem(url).isEmpty())
        c.stripeProblem = QCoreApplication::translate("ops::console::ConsoleJobs",
                                                      "OPS_STRIPE_URL '%1' is not an http(s) URL.")
                              .arg(url);
    bool ok = false;
    const qint64 timeout = qEnvironmentVariableIntValue("OPS_ATTEMPT_TIMEOUT_MS", &ok);
    if (ok && timeout > 0)
        c.stripe.timeout = std::chrono::milliseconds(timeout);
    readSlenConfig(c, ok && timeout > 0 ? std::optional<qint64>(timeout) : std::nullopt);
    const auto adyen = adyenConfigFromEnv();
    c.adyen = adyen.optional();
    c.adyenProblem = adyen.error();
    const auto helpdesk = helpdeskConfigFromEnvironment();
    c.helpdesk = helpdesk.valueOr({});
    c.helpdeskProblem = helpdesk.error();
    const auto secret = providerSecret(
        u"stripe"_s, QCoreApplication::translate("ops::console::ConsoleJobs",
                                                 "No Stripe API key is configured."));
    if (secret)
        c.stripe.secret = *secret;
    else if (c.stripeProblem.isEmpty())
        c.stripeProblem = secret.error();
    return c;
}

LookupAnswer runLookup(const JobConfig &config, const Clock &clock, const QString &operationId,
                       const std::atomic_bool &cancelled)
{
    LookupAnswer answer;
    answer.operationId = operationId;
    try {
        // This thread's own connection (a connection never crosses threads).
        Session session(config.dbLocation, clock);
        const auto op = session.store().operation(operationId);
        if (!op) {
            answer.error = QCoreApplication::translate("ops::console::ConsoleJobs",
                                                       "Operation %1 is gone from the database.")
                               .arg(operationId);
            return answer;
        }
        if (const QString problem = providerProblem(config, op->provider); !problem.isEmpty()) {
            answer.error = problem;
            return answer;
        }
        if (cancelled) {
            answer.error =
                QCoreApplication::translate("ops::console::ConsoleJobs", "Look-up cancelled.");
            return answer;
        }
        LookupAnswer found = op->provider == Provider::Adyen
                                 ? adyenAnswer(*op, session.events().eventsOf(op->id))
                                 : askProvider(config, *op, cancelled);
        if (found.resendHelps)
            withKeyMemory(found, keyMemoryFor(*op, session.store().attempts(op->id)), op->provider);
        return found;
    } catch (const StoreError &e) {
        answer.error = QCoreApplication::translate("ops::console::ConsoleJobs",
                                                   "The database failed during the look-up: ") +
                       e.message();
        return answer;
    }
}

ResendOutcome runResend(const JobConfig &config, const Clock &clock, const QString &operationId,
                        const QString &actor, const QString &leaseHolder)
{
    try {
        Session session(config.dbLocation, clock); // this thread's own connection
        // Unmoved at the end: no other connection committed while the job ran.
        const qint64 seen = session.query().dataVersion();
        const auto op = session.store().operation(operationId);
        if (!op)
            return refusedBefore(
                QCoreApplication::translate("ops::console::ConsoleJobs",
                                            "Not sent: operation %1 is gone from the database.")
                    .arg(operationId),
                QCoreApplication::translate("ops::console::ConsoleJobs", "Reload (F5)."));
        ResendOutcome o = resendOnce(config, session, *op, actor, leaseHolder);
        o.stateBefore = op->state;
        o.othersWrote = session.query().dataVersion() != seen;
        return o;
    } catch (const ActionRefused &e) {
        return refusedBefore(
            QCoreApplication::translate("ops::console::ConsoleJobs", "Not sent: %1")
                .arg(ui::refusalText(e)),
            QCoreApplication::translate("ops::console::ConsoleJobs", "Nothing was sent."));
    } catch (const StoreError &e) {
        return refusedBefore(
            QCoreApplication::translate("ops::console::ConsoleJobs",
                                        "The database failed during the resend: ") +
                e.message(),
            QCoreApplication::translate(
                "ops::console::ConsoleJobs",
                "Reload (F5): the attempt, if counted, is in the timeline."));
    }
}

} // namespace ops::console
