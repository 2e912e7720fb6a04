#pragma once

// Operator roles and per-action rights (issue 6). Pure logic: names, parsing and the default
// rights of each role. Who has which role lives in the operator directory (operatordirectory.h).

#include "domain/result.h"
#include "domain/storeerror.h"

#include <QFlags>
#include <QString>
#include <QStringList>
#include <optional>

namespace ops {

enum class Right : unsigned
{
    View = 1U << 0,
    Attach = 1U << 1,
    Resend = 1U << 2,
    Close = 1U << 3,
    Message = 1U << 4,
    Approve = 1U << 5,
    Audit = 1U << 6,
    Export = 1U << 7,
};
Q_DECLARE_FLAGS(Rights, Right)
Q_DECLARE_OPERATORS_FOR_FLAGS(Rights)

enum class Role
{
    Support,
    Supervisor
};

// Every right, in the order they are listed and printed.
const QList<Right> &allRights();

QString toString(Right right); // "close"
QString toString(Role role);   // "supervisor"
std::optional<Right> rightFromString(QStringView name);
std::optional<Role> roleFromString(QStringView name);

// Support triages (view, attach evidence, resend, message customers); a supervisor also closes,
// approves, and reads and exports the audit trail.
Rights defaultRights(Role role);
// What an operator who is not in the directory (or is disabled) may do: look.
inline constexpr Rights kUnknownOperatorRights = Right::View;

// "view,attach,close" in allRights() order; "" for none.
QString formatRights(Rights rights);
// Parses a comma-separated list of right names; a failure on an unknown name or an empty list.
// Whitespace around names is ignored; duplicates are harmless.
Result<Rights> parseRights(QStringView text);

} // namespace ops
