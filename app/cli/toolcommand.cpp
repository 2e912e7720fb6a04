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

Result<QString> actorFor(const CommandContext &ctx, const QString &toolCall)
{
    static const QRegularExpression valid(u"^[A-Za-z0-9_.:-]{1,128}$"_s);
    if (!toolCall.isEmpty() && !valid.match(toolCall).hasMatch())
        return Failure{u"--tool-call must be 1-128 letters, digits or _ . : -"_s};
    // Team mode: an agent logged in as itself is named by its login, like an MCP call's actor
    // agent:NAME:<client>:<request id> (DESIGN §13).
    if (ctx.identity.principal == Principal::Agent)
        return u"agent:%1:opsctl:%2"_s.arg(ctx.identity.login,
                                           toolCall.isEmpty() ? u"cli"_s : toolCall);
    if (toolCall.isEmpty())
        return ctx.operatorName.isEmpty() ? u"agent:opsctl"_s
                                          : QString(u"operator:"_s + ctx.operatorName);
    return QString(u"agent:"_s + toolCall);
}

} // namespace ops::cli
