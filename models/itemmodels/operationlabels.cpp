#include "itemmodels/operationlabels.h"

#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h" // the texts keep the model's translation context
#include "itemmodels/reasontext.h"

using namespace Qt::StringLiterals;

namespace ops {

QString formatDuration(qint64 seconds)
{
    seconds = qMax<qint64>(0, seconds);
    const qint64 d = seconds / 86400, h = seconds / 3600 % 24, m = seconds / 60 % 60,
                 s = seconds % 60;
    if (d > 0)
        return OperationTableModel::tr("%1d %2h").arg(d).arg(h);
    if (h > 0)
        return OperationTableModel::tr("%1h %2m").arg(h).arg(m, 2, 10, QChar(u'0'));
    if (m > 0)
        return OperationTableModel::tr("%1m %2s").arg(m).arg(s, 2, 10, QChar(u'0'));
    return OperationTableModel::tr("%1s").arg(s);
}

QString formatMargin(qint64 seconds)
{
    if (seconds > 0 && seconds % 3600 == 0)
        return OperationTableModel::tr("%n h", nullptr, int(seconds / 3600));
    if (seconds % 60 == 0)
        return OperationTableModel::tr("%n min", nullptr, int(seconds / 60));
    return OperationTableModel::tr("%n s", nullptr, int(seconds));
}

QString marginExplanation(qint64 marginSeconds)
{
    if (marginSeconds <= 0)
        return OperationTableModel::tr("The window ends when the provider forgets the key.");
    return OperationTableModel::tr("The window ends %1 before the provider forgets the key, so "
                                   "a late resend never reaches a provider that no longer knows "
                                   "it.")
        .arg(formatMargin(marginSeconds));
}

QString windowTooltip(const QDateTime &deadline, qint64 marginSeconds)
{
    return OperationTableModel::tr("Resend possible until %1 (%2).")
               .arg(formatDateTime(deadline, QLocale()), formatUtc(deadline)) +
           u'\n' + marginExplanation(marginSeconds);
}

QString attemptsLabel(int attempts, int cap, int byOperator)
{
    const QString automation = u"%1/%2"_s.arg(attempts).arg(cap);
    if (byOperator <= 0)
        return automation;
    return OperationTableModel::tr("%1 + %2 by operator").arg(automation).arg(byOperator);
}

QString kindLabel(OperationKind kind)
{
    switch (kind) {
    case OperationKind::Refund:
        return OperationTableModel::tr("refund");
    case OperationKind::CreditTopup:
        return OperationTableModel::tr("credit top-up");
    case OperationKind::CreditCharge:
        return OperationTableModel::tr("credit charge");
    case OperationKind::CreditAdjust:
        return OperationTableModel::tr("credit adjust");
    case OperationKind::Execution:
        return OperationTableModel::tr("execution");
    }
    return toString(kind);
}

QString stateLabel(OperationState state)
{
    switch (state) {
    case OperationState::Open:
        return OperationTableModel::tr("open");
    case OperationState::Unknown:
        return OperationTableModel::tr("unknown");
    case OperationState::Succeeded:
        return OperationTableModel::tr("succeeded");
    case OperationState::Failed:
        return OperationTableModel::tr("failed");
    case OperationState::AwaitingApproval:
        return OperationTableModel::tr("awaiting approval");
    }
    return toString(state);
}

QString stateBadgeLabel(OperationState state, const QString &providerStatus)
{
    if (isPendingAtProvider(state, providerStatus))
        return OperationTableModel::tr("accepted · pending");
    if (isReceivedAtProvider(state, providerStatus))
        return OperationTableModel::tr("received · pending");
    if (providerStatus.isEmpty() || isFinal(state))
        return stateLabel(state);
    return u"%1 · %2"_s.arg(stateLabel(state), providerStatusLabel(providerStatus));
}

QString stateBadgeKind(OperationState state, const QString &providerStatus)
{
    return isPendingAtProvider(state, providerStatus) || isReceivedAtProvider(state, providerStatus)
               ? u"pending"_s
               : toString(state);
}

} // namespace ops
