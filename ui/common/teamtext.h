#pragma once

// The team's day (DESIGN §18) said in the person's language: why a row is late, why an owner
// did not change, why a text is no note, and since when someone owns a row. The rules stay in
// the domain (teamday.h) and the store (storage/team/teamstore.cpp); these functions only turn
// their values and English sentences into translated ones. A sentence they do not know keeps
// the store's English, so nothing a person needs is lost.

#include "domain/teamday.h"

#include <QDateTime>
#include <QString>

namespace ops::ui {

// "no owner after 1 h", "undecided after 24 h", "approval waiting over 4 h"; '' for None.
QString lateText(LateReason reason, const ServiceTargets &targets);
// TeamStore::take/assign/release's answer ("carol took op_x meanwhile"), translated.
QString ownerChangeText(const QString &storeReason);
// noteProblem()'s answer ("a note needs some text"), translated.
QString noteProblemText(const QString &problem);
// When someone took a row, as a person reads it next to `now`: the local time alone on the same
// local day ("09:40"), else the console's date and time.
QString sinceText(const QDateTime &since, const QDateTime &now);

} // namespace ops::ui
