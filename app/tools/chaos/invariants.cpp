#include "chaos/invariants.h"

#include "chaos/agentpool.h"

#include <QDateTime>
#include <QSet>

using namespace Qt::StringLiterals;
using nlohmann::json;

namespace ops::chaos {

namespace {

QString str(const json &j, const char *key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                            : QString();
}

// Unit of work as the product defines it: refunds by (project, unit), credit movements share
// one key space per project, executions their own.
QString unitKey(const json &row)
{
    const QString kind = str(row, "kind");
    const QString family = kind.startsWith(u"credit"_s) ? u"credit"_s : kind;
    return family + u'|' + str(row, "project") + u'|' + str(row, "unit_of_work");
}

using RowIndex = QMap<QString, json>;

// An Adyen row inside its key's 7 days may still be open, waiting for its notification or a
// person; Stripe's and Slen's windows are the run's own, and the harness waits them out.
bool adyenInsideWindow(const json &row, qint64 nowMs)
{
    if (str(row, "provider") != u"adyen"_s)
        return false;
    const QDateTime deadline = QDateTime::fromString(str(row, "deadline"), Qt::ISODateWithMs);
    return deadline.isValid() && deadline.toMSecsSinceEpoch() > nowMs;
}

RowIndex indexRows(const json &operations)
{
    RowIndex rows;
    for (const json &row : operations)
        rows.insert(str(row, "operation_id"), row);
    return rows;
}

void checkMovements(const InvariantInput &in, const RowIndex &rows, Violations &v)
{
    QMap<QString, QStringList> byUnit;
    QMap<QString, qint64> refunded;
    for (const json &m : in.movements) {
        const QString opId = str(m, "operation_id");
        const QString moveId = str(m, "id");
        if (str(m, "kind") == u"refund"_s)
            refunded[str(m, "charge")] += m.value("amount", qint64(0));
        if (!rows.contains(opId)) {
            v[u"movement_maps_to_row"_s]
                << u"%1 names operation '%2', which has no row"_s.arg(moveId, opId);
            continue;
        }
        const json &row = rows[opId];
        if (str(row, "idempotency_key") != str(m, "idempotency_key"))
            v[u"movement_maps_to_row"_s] << u"%1 was sent with key '%2', row %3 holds '%4'"_s.arg(
                moveId, str(m, "idempotency_key"), opId, str(row, "idempotency_key"));
        if (str(row, "state") == u"failed"_s)
            v[u"failed_row_has_no_movement"_s] << u"%1 closed failed (%2) but %3 moved %4"_s
                                                      .arg(opId, str(row, "failure_code"), moveId)
                                                      .arg(m.value("amount", qint64(0)));
        byUnit[unitKey(row)] << moveId + u" (" + opId + u')';
    }
    for (auto it = byUnit.cbegin(); it != byUnit.cend(); ++it) {
        if (it.value().size() > 1)
            v[u"one_movement_per_unit"_s] << u"%1: %2"_s.arg(it.key(), it.value().join(u", "_s));
    }
    for (auto it = refunded.cbegin(); it != refunded.cend(); ++it) {
        const qint64 amount = in.chargeAmounts.value(it.key(), -1);
        if (amount >= 0 && it.value() > amount)
            v[u"charge_not_over_refunded"_s]
                << u"%1: %2 refunded of %3"_s.arg(it.key()).arg(it.value()).arg(amount);
    }
}

void checkRows(const InvariantInput &in, const RowIndex &rows, Violations &v)
{
    QSet<QString> moved;
    for (const json &m : in.movements)
        moved.insert(str(m, "operation_id"));
    for (const json &row : in.operations) {
        const QString id = str(row, "operation_id");
        const QString state = str(row, "state");
        if (state == u"succeeded"_s && !moved.contains(id))
            v[u"succeeded_row_has_movement"_s]
                << u"%1 (%2) closed succeeded, provider ref %3, no movement"_s.arg(
                       id, str(row, "unit_of_work"), str(row, "provider_ref"));
        // After the sweep no row that ever sent a request may still be open: its deadline has
        // passed, so it belongs to a person now. A row with no attempt never sent anything.
        if (state == u"open"_s && row.value("attempts", 0) > 0 && !adyenInsideWindow(row, in.nowMs))
            v[u"no_row_lost"_s] << u"%1 still open after the sweep (%2 attempts)"_s.arg(id).arg(
                row.value("attempts", 0));
    }
    if (!in.calls)
        return;
    for (const CallRecord &call : *in.calls) {
        if (!call.result.is_object())
            continue;
        const QString id = str(call.result, "operation_id");
        if (!id.isEmpty() && !rows.contains(id))
            v[u"no_row_lost"_s] << u"a call reported %1, which has no row"_s.arg(id);
    }
}

} // namespace

Violations checkInvariants(const InvariantInput &in)
{
    Violations v;
    const RowIndex rows = indexRows(in.operations);
    checkMovements(in, rows, v);
    checkRows(in, rows, v);
    return v;
}

} // namespace ops::chaos
