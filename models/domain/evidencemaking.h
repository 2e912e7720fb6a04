#pragma once

// The two kinds of evidence the product writes itself, built in one place: what a provider
// answered (its JSON body, kind provider_object) and a person's or a program's note (plain
// text, kind note). The engines, the reconciler, the console's look-up attach and the suites
// build theirs here; the store gives the id, the hash and the time.

#include "domain/operation.h"

#include <QByteArray>
#include <QString>

namespace ops {

Evidence providerObject(const QString &operationId, const QString &title, const QByteArray &body,
                        const QString &actor);
Evidence noteEvidence(const QString &operationId, const QString &title, const QByteArray &body,
                      const QString &actor);

} // namespace ops
