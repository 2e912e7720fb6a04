#pragma once

// A four-eyes approval as a value (docs/design.md rule 8; storage/access/approvals.h stores and
// decides them): what was asked, by whom, and how it was decided; and which threshold holds a
// request. Plain types: nothing here reaches the database.

#include "domain/manualclose.h"
#include "domain/money.h"

#include <QDateTime>
#include <QString>
#include <optional>

namespace ops {

enum class ApprovalAction
{
    Close,
    Resend
};
enum class ApprovalState
{
    Pending,
    Approved,
    Rejected,
    Used
};

QString toString(ApprovalAction action);
QString toString(ApprovalState state);
std::optional<ApprovalState> approvalStateFromString(QStringView text);

struct Approval
{
    qint64 id = 0;
    QString operationId;
    ApprovalAction action = ApprovalAction::Close;
    QString requestedBy; // "operator:alice"
    QDateTime requestedAt;
    QString payload; // JSON of the requested close; "{}" for a resend
    ApprovalState state = ApprovalState::Pending;
    QString decidedBy;
    std::optional<QDateTime> decidedAt;
    QString decisionReason;
    Money amount; // the operation's, for lists

    // The close this approval carries out (actor = the requester); nullopt for a resend.
    std::optional<ManualClose> requestedClose() const;
};

// A row's threshold (approval_threshold.<currency>) holds one close, resend or person's refund;
// a batch's (batch_threshold.<currency>) holds a whole file by its total (DESIGN §19).
enum class ThresholdKind
{
    Row,
    Batch
};

} // namespace ops
