#include "domain/teamday.h"

using namespace Qt::StringLiterals;

namespace ops {

QString noteProblem(const QString &body)
{
    const QString text = body.trimmed();
    if (text.isEmpty())
        return u"a note needs some text"_s;
    if (text.size() > kMaxNoteLength)
        return u"a note is at most %1 characters (this one has %2)"_s.arg(kMaxNoteLength)
            .arg(text.size());
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control && c != u'\n' && c != u'\t')
            return u"a note has no control characters but line breaks and tabs"_s;
    }
    return {};
}

namespace {

struct Due
{
    QDateTime at;
    LateReason reason = LateReason::None;
};

// Every target that applies to the row, each with its due time.
std::vector<Due> targetsOf(const TargetSubject &row, const ServiceTargets &t)
{
    std::vector<Due> out;
    auto add = [&](std::chrono::milliseconds after, LateReason why) {
        if (after.count() > 0 && row.createdAt.isValid())
            out.push_back({row.createdAt.addMSecs(after.count()), why});
    };
    if (row.state == OperationState::Unknown) {
        if (row.ownedBy.isEmpty())
            add(t.unowned, LateReason::NoOwner);
        add(t.undecided, LateReason::NoDecision);
    } else if (row.state == OperationState::AwaitingApproval) {
        add(t.approval, LateReason::Approval);
    }
    return out;
}

std::optional<Due> earliest(const std::vector<Due> &all)
{
    std::optional<Due> first;
    for (const Due &d : all) {
        if (!first || d.at < first->at)
            first = d;
    }
    return first;
}

} // namespace

std::optional<QDateTime> targetDue(const TargetSubject &row, const ServiceTargets &targets)
{
    const auto first = earliest(targetsOf(row, targets));
    if (!first)
        return std::nullopt;
    return first->at;
}

std::optional<QDateTime> queueDue(const TargetSubject &row, const ServiceTargets &targets)
{
    const auto target = targetDue(row, targets);
    if (!target)
        return row.deadline;
    if (!row.deadline)
        return target;
    return std::min(*target, *row.deadline);
}

LateReason lateReason(const TargetSubject &row, const ServiceTargets &targets, const QDateTime &now)
{
    const auto first = earliest(targetsOf(row, targets));
    return first && now >= first->at ? first->reason : LateReason::None;
}

} // namespace ops
