#include "domain/eventtypes.h"

using namespace Qt::StringLiterals;

namespace ops {

QString toString(EventSource source)
{
    return source == EventSource::Import ? u"import"_s : u"webhook"_s;
}

QString toString(EventOutcome outcome)
{
    switch (outcome) {
    case EventOutcome::Applied:
        return u"applied"_s;
    case EventOutcome::Attention:
        return u"attention"_s;
    case EventOutcome::Ignored:
        break;
    }
    return u"ignored"_s;
}

QString toString(MatchedBy by)
{
    switch (by) {
    case MatchedBy::Metadata:
        return u"metadata"_s;
    case MatchedBy::IdempotencyKey:
        return u"idempotency_key"_s;
    case MatchedBy::ProviderRef:
        return u"provider_ref"_s;
    case MatchedBy::MerchantReference:
        return u"merchant_reference"_s;
    case MatchedBy::OriginalReference:
        return u"original_reference"_s;
    case MatchedBy::None:
        break;
    }
    return {};
}

} // namespace ops
