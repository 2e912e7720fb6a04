#include "console/newrefundjob.h"

#include "common/refusaltext.h"
#include "console/consolejobs.h"
#include "engine/refundengine.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"
#include "itemmodels/reasontext.h"
#include "storage/session.h"

#include <QCoreApplication>

using namespace Qt::StringLiterals;

namespace ops::console {

namespace {

RefundInput inputOf(const RefundDraft &d)
{
    RefundInput in;
    in.orderId = d.orderId;
    in.chargeId = d.chargeId;
    in.paymentIntentId = d.paymentIntentId;
    in.adyenPaymentId = d.adyenPaymentId;
    in.amountMinor = d.amount.minor;
    in.currency = d.amount.currency;
    in.reference = d.reference;
    in.reason = d.reason;
    in.replaces = d.replaces;
    return in;
}

NewRefundOutcome refused(const QString &why, ToolResult result)
{
    NewRefundOutcome o;
    o.result = std::move(result);
    o.error = QCoreApplication::translate("ops::console::NewRefundJob",
                                          "The new refund was not started: %1")
                  .arg(why);
    o.next =
        QCoreApplication::translate("ops::console::NewRefundJob",
                                    "Nothing was stored or sent; the failed refund is unchanged.");
    return o;
}

// The engine answered for a row that is not the replacement (rule 2 drove a live row of the same
// order, amount and reference; rule 13 answered a confirmed one): no new refund was started.
void notStarted(NewRefundOutcome &o, const Operation &op)
{
    o.error = QCoreApplication::translate("ops::console::NewRefundJob",
                                          "No new refund was started: %1 (%2) already covers "
                                          "order %3 for %4.")
                  .arg(op.id, stateLabel(op.state), op.orderId, formatMoney(op.amount, QLocale()));
    o.next = QCoreApplication::translate("ops::console::NewRefundJob",
                                         "The failed refund is unchanged; look at %1 first.")
                 .arg(op.id);
}

// The texts for the row the engine opened, by the state it stands in after the call.
void describe(NewRefundOutcome &o, const Operation &op, const QString &providerProblem)
{
    const QString what =
        QCoreApplication::translate("ops::console::NewRefundJob", "New refund %1 of %2")
            .arg(op.id, formatMoney(op.amount, QLocale()));
    switch (op.state) {
    case OperationState::Succeeded:
        o.message = QCoreApplication::translate("ops::console::NewRefundJob",
                                                "%1 succeeded: the provider refunded the customer.")
                        .arg(what);
        return;
    case OperationState::AwaitingApproval:
        o.message = QCoreApplication::translate(
                        "ops::console::NewRefundJob",
                        "%1 waits for approval: another person with the approve right sends it "
                        "(Supervisor → Agent requests).")
                        .arg(what);
        return;
    case OperationState::Unknown:
        o.error = QCoreApplication::translate("ops::console::NewRefundJob",
                                              "%1: the outcome is unknown (%2).")
                      .arg(what, reasonLabel(op.unknownReason));
        o.next = QCoreApplication::translate(
            "ops::console::NewRefundJob", "It is in the Checking list; look it up there (Ctrl+L).");
        return;
    case OperationState::Failed:
        o.error = QCoreApplication::translate("ops::console::NewRefundJob",
                                              "%1 failed at the provider: %2")
                      .arg(what, reasonLabel(op.closeReason));
        o.next = QCoreApplication::translate(
            "ops::console::NewRefundJob",
            "No money moved. Look at its attempts before trying again.");
        return;
    case OperationState::Open: // not confirmed after this call's attempts
        if (isReceivedAtProvider(op.state, op.providerStatus)) { // Adyen's 201: not an outcome
            o.message = QCoreApplication::translate(
                            "ops::console::NewRefundJob",
                            "%1 was received by the provider as %2; its notification will say "
                            "how it ended.")
                            .arg(what, op.providerRef);
            return;
        }
        o.error =
            QCoreApplication::translate("ops::console::NewRefundJob", "%1 is not confirmed yet: %2")
                .arg(what, providerProblem.isEmpty()
                               ? QCoreApplication::translate("ops::console::NewRefundJob",
                                                             "the provider did not answer")
                               : providerProblem);
        o.next = QCoreApplication::translate(
            "ops::console::NewRefundJob",
            "It stays open with its key; look it up in a minute (Ctrl+L).");
        return;
    default:
        o.message = QCoreApplication::translate("ops::console::NewRefundJob", "%1 is %2.")
                        .arg(what, stateLabel(op.state));
        return;
    }
}

} // namespace

NewRefundOutcome runNewRefund(const JobConfig &config, const Clock &clock, const RefundDraft &draft,
                              const QString &actor)
{
    const RefundInput input = inputOf(draft);
    if (auto invalid = RefundEngine::validate(input))
        return refused(invalid->errorMessage, *invalid);
    QString problem = input.toAdyen() ? QString() : config.stripeProblem;
    if (input.toAdyen() && !config.adyen)
        problem =
            config.adyenProblem.isEmpty() ? u"Adyen is not configured."_s : config.adyenProblem;
    if (!problem.isEmpty())
        return refused(problem, ToolResult::rejected(u"not_configured"_s, problem));
    try {
        Session session(config.dbLocation, clock); // this thread's own connection
        QtHttpTransport transport;
        RefundClientHolder holder;
        ToolResult result = refundThrough(session, refundClients(config, transport, holder),
                                          config.engine, input, actor);
        if (result.status == ToolResult::Status::Rejected || result.operationId.isEmpty()) {
            const QString why = reasonLabel(result.errorMessage); // before result is moved
            return refused(why, std::move(result));
        }
        NewRefundOutcome o;
        o.operation = session.store().operation(result.operationId);
        o.result = std::move(result);
        if (o.operation && (o.result.repeat || o.operation->replaces != draft.replaces))
            notStarted(o, *o.operation);
        else if (o.operation)
            describe(o, *o.operation, o.result.errorMessage);
        return o;
    } catch (const ActionRefused &e) {
        return refused(ui::refusalText(e), ToolResult::rejected(u"refused"_s, e.message()));
    } catch (const StoreError &e) {
        NewRefundOutcome o;
        o.error =
            QCoreApplication::translate("ops::console::NewRefundJob",
                                        "The database failed while starting the new refund: %1")
                .arg(e.message());
        o.next = QCoreApplication::translate(
            "ops::console::NewRefundJob", "Reload (F5): a row, if one was opened, is in the list.");
        return o;
    }
}

} // namespace ops::console
