#include "domain/identity.h"

using namespace Qt::StringLiterals;

namespace ops {

QString toString(Principal p)
{
    switch (p) {
    case Principal::Supervisor:
        return u"supervisor"_s;
    case Principal::Support:
        return u"support"_s;
    case Principal::Agent:
        return u"agent"_s;
    case Principal::Service:
        return u"service"_s;
    case Principal::Disabled:
        return u"disabled"_s;
    case Principal::NoGroup:
        return u"no group"_s;
    case Principal::Unchecked:
        break;
    }
    return u"unchecked"_s;
}

bool Identity::isPerson() const
{
    return principal == Principal::Supervisor || principal == Principal::Support ||
           principal == Principal::Disabled || principal == Principal::NoGroup;
}

std::optional<Role> Identity::role() const
{
    if (principal == Principal::Supervisor)
        return Role::Supervisor;
    if (principal == Principal::Support)
        return Role::Support;
    return std::nullopt;
}

QString Identity::operatorFor(const QString &typed) const
{
    return authenticated() && isPerson() ? login : typed;
}

Result<void> Identity::mayActAs(const QString &typed) const
{
    if (!authenticated() || typed.isEmpty() || typed == login)
        return {};
    return Failure{u"you are logged in as %1"_s.arg(login)};
}

} // namespace ops
