#include "console/slenlookup.h"

#include "slen/slenclient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>
#include <QStringList>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::console {

namespace {

// What went wrong reading `what`, with what to do about it. `notFound` explains a 404.
QString replyProblem(const SlenReply &reply, const QString &what, const QString &notFound)
{
    const int status = reply.http.status;
    if (status == 0)
        return QCoreApplication::translate(
                   "ops::console::SlenLookup",
                   "Slen did not answer while reading %1 (%2). Check OPS_SLEN_URL and that the "
                   "provider is reachable.")
            .arg(what, reply.http.errorText);
    if (status == 401 || status == 403)
        return QCoreApplication::translate(
                   "ops::console::SlenLookup",
                   "Slen refused our API key while reading %1 (HTTP %2). Check OPS_SLEN_KEY.")
            .arg(what)
            .arg(status);
    const QString code = reply.error ? reply.error->code : QString();
    if (status == 404)
        return QCoreApplication::translate("ops::console::SlenLookup",
                                           "Slen has no %1 (HTTP 404 %2). %3")
            .arg(what, code, notFound);
    return QCoreApplication::translate("ops::console::SlenLookup",
                                       "Slen answered HTTP %1 %2 while reading %3.")
        .arg(status)
        .arg(code, what);
}

json parsed(const QByteArray &body)
{
    return json::parse(body.toStdString(), nullptr, false);
}

// The provider's answer wrapped with what was asked, for the evidence viewer and the audit.
QByteArray evidence(const Operation &op, const char *name, const json &object, json extra = {})
{
    json e = {
        {"looked_up_at", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString()},
        {"operation_id", op.id.toStdString()},
        {"provider", "slen"},
        {name, object}};
    if (extra.is_object())
        e.update(extra);
    return QByteArray::fromStdString(e.dump(2));
}

void proposeFromExecution(LookupAnswer &a, const Operation &op, const SlenExecution &ex)
{
    a.providerRef = ex.id;
    if (!ex.operationId.isEmpty() && ex.operationId != op.id) {
        // Our context.operation_id is in every execution we start (rule 10): another id means
        // the stored reference does not belong to this row. A person must look.
        a.summary += QCoreApplication::translate(
                         "ops::console::SlenLookup",
                         "\nThe execution names operation %1, not this one: do not close from this "
                         "answer; check the row's stored request.")
                         .arg(ex.operationId);
        return;
    }
    if (ex.status == u"succeeded"_s) {
        a.proposedOutcome = OperationState::Succeeded;
        a.proposedReason =
            u"Provider look-up: execution %1 of flow %2 is succeeded."_s.arg(ex.id, ex.flow);
        return;
    }
    if (ex.status == u"failed"_s) {
        const QString code = ex.errorCode.isEmpty() ? u"execution_failed"_s : ex.errorCode;
        a.proposedOutcome = OperationState::Failed;
        a.proposedReason =
            u"Provider look-up: execution %1 of flow %2 failed (%3)."_s.arg(ex.id, ex.flow, code);
        a.summary +=
            QCoreApplication::translate("ops::console::SlenLookup", "\nError code: %1.").arg(code);
        return;
    }
    a.summary += QCoreApplication::translate(
                     "ops::console::SlenLookup",
                     "\nThe execution is still running (%1): look again later before closing.")
                     .arg(ex.status);
}

LookupAnswer lookUpExecution(SlenClient &client, const Operation &op, LookupAnswer a)
{
    if (!op.providerRef.startsWith(u"ex_"_s)) {
        // Without the id there is nothing to read: GET /v1/executions/{id} is the only read.
        a.summary =
            QCoreApplication::translate(
                "ops::console::SlenLookup",
                "Operation %1 has no execution id: the provider never told us one (the first "
                "request got no readable answer). Slen cannot be searched by idempotency key "
                "over this API, so the look-up cannot tell whether the flow ran.\nNothing to "
                "propose. Inside the window, Resend sends the stored request with the same "
                "key: Slen then answers with the execution if it exists.")
                .arg(op.id);
        a.resendHelps = true;
        return a;
    }
    const SlenReply reply = client.getExecution(op.providerRef);
    const auto execution = reply.ok() ? parseSlenExecution(reply.http.body) : std::nullopt;
    if (!execution) {
        a.error =
            reply.ok()
                ? QCoreApplication::translate("ops::console::SlenLookup",
                                              "Slen's answer for execution %1 could not be read.")
                      .arg(op.providerRef)
                : replyProblem(
                      reply,
                      QCoreApplication::translate("ops::console::SlenLookup", "execution ") +
                          op.providerRef,
                      QCoreApplication::translate(
                          "ops::console::SlenLookup",
                          "Check that OPS_SLEN_KEY belongs to project %1, where the "
                          "execution was started.")
                          .arg(op.project));
        return a;
    }
    a.summary = QCoreApplication::translate("ops::console::SlenLookup",
                                            "Execution %1 (flow %2): status %3.")
                    .arg(execution->id, execution->flow, execution->status);
    proposeFromExecution(a, op, *execution);
    a.evidenceTitle = u"Slen look-up: execution %1 is %2"_s.arg(execution->id, execution->status);
    a.evidenceBody = evidence(op, "execution", parsed(reply.http.body));
    return a;
}

// Credits as the operations table writes them: grouped in the console's language (issue 50
// item 9), "1 500 credits" in uk.
QString credits(qint64 count)
{
    return QLocale().toString(qlonglong(count));
}

QString balancesText(const SlenAccount &account)
{
    QStringList parts;
    for (auto it = account.balances.cbegin(); it != account.balances.cend(); ++it)
        parts << u"%1 %2"_s.arg(credits(it.value()), it.key());
    return parts.isEmpty() ? u"none"_s : parts.join(u", "_s);
}

void explainMovement(LookupAnswer &a, const Operation &op)
{
    if (op.providerRef.startsWith(u"mv_"_s)) {
        a.providerRef = op.providerRef;
        a.proposedOutcome = OperationState::Succeeded;
        a.proposedReason = u"Provider look-up: the provider answered this operation with movement "
                           "%1; customer %2 exists with the balances attached."_s.arg(
                               op.providerRef, op.customerId);
        a.summary += QCoreApplication::translate(
                         "ops::console::SlenLookup",
                         "\nThe row holds movement %1 from the provider's own answer: that is the "
                         "reference for the close.")
                         .arg(op.providerRef);
        return;
    }
    a.summary += QCoreApplication::translate(
        "ops::console::SlenLookup",
        "\nSlen cannot list movements by idempotency key over this API, and a balance alone "
        "cannot prove whether this movement happened (other movements change it too).\nNothing "
        "to propose. Inside the window, Resend sends the stored request with the same key: Slen "
        "replays the movement if it happened, or makes it once if it did not.");
    a.resendHelps = true;
}

LookupAnswer lookUpMovement(SlenClient &client, const Operation &op, LookupAnswer a)
{
    if (op.customerId.isEmpty()) {
        a.error = QCoreApplication::translate("ops::console::SlenLookup",
                                              "Operation %1 has no customer id to look up.")
                      .arg(op.id);
        return a;
    }
    const SlenReply reply = client.getCustomer(op.customerId);
    const auto account = reply.ok() ? parseSlenAccount(reply.http.body) : std::nullopt;
    if (!account) {
        a.error =
            reply.ok()
                ? QCoreApplication::translate("ops::console::SlenLookup",
                                              "Slen's answer for customer %1 could not be read.")
                      .arg(op.customerId)
                : replyProblem(
                      reply,
                      QCoreApplication::translate("ops::console::SlenLookup", "customer ") +
                          op.customerId,
                      QCoreApplication::translate("ops::console::SlenLookup",
                                                  "Check that OPS_SLEN_KEY belongs to project %1.")
                          .arg(op.project));
        return a;
    }
    const QString type = op.amount.currency; // credits: the "currency" is the credit type
    const bool has = account->balances.contains(type);
    a.summary =
        QCoreApplication::translate(
            "ops::console::SlenLookup",
            "Customer %1: %2 balance %3 (all balances: %4). This operation is a %5 of %6 "
            "%2.")
            .arg(op.customerId, type, has ? credits(account->balances.value(type)) : u"none"_s,
                 balancesText(*account), toString(op.kind))
            .arg(credits(op.amount.minor));
    if (!op.providerRef.isEmpty())
        a.summary += QCoreApplication::translate("ops::console::SlenLookup",
                                                 "\nProvider reference on the row: %1.")
                         .arg(op.providerRef);
    explainMovement(a, op);
    a.evidenceTitle = u"Slen look-up: customer %1 balances"_s.arg(op.customerId);
    a.evidenceBody = evidence(
        op, "customer", parsed(reply.http.body),
        {{"credit_type", type.toStdString()}, {"row_provider_ref", op.providerRef.toStdString()}});
    return a;
}

} // namespace

LookupAnswer lookUpSlen(SlenClient &client, const Operation &op)
{
    LookupAnswer a;
    a.operationId = op.id;
    if (op.kind == OperationKind::Execution)
        return lookUpExecution(client, op, std::move(a));
    return lookUpMovement(client, op, std::move(a));
}

} // namespace ops::console
