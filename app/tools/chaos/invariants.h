#pragma once

// The money invariants of a chaos run, judged from the simulator's ledger (what moved) and the
// operation rows (what the product believes). Pure functions of their inputs.

#include <QMap>
#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>
#include <vector>

namespace ops::chaos {

struct CallRecord;

// Invariant names, in report order.
inline const QStringList kInvariants = {
    QStringLiteral("one_movement_per_unit"), // no unit of work has two movements
    QStringLiteral("movement_maps_to_row"),  // operation_id names a row with the same key
    QStringLiteral("failed_row_has_no_movement"),
    QStringLiteral("succeeded_row_has_movement"),
    QStringLiteral("no_row_lost"),              // every reported operation exists; none left open
    QStringLiteral("charge_not_over_refunded"), // per charge, refunded <= amount
};

using Violations = QMap<QString, QStringList>; // invariant -> descriptions

struct InvariantInput
{
    nlohmann::json movements;  // GET /_sim/ledger "movements"
    nlohmann::json operations; // opsctl list --json "operations"
    QMap<QString, qint64> chargeAmounts;
    const std::vector<CallRecord> *calls = nullptr;
    // When the rows were listed: an Adyen row inside its key's 7 days may still be open,
    // waiting for its notification or a person.
    qint64 nowMs = 0;
};

Violations checkInvariants(const InvariantInput &in);

} // namespace ops::chaos
