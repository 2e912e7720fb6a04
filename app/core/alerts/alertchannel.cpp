#include "alerts/alertchannel.h"

using namespace Qt::StringLiterals;

namespace ops {

Q_LOGGING_CATEGORY(lcAlerts, "ops.alerts", QtWarningMsg)

QString toString(AlertOutcome outcome)
{
    switch (outcome) {
    case AlertOutcome::Delivered:
        return u"delivered"_s;
    case AlertOutcome::Refused:
        return u"refused"_s;
    case AlertOutcome::Retry:
        return u"retry"_s;
    case AlertOutcome::Unknown:
        return u"unknown"_s;
    }
    return {};
}

} // namespace ops
