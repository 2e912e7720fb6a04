#include "domain/foureyescover.h"

using namespace Qt::StringLiterals;

namespace ops {

QString FourEyesCover::warning() const
{
    if (enough())
        return {};
    const QString who = approvers.isEmpty()
                            ? u"no active supervisor"_s
                            : u"only one active supervisor (%1)"_s.arg(approvers.first());
    return u"a four-eyes threshold is set (%1) but %2 may approve: every close or resend above "
           "it waits for a second supervisor who does not exist; add or enable a second "
           "supervisor, or remove the threshold"_s.arg(thresholds.join(u", "_s), who);
}

} // namespace ops
