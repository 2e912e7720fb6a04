#pragma once

// An operator as the directory knows one (storage/access/operatordirectory.h reads and changes
// it): the stored record, what enforcement and the UI need about one actor, and operator names.
// Plain types: nothing here reaches the database.

#include "domain/result.h"
#include "domain/rights.h"

#include <QString>
#include <QStringView>
#include <optional>

namespace ops {

struct OperatorRecord
{
    QString name;
    Role role = Role::Support;
    std::optional<Rights> rightsOverride; // replaces the role's defaults when set
    QString createdBy;
    qint64 createdAtMs = 0;
    bool disabled = false;

    Rights effectiveRights() const;
};

// What enforcement and the UI need about one actor.
struct OperatorAccess
{
    QString name;             // "alice" (the actor without "operator:")
    std::optional<Role> role; // nullopt: not in the directory
    bool disabled = false;
    Rights rights = kUnknownOperatorRights;

    QString describe() const; // "alice (support)", "alice (not an operator)", "alice (disabled)"
    // A person's call that moves money (a refund, a credit movement, an execution) ends by
    // attaching the provider's answer as evidence, so it needs Resend and Attach; fails naming
    // the first right missing. Checked before anything is stored or sent, never discovered after
    // the money moved.
    Result<void> maySendMoney() const;
};

// "operator:alice" → "alice"; any other actor ("agent:…", "system:…") → empty.
QString operatorName(const QString &actor);
// 1–64 letters, digits or _ . @ -
bool isValidOperatorName(QStringView name);

} // namespace ops
