#include "domain/replicationstate.h"

using namespace Qt::StringLiterals;

namespace ops {

QString toString(ReplicationVerdict verdict)
{
    switch (verdict) {
    case ReplicationVerdict::Embedded:
        return u"embedded"_s;
    case ReplicationVerdict::Standalone:
        return u"standalone"_s;
    case ReplicationVerdict::Synchronous:
        return u"sync"_s;
    case ReplicationVerdict::Asynchronous:
        return u"async"_s;
    }
    return {};
}

} // namespace ops
