#include "common/traynotices.h"

#include "common/teamtext.h"
#include "domain/operatoraccess.h"
#include "itemmodels/approvallistmodel.h"
#include "itemmodels/operationlabels.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

namespace ops::ui {

namespace {

QString tray(const char *text)
{
    return QCoreApplication::translate("ops::ui::TrayNotices", text);
}

} // namespace

std::vector<TrayNotice> trayNotices(const std::optional<TraySnapshot> &before,
                                    const TraySnapshot &now, const ServiceTargets &targets)
{
    std::vector<TrayNotice> out;
    if (!before)
        return out;
    QHash<QString, const OwnedRowState *> was;
    for (const OwnedRowState &row : before->mine)
        was.insert(row.id, &row);
    for (const OwnedRowState &row : now.mine) {
        const OwnedRowState *old = was.value(row.id);
        if (!old)
            continue;
        if (old->state != row.state) {
            TrayNotice n;
            n.kind = TrayNotice::Kind::StateChanged;
            n.operationId = row.id;
            n.title = tray(QT_TRANSLATE_NOOP("ops::ui::TrayNotices", "%1 is %2 now"))
                          .arg(row.id, stateLabel(row.state));
            n.text = tray(QT_TRANSLATE_NOOP("ops::ui::TrayNotices",
                                            "A row you own was %1 and is %2 now."))
                         .arg(stateLabel(old->state), stateLabel(row.state));
            out.push_back(std::move(n));
        }
        if (row.late != LateReason::None && row.late != old->late) {
            TrayNotice n;
            n.kind = TrayNotice::Kind::BecameLate;
            n.operationId = row.id;
            n.title = tray(QT_TRANSLATE_NOOP("ops::ui::TrayNotices", "%1 is late")).arg(row.id);
            n.text = tray(QT_TRANSLATE_NOOP("ops::ui::TrayNotices", "A row you own: %1."))
                         .arg(lateText(row.late, targets));
            out.push_back(std::move(n));
        }
    }
    QSet<qint64> waited;
    for (const WaitingApproval &a : before->approvals)
        waited.insert(a.id);
    for (const WaitingApproval &a : now.approvals) {
        if (waited.contains(a.id))
            continue;
        TrayNotice n;
        n.kind = TrayNotice::Kind::ApprovalWaiting;
        n.operationId = a.operationId;
        n.approvalId = a.id;
        n.title =
            tray(QT_TRANSLATE_NOOP("ops::ui::TrayNotices", "Approval #%1 waits for you")).arg(a.id);
        n.text = tray(QT_TRANSLATE_NOOP("ops::ui::TrayNotices", "%1 of %2, asked by %3."))
                     .arg(approvalActionLabel(a.action), a.operationId,
                          operatorName(a.requestedBy).isEmpty() ? a.requestedBy
                                                                : operatorName(a.requestedBy));
        out.push_back(std::move(n));
    }
    return out;
}

} // namespace ops::ui
