#include "storage/db/writelocks.h"

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QString key(const QString &kind, const QString &id)
{
    return id.isEmpty() ? QString() : kind + u':' + id;
}

} // namespace

WriteLocks WriteLocks::scoped(QStringList scopes)
{
    scopes.removeAll(QString());
    scopes.sort();
    scopes.removeDuplicates();
    WriteLocks locks;
    locks.m_exclusive = false;
    locks.m_scopes = std::move(scopes);
    return locks;
}

QString operationScope(const QString &operationId)
{
    return key(u"operation"_s, operationId);
}

QString chargeScope(const QString &provider, const QString &chargeId)
{
    return chargeId.isEmpty() ? QString() : u"charge:"_s + provider + u':' + chargeId;
}

QString orderScope(const QString &orderId)
{
    return key(u"order"_s, orderId);
}

QString agentScope(const QString &agent)
{
    return key(u"agent"_s, agent);
}

QString accountScope(const QString &project, const QString &customerId)
{
    return customerId.isEmpty() ? QString() : u"account:"_s + project + u':' + customerId;
}

} // namespace ops
