#pragma once

// docs/design.md rule 11 as a pure function: customers hear only the truth. While an operation is
// open or unknown, text that claims the money moved (success) or that it did not (failure) is
// refused; a succeeded row refuses failure claims and a failed row refuses success claims.
// Claims are recognised in every shipped language (en, ru, uk) whatever language the message is
// marked as, including inflected forms; a claim that is negated or hedged in its own clause
// ("has not been refunded yet", "once your refund is completed") is not a claim. A refund the
// provider still reports pending may be called issued and on its way, never completed.
// The phrases, hedges and reasons are data (resources/truthguard/patterns.json, see
// truthguardtable.h), measured against the corpus in tests/data/truthguard. When in doubt the
// guard refuses: a table that cannot be loaded refuses every text, with the reason.

#include "domain/operation.h"

#include <QString>
#include <optional>
#include <vector>

namespace ops {

enum class Claim
{
    Success,
    Failure,
    // A sentence about the money that neither claims an outcome the guard knows nor says it is
    // still being checked: refused while the row is open or unknown (when in doubt, refuse).
    Doubt
};

struct ClaimMatch
{
    Claim claim = Claim::Success;
    QString phrase;   // the words that make the claim, as found (lower-cased)
    QString language; // the pattern's language: "en", "ru", "uk"
};

struct TruthGuardTable;

struct GuardVerdict
{
    bool allowed = true;
    std::optional<ClaimMatch> offending;
    QString reason; // human-readable, in the message language; empty when allowed
};

class TruthGuard
{
public:
    // Every claim in `text`, in order of appearance.
    static std::vector<ClaimMatch> claims(const QString &text);
    // Claims that the money has arrived ("completed", "back on your card", "возвращены").
    static std::vector<ClaimMatch> arrivalClaims(const QString &text);
    // Whether `text` may be sent about a row in `state`.
    static GuardVerdict check(OperationState state, const QString &text);
    // The same, knowing the provider's sub-status: a succeeded refund still `pending` at the
    // provider also refuses arrival claims until the sub-status is `succeeded` (rule 11).
    static GuardVerdict check(OperationState state, const QString &providerStatus,
                              const QString &text);
    // The same, with the reason in the message `language` ("en", "ru", "uk"; else English).
    static GuardVerdict check(OperationState state, const QString &providerStatus,
                              const QString &text, const QString &language);
    // The same against a given table (tests; the shipped table is TruthGuardTable::shipped()).
    static GuardVerdict check(const TruthGuardTable &table, OperationState state,
                              const QString &providerStatus, const QString &text,
                              const QString &language);
    // Why the shipped table cannot be used (then every text is refused); empty when it can.
    static QString tableError();
    // Lower case, ё → е, typographic apostrophes → ', invisible characters dropped, runs of
    // white space → one space, and in a word mixing Latin and Cyrillic letters the lookalikes of
    // the minority script folded into the majority's ("вoзврат" with a Latin o → "возврат").
    static QString normalise(const QString &text);
};

} // namespace ops
