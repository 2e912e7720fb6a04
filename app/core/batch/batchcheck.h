#pragma once

// The checks of a batch that read (docs/design.md §19): the database, for the rows an earlier run
// of the same batch already made (their units of work: rules 2 and 13), and the provider, for the
// rows still to run: the charge exists, is in the row's currency, and has room for the row under
// rule 9 after the file's own earlier rows on it. Stores nothing and sends nothing. An Adyen
// payment cannot be read from Adyen: its room is its amount as Adyen's stored notifications said
// it, as the refund decides it; a payment with none stored is decided when the row opens.

#include "batch/batchfile.h"
#include "domain/operation.h"

#include <functional>
#include <memory>

namespace ops {

class Session;
class RefundConnections;

struct BatchStanding
{
    // Per row of the file: the operation an earlier run made for it, if any. Such a row is not
    // checked again and costs no request.
    std::vector<std::optional<Operation>> earlier;
    std::vector<BatchProblem> problems;

    int alreadyRun() const;
};

struct BatchCheckOptions
{
    QString stripeProject; // the Stripe account label the rows are opened under ('': default)
    QString adyenProject;  // the Adyen merchant account
    // A Stripe client for one reading thread; null or without a Stripe client: Stripe rows get
    // the connections' problem.
    std::function<std::unique_ptr<RefundConnections>()> stripeReader;
    int readers = 8; // charges read side by side: 1,000 rows at 20 ms each in about 3 s
    // Read before each charge: true leaves the rest unread (their rows say the check was
    // stopped), so a check nobody waits for any more ends after the reads in hand.
    std::function<bool()> stopAsked;
};

BatchStanding checkBatch(Session &session, const BatchFile &file, const BatchCheckOptions &options);

} // namespace ops
