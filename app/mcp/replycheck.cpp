#include "mcp/replycheck.h"

#include "domain/sayable.h"
#include "domain/truthguard.h"

using namespace Qt::StringLiterals;

namespace ops::mcp {

namespace {

using json = nlohmann::ordered_json;

std::string str(const QString &text)
{
    return text.toStdString();
}

const char *claimName(Claim claim)
{
    switch (claim) {
    case Claim::Success:
        return "success";
    case Claim::Failure:
        return "failure";
    case Claim::Doubt:
        return "doubt";
    }
    return "doubt";
}

json maySay(const Operation &op, const std::vector<Operation> &rows, const QString &language)
{
    json out = json::array();
    for (const SayableText &s : sayableNow(op, rows, language))
        out.push_back({{"template", str(toString(s.tmpl))}, {"text", str(s.text)}});
    return out;
}

json rowFacts(const Operation &op)
{
    json row = {{"operation_id", str(op.id)}, {"state", str(toString(op.state))}};
    if (!op.providerStatus.isEmpty())
        row["provider_status"] = str(op.providerStatus);
    return row;
}

} // namespace

json judgeReply(const std::vector<Operation> &rows, const QString &draft, const QString &language)
{
    const Operation *judged = &rows.front();
    std::optional<GuardVerdict> refusal;
    json operations = json::array();
    for (const Operation &op : rows) {
        const GuardVerdict v = TruthGuard::check(op.state, op.providerStatus, draft, language);
        json row = rowFacts(op);
        row["verdict"] = v.allowed ? "allowed" : "refused";
        operations.push_back(std::move(row));
        if (!v.allowed && !refusal) {
            refusal = v;
            judged = &op;
        }
    }
    json out = {{"status", refusal ? "refused" : "allowed"}};
    out.update(rowFacts(*judged));
    if (refusal) {
        if (refusal->offending)
            out["claim"] = {{"kind", claimName(refusal->offending->claim)},
                            {"phrase", str(refusal->offending->phrase)},
                            {"language", str(refusal->offending->language)}};
        out["reason"] = str(refusal->reason);
    }
    out["may_say"] = maySay(*judged, rows, language);
    if (rows.size() > 1)
        out["operations"] = std::move(operations);
    if (out["may_say"].empty())
        out["note"] = "These refunds stand differently and no one text is true of all of them: "
                      "check a reply about each refund with its operation_id.";
    return out;
}

} // namespace ops::mcp
