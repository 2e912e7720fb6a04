#pragma once

// Response helpers for the Slen simulator. Every response carries the request's id (the one the
// router assigned on arrival, else a fresh UUID) in the `Request-Id` header and the same value
// in `X-Request-Id`; error bodies repeat it: {"error":{"code","message","request_id"}}.

#include "providersim/simtypes.h"

namespace ops::sim::slen {

SimResponse reply(const SimRequest &request, int status, const nlohmann::json &body);
// `extra` members (e.g. execution_id) are added inside the error object.
SimResponse error(const SimRequest &request, int status, const char *code, const QString &message,
                  const nlohmann::json &extra = nlohmann::json::object());

} // namespace ops::sim::slen
