#include "domain/operatoraccess.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QString kOperatorPrefix = u"operator:"_s;

} // namespace

Rights OperatorRecord::effectiveRights() const
{
    return rightsOverride.value_or(defaultRights(role));
}

QString OperatorAccess::describe() const
{
    if (!role)
        return u"%1 (not an operator)"_s.arg(name.isEmpty() ? u"?"_s : name);
    if (disabled)
        return u"%1 (disabled)"_s.arg(name);
    return u"%1 (%2)"_s.arg(name, toString(*role));
}

Result<void> OperatorAccess::maySendMoney() const
{
    for (const Right right : {Right::Resend, Right::Attach}) {
        if (!rights.testFlag(right))
            return Failure{u"operator %1 may not %2"_s.arg(describe(), toString(right))};
    }
    return {};
}

QString operatorName(const QString &actor)
{
    if (!actor.startsWith(kOperatorPrefix))
        return {};
    return actor.mid(kOperatorPrefix.size());
}

bool isValidOperatorName(QStringView name)
{
    static const QRegularExpression valid(u"^[A-Za-z0-9_.@-]{1,64}$"_s);
    return valid.match(name).hasMatch();
}

} // namespace ops
