#include "domain/rights.h"

using namespace Qt::StringLiterals;

namespace ops {

const QList<Right> &allRights()
{
    static const QList<Right> rights = {Right::View,  Right::Attach,  Right::Resend,
                                        Right::Close, Right::Message, Right::Approve,
                                        Right::Audit, Right::Export};
    return rights;
}

QString toString(Right right)
{
    switch (right) {
    case Right::View:
        return u"view"_s;
    case Right::Attach:
        return u"attach"_s;
    case Right::Resend:
        return u"resend"_s;
    case Right::Close:
        return u"close"_s;
    case Right::Message:
        return u"message"_s;
    case Right::Approve:
        return u"approve"_s;
    case Right::Audit:
        return u"audit"_s;
    case Right::Export:
        return u"export"_s;
    }
    return {};
}

QString toString(Role role)
{
    return role == Role::Supervisor ? u"supervisor"_s : u"support"_s;
}

std::optional<Right> rightFromString(QStringView name)
{
    for (const Right r : allRights()) {
        if (toString(r) == name)
            return r;
    }
    return std::nullopt;
}

std::optional<Role> roleFromString(QStringView name)
{
    if (name == u"support")
        return Role::Support;
    if (name == u"supervisor")
        return Role::Supervisor;
    return std::nullopt;
}

Rights defaultRights(Role role)
{
    const Rights support = Rights(Right::View) | Right::Attach | Right::Resend | Right::Message;
    if (role == Role::Support)
        return support;
    return support | Right::Close | Right::Approve | Right::Audit | Right::Export;
}

QString formatRights(Rights rights)
{
    QStringList names;
    for (const Right r : allRights()) {
        if (rights.testFlag(r))
            names << toString(r);
    }
    return names.join(u',');
}

Result<Rights> parseRights(QStringView text)
{
    Rights rights;
    bool any = false;
    for (const QStringView part : text.split(u',')) {
        const QStringView name = part.trimmed();
        if (name.isEmpty())
            continue;
        const auto right = rightFromString(name);
        if (!right)
            return Failure{u"unknown right '%1' (rights: %2)"_s.arg(
                name, formatRights(Rights::fromInt(0xFF)))};
        rights |= *right;
        any = true;
    }
    if (!any)
        return Failure{u"no rights given (rights: %1)"_s.arg(formatRights(Rights::fromInt(0xFF)))};
    return rights;
}

} // namespace ops
