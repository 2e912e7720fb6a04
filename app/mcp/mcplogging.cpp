#include "mcp/mcplogging.h"

Q_LOGGING_CATEGORY(lcMcp, "ops.mcp")
