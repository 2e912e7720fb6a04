#pragma once

// The audit trail's values as its readers hand them out (storage/audit/: auditquery.h,
// auditlog.h, auditstats.h, auditsequencer.h; storage/auditjob.h): the supervisors' filter and
// rows, a bounded count, a chain walk's verdict, the charts' figures, a long job's result and the
// entries waiting for the sequencer. Plain types: nothing here reaches the database.

#include "domain/operation.h"

#include <QDate>
#include <QDateTime>
#include <QMap>
#include <QMetaType>
#include <QString>
#include <optional>

namespace ops {

// --- The audit view (storage/audit/auditquery.h) ------------------------------------------------
struct AuditFilter
{
    QString actor;                // prefix: "operator:" matches every operator
    QString action;               // prefix: "attempt." matches started and finished
    std::optional<qint64> fromMs; // inclusive, UTC ms
    std::optional<qint64> toMs;   // exclusive, UTC ms
    QString operationPrefix;      // prefix of the operation id
    std::optional<OperationKind> kind;

    friend bool operator==(const AuditFilter &, const AuditFilter &) = default;
};

struct AuditRow
{
    qint64 id = 0;
    QDateTime at; // UTC
    QString actor;
    QString action;
    QString operationId; // '' for entries about no operation
    std::optional<OperationKind> kind;
    QString detail; // canonical JSON
    QString hash;

    friend bool operator==(const AuditRow &, const AuditRow &) = default;
};

// A count that may stop at a bound: `atLeast` means "value or more" (the view shows
// "10,000+").
struct AuditCount
{
    qint64 value = 0;
    bool atLeast = false;

    friend bool operator==(const AuditCount &, const AuditCount &) = default;
};

// --- The chain (storage/audit/auditlog.h) -------------------------------------------------------
// The result of walking the chain: either it holds over `entries` entries, or `brokenId` is the
// first entry that does not verify and `reason` says how (operator-readable English).
struct ChainCheck
{
    qint64 entries = 0;
    std::optional<qint64> brokenId;
    QString reason;

    bool holds() const { return !brokenId.has_value(); }
};

// --- The charts (storage/audit/auditstats.h) ----------------------------------------------------
struct DayCount
{
    QDate day; // UTC
    qint64 count = 0;
    friend bool operator==(const DayCount &, const DayCount &) = default;
};

struct Bin
{
    QString label;         // stable English label ("3", "6+", "1-4h"); the UI translates
    qint64 lowerBound = 0; // attempts, or seconds
    qint64 count = 0;
    friend bool operator==(const Bin &, const Bin &) = default;
};

// Refunds counted by one key (docs/design.md §19): a reason code ('' for none) or a batch's
// name. States are counted apart, so a refund whose outcome is unknown is never counted with
// the refunded ones (rule 16).
struct RefundTally
{
    QString key;
    qint64 refunds = 0;
    qint64 succeeded = 0;
    qint64 failed = 0;
    qint64 unsettled = 0;           // open, unknown or waiting for approval
    QMap<QString, qint64> refunded; // currency → minor units of the succeeded ones
    qint64 firstMs = 0;             // the oldest refund's creation
    qint64 lastMs = 0;              // the newest one's
    friend bool operator==(const RefundTally &, const RefundTally &) = default;
};

// --- A long job: verify or export (storage/auditjob.h) -----------------------------------------
struct AuditJobResult
{
    enum class Kind
    {
        Verify,
        Export
    };
    Kind kind = Kind::Verify;
    bool cancelled = false;
    QString error;                   // not empty: the job failed (the database, the file)
    std::optional<ChainCheck> check; // Verify, when it ran to the end
    qint64 written = 0;              // Export: entries in the file
    QString path;                    // Export: the target

    bool ok() const { return !cancelled && error.isEmpty(); }
};

// --- The sequencer (storage/audit/auditsequencer.h) --------------------------------------------
// Entries committed but not yet chained, and how long the oldest has waited by the database
// server's clock.
struct AuditWaiting
{
    qint64 entries = 0;
    qint64 oldestMs = 0;
};

} // namespace ops

Q_DECLARE_METATYPE(ops::AuditJobResult)
