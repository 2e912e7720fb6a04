#pragma once

// A batch is a named CSV file of refunds (docs/design.md §19). Reading one checks everything that
// needs neither a database nor a provider: the header, each row's shape, and the file's own
// duplicates. It stores and sends nothing; the provider and balance checks are batchcheck.h's.

#include "engine/refundunit.h"

#include <vector>

namespace ops {

// A file larger than this, or with more rows, is refused whole: a mistake, not a batch.
inline constexpr qint64 kMaxBatchFileBytes = 5 * 1024 * 1024;
inline constexpr int kMaxBatchRows = 10'000;

// One problem, on the file's line `line` (1 is the header; 0: the file as a whole).
struct BatchProblem
{
    int line = 0;
    QString message;

    friend bool operator==(const BatchProblem &, const BatchProblem &) = default;
};

// One refund of the file. input.reference is the batch's (batchReference), which makes the row's
// unit of work the batch's name, the order and the row's reference (rules 2 and 13).
struct BatchRow
{
    int line = 0; // the line the row starts on
    RefundInput input;
    QString rowReference; // the file's reference column; '' for none
    QString ticket;       // the helpdesk ticket the row answers; '' for none
};

struct BatchFile
{
    QString name;
    int lines = 0;              // refund rows in the file, read well or not
    std::vector<BatchRow> rows; // the rows that read well, in file order
    std::vector<BatchProblem> problems;

    bool ok() const { return problems.empty(); }
};

// 1–64 letters, digits, '.', '-' and '_': it becomes part of every row's unit of work.
Result<void> checkBatchName(const QString &name);
// "batch:NAME" for a row without a reference, else "batch:NAME:REF".
QString batchReference(const QString &name, const QString &rowReference);

// Reads `bytes` as the batch `name`. A file is comma- or semicolon-separated (whichever its
// header uses); a semicolon file may write amounts with a decimal comma. Columns, in any order
// and case: order, amount, currency (required), charge | payment_intent | adyen_payment (one per
// row), reason, reference, ticket. Amounts are in the currency's units ("12.50").
BatchFile readBatchFile(const QByteArray &bytes, const QString &name);

} // namespace ops
