#pragma once

// The console window's reads (ui/common/consolereads.h) over a Session: the window's own
// connection, which only reads (storage/readonlysession.h). One line per read; what each answers
// is the store's contract, named beside it.

#include "common/consolereads.h"

#include <memory>

namespace ops {
class Session;
}

namespace ops::console {

// A window's reads over `session`, which must outlive them (and the window holding them).
std::unique_ptr<ui::ConsoleReads> readsOf(Session &session);

} // namespace ops::console
