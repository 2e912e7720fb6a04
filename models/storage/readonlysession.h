#pragma once

// keepReadOnly (db/readonlyconnection.h) for a session's connection: after this call the
// session's stores still read, and every write through them throws StoreError naming `why`.

#include <QString>

namespace ops {

class Session;

void keepReadOnly(Session &session, const QString &why);

} // namespace ops
