#include "domain/sayable.h"

#include "domain/truthguard.h"

#include <algorithm>

namespace ops {

std::vector<SayableText> sayableNow(const Operation &op, const std::vector<Operation> &rows,
                                    const QString &language)
{
    const auto passesEvery = [&](const QString &text) {
        const auto passes = [&](const Operation &row) {
            return TruthGuard::check(row.state, row.providerStatus, text, language).allowed;
        };
        return rows.empty() ? passes(op) : std::ranges::all_of(rows, passes);
    };
    std::vector<SayableText> out;
    for (const MessageTemplate t : allowedTemplates(op.state, op.kind, op.providerStatus)) {
        if (t == MessageTemplate::Custom)
            continue;
        const RenderedMessage m = MessageTemplates::render(t, language, factsFor(op));
        if (m.error.isEmpty() && passesEvery(m.body))
            out.push_back({t, m.body});
    }
    return out;
}

} // namespace ops
