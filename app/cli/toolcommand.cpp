#include "cli/toolcommand.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops::cli {

void printResult(QTextStream &out, const ToolResult &result)
{
    out << QString::fromStdString(result.toJson().dump()) << Qt::endl;
}

int rejectInput(CommandContext &ctx, const QString &message)
{
    printResult(ctx.out, ToolResult::rejected(u"invalid_request"_s, message));
    return ctx.usage(message);
}

std::optional<QString> actorFor(const CommandContext &ctx, const QString &toolCall, QString *error)
{
    if (toolCall.isEmpty())
        return ctx.operatorName.isEmpty() ? u"agent:opsctl"_s : u"operator:"_s + ctx.operatorName;
    static const QRegularExpression valid(u"^[A-Za-z0-9_.:-]{1,128}$"_s);
    if (!valid.match(toolCall).hasMatch()) {
        *error = u"--tool-call must be 1-128 letters, digits or _ . : -"_s;
        return std::nullopt;
    }
    return u"agent:"_s + toolCall;
}

} // namespace ops::cli
