#include "itemmodels/waitingtext.h"

#include "domain/operatoraccess.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"

#include <QLocale>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

bool leaseLive(const RowWaiting &w, qint64 nowMs)
{
    return !w.leaseHolder.isEmpty() && w.leaseUntil && w.leaseUntil->toMSecsSinceEpoch() > nowMs;
}

QString proposalLabel(const RowWaiting &w)
{
    if (w.proposalAction == u"resend")
        return OperationTableModel::tr("proposal: resend");
    if (w.proposalOutcome == u"succeeded")
        return OperationTableModel::tr("proposal: close succeeded");
    return OperationTableModel::tr("proposal: close failed");
}

QString proposalSentence(const RowWaiting &w)
{
    if (w.proposalAction == u"resend")
        return OperationTableModel::tr("The reconciler proposes resending this operation with "
                                       "the stored key; a person carries it out or decides "
                                       "otherwise.");
    if (w.proposalOutcome == u"succeeded")
        return OperationTableModel::tr("The reconciler proposes closing this operation as "
                                       "succeeded; a person applies it or decides otherwise.");
    return OperationTableModel::tr("The reconciler proposes closing this operation as failed; a "
                                   "person applies it or decides otherwise.");
}

QString approvalSentence(const RowWaiting &w)
{
    const QString asker = actorName(w.approvalAskedBy);
    const QString what = w.approvalAction == u"resend"
                             ? OperationTableModel::tr("resend it with the stored key")
                             : OperationTableModel::tr("close it");
    const QString asked = OperationTableModel::tr("Waiting on approval #%1: %2 asked to %3.")
                              .arg(QString::number(w.approvalId), asker, what);
    if (w.approvalDeciders.isEmpty())
        return asked + u' ' +
               OperationTableModel::tr("A supervisor other than %1 decides it, and none is "
                                       "active: add or enable a second supervisor.")
                   .arg(asker);
    return asked + u' ' +
           OperationTableModel::tr("A supervisor other than %1 decides it: %2.")
               .arg(asker, QLocale().createSeparatedList(w.approvalDeciders));
}

QString leaseSentence(const RowWaiting &w)
{
    return OperationTableModel::tr("%1 is resending this operation right now (until %2); wait "
                                   "for the result before acting on it.")
        .arg(actorName(w.leaseHolder), formatDateTime(*w.leaseUntil, QLocale()));
}

} // namespace

QString actorName(const QString &actor)
{
    const QString base = actor.section(u'#', 0, 0);
    const QString person = operatorName(base);
    return person.isEmpty() ? base : person;
}

QString waitingLabel(const RowWaiting &w, qint64 nowMs)
{
    QStringList parts;
    if (leaseLive(w, nowMs))
        parts << OperationTableModel::tr("%1 is resending").arg(actorName(w.leaseHolder));
    if (w.hasApproval())
        parts << OperationTableModel::tr("approval #%1 (asked by %2; another supervisor decides)")
                     .arg(QString::number(w.approvalId), actorName(w.approvalAskedBy));
    if (w.hasProposal())
        parts << proposalLabel(w);
    return parts.join(u" · "_s);
}

QString waitingTooltip(const RowWaiting &w, qint64 nowMs)
{
    QStringList lines;
    if (leaseLive(w, nowMs))
        lines << leaseSentence(w);
    if (w.hasApproval())
        lines << approvalSentence(w);
    if (w.hasProposal())
        lines << proposalSentence(w);
    return lines.join(u'\n');
}

} // namespace ops
