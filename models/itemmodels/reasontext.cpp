#include "itemmodels/reasontext.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <array>
#include <vector>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

struct KnownReason
{
    const char *pattern;    // the engine's sentence, anchored; (.+) is the part kept as stored
    const char *translated; // source text for the translation; %1 receives the kept part
};

// The sentences the engine (app/core/engine: settlement, refund/credit/execution policy), the
// store (operationstore.cpp: markUnknownLocked) and proposal apply (proposalapply.cpp) write. At
// most three captured parts, in the order %1, %2, %3. A new sentence there needs a line here, or
// it shows in English.
constexpr std::array kKnown{
    KnownReason{
        "^provider answered (.+); the outcome is undefined$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "provider answered %1; the outcome is undefined")},
    KnownReason{
        "^provider holds a different request under this key$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "provider holds a different request under this key")},
    KnownReason{"^attempt cap reached without an answer$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "attempt cap reached without an answer")},
    KnownReason{"^attempt cap reached$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "attempt cap reached")},
    KnownReason{"^retention window closed$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "retention window closed")},
    // proposals.cpp autoCloseOffUnknownReason: the event applier and the reconciler write it.
    KnownReason{
        "^provider settled it; automatic closes are off$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "provider settled it; automatic closes are off")},
    KnownReason{"^provider answer could not be read$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "provider answer could not be read")},
    KnownReason{"^provider returned a refund that is not this operation's$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "provider returned a refund that is not this operation's")},
    KnownReason{"^provider returned a movement that is not this operation's$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "provider returned a movement that is not this operation's")},
    KnownReason{"^provider returned an execution that is not this operation's$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "provider returned an execution that is not this operation's")},
    KnownReason{"^provider refused: (.+)$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "provider refused: %1")},
    // What applying a reconciler proposal does, or why a row is excluded from it
    // (storage/operations/proposalapply.cpp): the bulk dialog's preview and result read these.
    KnownReason{
        "^a resend proposal is applied by resending (.+) with its stored key$",
        QT_TRANSLATE_NOOP("ops::ReasonText",
                          "a resend proposal is applied by resending %1 with its stored key")},
    KnownReason{"^close (.+) as failed$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "close %1 as failed")},
    KnownReason{"^close (.+) as succeeded$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "close %1 as succeeded")},
    KnownReason{"^above the four-eyes threshold: an approval request to close (.+) as failed$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "above the four-eyes threshold: an approval "
                                                     "request to close %1 as failed")},
    KnownReason{"^above the four-eyes threshold: an approval request to close (.+) as succeeded$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "above the four-eyes threshold: an approval "
                                                     "request to close %1 as succeeded")},
    KnownReason{
        "^the retention window of (.+) closed at (.+): no resend$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "the retention window of %1 closed at %2: no resend")},
    KnownReason{"^evidence #(\\d+) came after proposal #(\\d+) and may change it$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "evidence #%1 came after proposal #%2 and may change it")},
    KnownReason{"^the row needs attention: (.+)$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "the row needs attention: %1")},
    KnownReason{
        "^(.+) was changed after the preview; preview again$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "%1 was changed after the preview; preview again")},
    KnownReason{"^(.+) is resending (.+) right now$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "%1 is resending %2 right now")},
    KnownReason{
        "^a close of (.+) already waits for approval #(\\d+)$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "a close of %1 already waits for approval #%2")},
    KnownReason{"^(.+) has no open proposal$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "%1 has no open proposal")},
    KnownReason{"^(.+) has already succeeded$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "%1 has already succeeded")},
    KnownReason{"^(.+) has already failed$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "%1 has already failed")},
    KnownReason{"^proposal (\\d+) is superseded$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "proposal %1 is superseded")},
    KnownReason{"^proposal (\\d+) is applied$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "proposal %1 is applied")},
    KnownReason{"^proposal (\\d+) is approval$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "proposal %1 waits for approval")},
    KnownReason{"^no such operation: (.+)$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "no such operation: %1")},
    KnownReason{"^proposal (\\d+) is withdrawn$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "proposal %1 is withdrawn")},
    // Why Resend is off (storage/operations/resendlease.cpp resendBlock): the button's tooltip, the
    // status bar and the detail pane show these (issue 50 item 9).
    KnownReason{"^Resend is off: the operation has already succeeded\\.$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "Resend is off: the operation has already succeeded.")},
    KnownReason{
        "^Resend is off: the operation has already failed\\.$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "Resend is off: the operation has already failed.")},
    KnownReason{"^Resend is off: the row is open and automation still owns it; resend is for rows "
                "in the checking queue\\.$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "Resend is off: the row is open and automation still owns it; "
                                  "resend is for rows in the checking queue.")},
    KnownReason{"^Resend is off: the retention window closed at (.+); the provider no longer knows "
                "the key, so a resend could pay twice\\. Close it with evidence instead\\.$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "Resend is off: the retention window closed at %1; the provider "
                                  "no longer knows the key, so a resend could pay twice. Close it "
                                  "with evidence instead.")},
    KnownReason{"^Resend is off: (.+) is resending this operation right now \\(lease until "
                "(.+)\\)\\.$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "Resend is off: %1 is resending this "
                                                     "operation right now (lease until %2).")},
    // Why automation closed a row (engine policies): the detail pane's "closed by" line.
    KnownReason{"^provider accepted the refund$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "provider accepted the refund")},
    KnownReason{"^provider replayed the stored answer$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "provider replayed the stored answer")},
    KnownReason{"^provider applied the movement$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "provider applied the movement")},
    // A batch file's problems (app/core/batch: batchfile.cpp, batchcheck.cpp, and the refund
    // engine's reading of a charge): the import's Check column reads these.
    KnownReason{
        "^amount '(.*)' is not an amount in (.+) such as (.+)$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "amount '%1' is not an amount in %2 such as %3")},
    KnownReason{"^amount must be more than zero$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "amount must be more than zero")},
    KnownReason{"^unknown currency '(.*)'$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "unknown currency '%1'")},
    KnownReason{"^column '(.+)' is missing$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "column '%1' is missing")},
    KnownReason{"^a field holds a line break$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "a field holds a line break")},
    KnownReason{"^the file is empty: it needs a header line and at least one refund$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "the file is empty: it needs a header line and at least one "
                                  "refund")},
    KnownReason{"^the provider has no charge (.+)$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "the provider has no charge %1")},
    KnownReason{"^(.+) is more than the (.+) left to refund on (.+) after the file's earlier "
                "rows$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "%1 is more than the %2 left to refund on %3 "
                                                     "after the file's earlier rows")},
    KnownReason{
        "^(.+) is more than the (.+) left to refund on (.+)$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "%1 is more than the %2 left to refund on %3")},
};

// Provider statuses the console shows beside a state (Stripe refunds, Adyen's received, Slen's
// executions); any other is shown as the provider wrote it.
constexpr std::array kStatuses{
    std::pair{"pending", QT_TRANSLATE_NOOP("ops::ReasonText", "pending")},
    std::pair{"succeeded", QT_TRANSLATE_NOOP("ops::ReasonText", "succeeded")},
    std::pair{"failed", QT_TRANSLATE_NOOP("ops::ReasonText", "failed")},
    std::pair{"canceled", QT_TRANSLATE_NOOP("ops::ReasonText", "canceled")},
    std::pair{"requires_action", QT_TRANSLATE_NOOP("ops::ReasonText", "requires action")},
    std::pair{"received", QT_TRANSLATE_NOOP("ops::ReasonText", "received")},
    std::pair{"queued", QT_TRANSLATE_NOOP("ops::ReasonText", "queued")},
    std::pair{"running", QT_TRANSLATE_NOOP("ops::ReasonText", "running")},
};

} // namespace

QString reasonLabel(const QString &stored)
{
    // Compiled once: item models call this for every row they paint.
    static const std::vector<QRegularExpression> patterns = [] {
        std::vector<QRegularExpression> all;
        for (const KnownReason &known : kKnown)
            all.emplace_back(QString::fromLatin1(known.pattern));
        return all;
    }();
    for (std::size_t i = 0; i < kKnown.size(); ++i) {
        const QRegularExpressionMatch m = patterns[i].match(stored);
        if (!m.hasMatch())
            continue;
        const QString text = QCoreApplication::translate("ops::ReasonText", kKnown[i].translated);
        // One multi-arg call: a captured part that contains "%2" is not substituted again.
        switch (patterns[i].captureCount()) {
        case 0:
            return text;
        case 1:
            return text.arg(m.captured(1));
        case 2:
            return text.arg(m.captured(1), m.captured(2));
        default:
            return text.arg(m.captured(1), m.captured(2), m.captured(3));
        }
    }
    return stored;
}

QString providerStatusLabel(const QString &status)
{
    for (const auto &[stored, translated] : kStatuses)
        if (status == QLatin1StringView(stored))
            return QCoreApplication::translate("ops::ReasonText", translated);
    return status;
}

} // namespace ops
