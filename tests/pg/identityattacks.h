#pragma once

// tst_identity's attacks (issue 26, DESIGN §13): who tries what, with which tool, and the rule
// that must refuse it. {alice}, {ev}, {approval} and {batch} are expanded by the suite.

#include <QStringList>

namespace ops::test {

// A manual close's arguments for opsctl (the evidence is an id or a placeholder).
inline QStringList closeArgs(const QString &op, const QString &evidence)
{
    return {QStringLiteral("close"),      op,
            QStringLiteral("--outcome"),  QStringLiteral("failed"),
            QStringLiteral("--reason"),   QStringLiteral("the provider has no refund"),
            QStringLiteral("--evidence"), evidence};
}

// The rows of TestIdentity::attackIsRefusedAndChangesNothing: who, tool (opsctl or psql), args
// (opsctl's arguments, or one SQL text for psql) and reason (in stderr: which rule said no).
void addIdentityAttackRows();

} // namespace ops::test
