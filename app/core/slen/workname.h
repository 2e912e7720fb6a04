#pragma once

// Slen keys are the caller's work name (docs/design.md rule 1): stable facts assembled by the
// integration, never text a model writes afresh. Validated before anything is stored or sent.

#include "domain/result.h"

#include <QString>

namespace ops {

// Slen counts key length in code points and refuses more than this.
inline constexpr int kMaxWorkNameChars = 190;

// "job:<id>:<operation>" — the Slen convention for queue jobs. The result still has to pass
// checkWorkName() (e.g. a long job id can exceed 190 characters).
QString jobWorkName(const QString &jobId, const QString &operation);

// Whether `name` can be a key; fails with why not: empty or blank, leading/trailing white space
// (two names that look the same must not be two operations), over 190 code points, broken
// UTF-16/replacement characters (the bytes were not valid UTF-8), control characters.
Result<void> checkWorkName(const QString &name);

} // namespace ops
