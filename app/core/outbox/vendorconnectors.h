#pragma once

// The connector of each vendor, one file each; makeHelpdeskConnector picks one.

#include "outbox/helpdeskconnector.h"

namespace ops {

std::unique_ptr<HelpdeskConnector> genericConnector(const HelpdeskConfig &config);
std::unique_ptr<HelpdeskConnector> zendeskConnector(const HelpdeskConfig &config);
std::unique_ptr<HelpdeskConnector> gorgiasConnector(const HelpdeskConfig &config);
std::unique_ptr<HelpdeskConnector> intercomConnector(const HelpdeskConfig &config);
std::unique_ptr<HelpdeskConnector> freshdeskConnector(const HelpdeskConfig &config);

} // namespace ops
