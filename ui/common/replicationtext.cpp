#include "common/replicationtext.h"

#include <QCoreApplication>

namespace ops::ui {

QString replicationText(const ReplicationState &state, bool acceptedAsync)
{
    if (state.verdict == ReplicationVerdict::Synchronous)
        return QCoreApplication::translate("ops::ui::Replication", "sync standby");
    if (state.verdict == ReplicationVerdict::Asynchronous)
        return state.refusesOpenings(acceptedAsync)
                   ? QCoreApplication::translate("ops::ui::Replication",
                                                 "ASYNC standby — new refunds refused")
                   : QCoreApplication::translate("ops::ui::Replication",
                                                 "async standby (risk accepted)");
    return QCoreApplication::translate("ops::ui::Replication", "standalone server");
}

} // namespace ops::ui
