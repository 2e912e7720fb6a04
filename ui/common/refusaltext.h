#pragma once

// A refusal said in the person's language. In team mode the database refuses with a code
// (migration 0011: "actor", "close", "approve", "own", …, or "grant" for a missing privilege);
// ActionRefused::databaseCode() carries it and these functions turn it into a translated
// sentence. A code they do not know, and a refusal of a rule in storage (no code), keep the
// database's or the rule's English, so nothing a person needs is lost.

#include "domain/rights.h"

#include <QString>
#include <QStringList>

namespace ops {
class ActionRefused;
class StoreError;
} // namespace ops

namespace ops::ui {

// The codes refusalText translates.
QStringList knownRefusalCodes();
// The translated sentence for a refusal the database made; its message for any other.
QString refusalText(const ActionRefused &refused);
// refusalText when `error` is an ActionRefused, else the failure's message as it is.
QString storeErrorText(const StoreError &error);
// Why an action is off for want of `right`, naming who lacks it ("carol (support) may not close
// operations; ask a supervisor."): one sentence for every action that needs the right.
QString rightRefusal(const QString &who, Right right);

} // namespace ops::ui
