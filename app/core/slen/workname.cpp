#include "slen/workname.h"

#include <QList>

using namespace Qt::StringLiterals;

namespace ops {

QString jobWorkName(const QString &jobId, const QString &operation)
{
    return u"job:"_s + jobId + u':' + operation;
}

Result<void> checkWorkName(const QString &name)
{
    if (name.trimmed().isEmpty())
        return Failure{u"work name is empty"_s};
    if (name != name.trimmed())
        return Failure{u"work name must not start or end with white space"_s};
    if (!name.isValidUtf16() || name.contains(QChar::ReplacementCharacter))
        return Failure{u"work name is not valid UTF-8"_s};
    const QList<uint> codePoints = name.toUcs4();
    if (codePoints.size() > kMaxWorkNameChars)
        return Failure{u"work name is %1 characters long; the limit is %2"_s.arg(codePoints.size())
                           .arg(kMaxWorkNameChars)};
    for (const uint c : codePoints) {
        if (QChar::category(char32_t(c)) == QChar::Other_Control)
            return Failure{u"work name contains a control character"_s};
    }
    return {};
}

} // namespace ops
