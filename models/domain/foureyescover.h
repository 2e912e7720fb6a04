#pragma once

// Whether four-eyes can work at all (issue 50), as a value: the thresholds set and the people who
// may approve (storage/access/foureyescover.h reads them). Plain types: nothing here reaches the
// database.

#include <QString>
#include <QStringList>

namespace ops {

struct FourEyesCover
{
    QStringList thresholds; // currencies (or credit types) with a threshold, lower case, sorted
    QStringList approvers;  // the active people who may approve, sorted

    // True when no threshold is set or at least two people may approve.
    bool enough() const { return thresholds.isEmpty() || approvers.size() >= 2; }
    // One line for a person: what is wrong and what to do; empty when enough().
    QString warning() const;
};

} // namespace ops
