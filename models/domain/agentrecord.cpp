#include "domain/agentrecord.h"

using namespace Qt::StringLiterals;

namespace ops {

QString toString(AgentState state)
{
    return state == AgentState::Revoked ? u"revoked"_s : u"active"_s;
}

} // namespace ops
