#include "itemmodels/batchpreviewmodel.h"

#include "domain/batchstatus.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/reasontext.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// The statuses in the order a summary lists them: what moved money first, unknowns next, then
// what sent nothing.
const std::vector<std::pair<QString, const char *>> &statusLabels()
{
    static const std::vector<std::pair<QString, const char *>> labels = {
        {u"refunded"_s, QT_TRANSLATE_NOOP("ops::BatchPreviewModel", "refunded")},
        {u"accepted"_s,
         QT_TRANSLATE_NOOP("ops::BatchPreviewModel", "received by the provider, not yet final")},
        {u"checking"_s, QT_TRANSLATE_NOOP("ops::BatchPreviewModel", "checking — outcome unknown")},
        {u"unconfirmed"_s, QT_TRANSLATE_NOOP("ops::BatchPreviewModel", "not confirmed yet")},
        {u"needs_approval"_s, QT_TRANSLATE_NOOP("ops::BatchPreviewModel", "waits for approval")},
        {u"failed"_s, QT_TRANSLATE_NOOP("ops::BatchPreviewModel", "failed at the provider")},
        {u"rejected"_s, QT_TRANSLATE_NOOP("ops::BatchPreviewModel", "rejected, nothing sent")},
        {u"error"_s, QT_TRANSLATE_NOOP("ops::BatchPreviewModel", "error")},
        {u"not_run"_s, QT_TRANSLATE_NOOP("ops::BatchPreviewModel", "not run")},
    };
    return labels;
}

} // namespace

BatchPreviewRow batchRowOf(const Operation &op)
{
    BatchPreviewRow r;
    r.orderId = op.orderId;
    r.target = op.chargeId;
    r.amount = op.amount;
    r.reasonCode = op.reasonCode;
    r.reference = op.reference.section(u':', 2); // batch:NAME:REF
    const BatchStatus stands = batchStatusOf(op);
    r.outcome = {stands.status, stands.reason, op.id, stands.providerReference, false};
    return r;
}

bool BatchPreview::runnable() const
{
    return problems == 0 && !rows.empty();
}

QString batchStatusLabel(const QString &status)
{
    for (const auto &[code, label] : statusLabels()) {
        if (code == status)
            return QCoreApplication::translate("ops::BatchPreviewModel", label);
    }
    return status;
}

QString batchSummaryText(const QMap<QString, int> &counts)
{
    QStringList parts;
    for (const auto &[code, label] : statusLabels()) {
        if (const int n = counts.value(code); n > 0)
            parts << u"%1 %2"_s.arg(QLocale().toString(n), batchStatusLabel(code));
    }
    const auto &known = statusLabels();
    for (auto it = counts.begin(); it != counts.end(); ++it) { // a status this list lacks
        const bool listed = std::any_of(known.begin(), known.end(),
                                        [&](const auto &label) { return label.first == it.key(); });
        if (!listed && it.value() > 0)
            parts << u"%1 %2"_s.arg(QLocale().toString(it.value()), it.key());
    }
    return parts.join(u" · "_s);
}

void BatchPreviewModel::setOutcomes(const std::vector<BatchRowUpdate> &updates)
{
    int first = rowCount();
    int last = -1;
    for (const BatchRowUpdate &u : updates) {
        BatchPreviewRow *row = mutableRowAt(u.row);
        if (!row)
            continue;
        row->outcome = u.outcome;
        first = std::min(first, u.row);
        last = std::max(last, u.row);
    }
    if (last >= first)
        emit dataChanged(index(first, 0), index(last, ColumnCount - 1));
}

QMap<QString, int> BatchPreviewModel::countByStatus() const
{
    QMap<QString, int> counts;
    for (const BatchPreviewRow &r : rows()) {
        if (!r.outcome.status.isEmpty())
            ++counts[r.outcome.status];
    }
    return counts;
}

int BatchPreviewModel::reached() const
{
    return int(std::count_if(rows().begin(), rows().end(), [](const BatchPreviewRow &r) {
        return !r.outcome.status.isEmpty() && r.outcome.status != u"not_run"_s;
    }));
}

QStringList BatchPreviewModel::columnTitles() const
{
    return {tr("Line"),   tr("Order"),  tr("Charge or payment"),
            tr("Amount"), tr("Reason"), tr("Reference"),
            tr("Check"),  tr("Result")};
}

QString BatchPreviewModel::checkText(const BatchPreviewRow &row) const
{
    if (!row.problems.isEmpty()) {
        QStringList said;
        for (const QString &p : row.problems)
            said << reasonLabel(p);
        return said.join(u"; "_s);
    }
    if (!row.earlierOperation.isEmpty())
        return tr("already run as %1").arg(row.earlierOperation);
    return tr("ready");
}

QString BatchPreviewModel::resultText(const BatchRowOutcome &o) const
{
    if (o.status.isEmpty())
        return {};
    QString text = batchStatusLabel(o.status);
    if (!o.providerReference.isEmpty())
        text = tr("%1 (%2)").arg(text, o.providerReference);
    if (!o.reason.isEmpty())
        text = tr("%1: %2").arg(text, reasonLabel(o.reason));
    if (o.earlierRun)
        text = tr("%1 — from the earlier run").arg(text);
    return text;
}

QVariant BatchPreviewModel::rowData(const BatchPreviewRow &row, int column, int role) const
{
    if (role == HasProblemRole)
        return !row.problems.isEmpty();
    if (role == StatusRole)
        return row.outcome.status;
    if (role == OperationIdRole)
        return row.outcome.operationId.isEmpty() ? row.earlierOperation : row.outcome.operationId;
    if (role == Qt::TextAlignmentRole && (column == LineColumn || column == AmountColumn))
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole && (column == CheckColumn || column == ResultColumn))
        return column == CheckColumn ? checkText(row) : resultText(row.outcome);
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case LineColumn:
        return QLocale().toString(row.line);
    case OrderColumn:
        return row.orderId;
    case TargetColumn:
        return row.target;
    case AmountColumn:
        return row.amount ? formatMoney(*row.amount, QLocale()) : QString();
    case ReasonColumn:
        return row.reasonCode;
    case ReferenceColumn:
        return row.reference;
    case CheckColumn:
        return checkText(row);
    case ResultColumn:
        return resultText(row.outcome);
    default:
        return {};
    }
}

} // namespace ops
