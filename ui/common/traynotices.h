#pragma once

// What the tray says to the person at the console (issue 53 item 5), decided apart from any
// tray: a pure function from what the window showed before to what it shows now, so it is
// tested without a desktop. The window builds the snapshots from its own lists (the Mine list,
// the pending approvals); TrayNotifier (mainwindow/traynotifier.h) shows the notices.

#include "domain/approval.h"
#include "domain/operation.h"
#include "domain/teamday.h"

#include <QString>
#include <optional>
#include <vector>

namespace ops::ui {

// A row the person owns, as the window showed it: its state and which target it is past.
struct OwnedRowState
{
    QString id;
    OperationState state = OperationState::Open;
    LateReason late = LateReason::None;
    friend bool operator==(const OwnedRowState &, const OwnedRowState &) = default;
};

// A pending approval this person may decide: they have the Approve right and someone else
// asked for it.
struct WaitingApproval
{
    qint64 id = 0;
    QString operationId;
    ApprovalAction action = ApprovalAction::Close;
    QString requestedBy; // "operator:alice"
    friend bool operator==(const WaitingApproval &, const WaitingApproval &) = default;
};

struct TraySnapshot
{
    std::vector<OwnedRowState> mine;
    std::vector<WaitingApproval> approvals;
    friend bool operator==(const TraySnapshot &, const TraySnapshot &) = default;
};

struct TrayNotice
{
    enum class Kind
    {
        StateChanged,    // a row the person owns changed state
        ApprovalWaiting, // an approval waits for the person
        BecameLate,      // a row the person owns went past a service target
    };
    Kind kind = Kind::StateChanged;
    QString operationId;
    qint64 approvalId = 0; // ApprovalWaiting only
    QString title;         // translated
    QString text;          // translated
};

// The notices between two looks, in `now`'s order (rows first, then approvals): a row in both
// whose state moved; a row in both that is late now and was not (or is late for another
// target); an approval in `now` that `before` lacked. A row that came into Mine or left it says
// nothing (the person took or released it, or a supervisor did, which the list shows). Nothing
// at all when `before` is nullopt: the first look has nothing to compare with. `targets` word
// the late notices ("no owner after 1 h").
std::vector<TrayNotice> trayNotices(const std::optional<TraySnapshot> &before,
                                    const TraySnapshot &now, const ServiceTargets &targets);

} // namespace ops::ui
