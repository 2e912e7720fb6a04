#include "truthguard.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

struct Pattern
{
    Claim claim;
    QString language;
    QRegularExpression regex;
};

Pattern pattern(Claim claim, const QString &language, const QString &regex)
{
    return {claim, language,
            QRegularExpression(regex, QRegularExpression::UseUnicodePropertiesOption)};
}

// Patterns run on normalised text (lower case, ё → е, ' for every apostrophe).
const std::vector<Pattern> &patterns()
{
    static const std::vector<Pattern> list = [] {
        const Claim S = Claim::Success;
        const Claim F = Claim::Failure;
        return std::vector<Pattern>{
            // English: "has been refunded", "refund is complete", "money is back", "we refunded".
            pattern(
                S, u"en"_s,
                u"\\b(?:has|have|had|was|were|is|are|been|got)\\s+(?:(?:now|already|just|"
                "successfully|fully)\\s+)*(?:been\\s+)?(?:(?:successfully|fully)\\s+)?"
                "(?:refunded|credited|reimbursed|returned|processed|completed|approved|"
                "issued|paid(?:\\s+out)?|settled|added|charged|deducted|adjusted|carried\\s+out)\\b"_s),
            pattern(S, u"en"_s,
                    u"\\b(?:is|was|has\\s+been)\\s+(?:now\\s+)?(?:complete|successful|done)\\b"_s),
            pattern(S, u"en"_s,
                    u"\\b(?:money|funds|amount|payment|refund|credits?)\\s+(?:is|are|has|have|was|"
                    "were)\\s+(?:(?:now|already)\\s+)?(?:been\\s+)?(?:back|returned|on\\s+(?:its|"
                    "the)\\s+way|in\\s+your\\s+(?:account|card)|arrived)\\b"_s),
            pattern(S, u"en"_s, u"\\b(?:success(?:ful(?:ly)?)?|succeeded)\\b"_s),
            pattern(S, u"en"_s,
                    u"\\bwe(?:'ve|\\s+have)?\\s+(?:(?:already|just|now)\\s+)?(?:refunded|"
                    "credited|returned|reimbursed|paid\\s+back)\\b"_s),
            pattern(S, u"en"_s,
                    u"\\byou(?:'ll|\\s+will|\\s+should)\\s+(?:now\\s+)?(?:see|receive|get)\\s+"
                    "(?:the|your)\\s+(?:money|refund|funds|credits?)\\b"_s),
            pattern(S, u"en"_s,
                    u"\\b(?:credited|added)\\s+to\\s+your\\s+(?:account|balance|card)\\b"_s),
            // Promises are claims too: nobody can promise what nobody knows yet.
            pattern(S, u"en"_s,
                    u"\\b(?:will|'ll)\\s+(?:(?:now|soon)\\s+)?be\\s+(?:refunded|credited|"
                    "returned|reimbursed|paid\\s+back)\\b"_s),
            pattern(S, u"en"_s, u"\\bwent\\s+through\\b"_s),
            pattern(F, u"en"_s,
                    u"\\b(?:failed|failure|declined|rejected|refused|denied|unsuccessful|"
                    "cancell?ed)\\b"_s),
            pattern(F, u"en"_s,
                    u"\\bcould\\s*n(?:o|')t\\s+be\\s+(?:made|processed|completed|refunded|"
                    "credited|returned)\\b"_s),
            pattern(F, u"en"_s,
                    u"\\b(?:cannot|can't|won't|will\\s+not)\\s+be\\s+(?:refunded|credited|"
                    "returned|processed)\\b"_s),
            pattern(F, u"en"_s,
                    u"\\bno\\s+money\\s+(?:has\\s+|was\\s+)?(?:moved|been\\s+(?:moved|taken|"
                    "returned|refunded))\\b"_s),
            pattern(F, u"en"_s, u"\\b(?:did\\s+not|didn't)\\s+go\\s+through\\b"_s),
            // Russian: возвращены, зачислено, вернули, возврат выполнен, успешно; отклонён, отказ.
            pattern(S, u"ru"_s,
                    u"\\b(?:возвращен[аоы]?|вернул[аи]?|вернем|возвратили|зачислен[аоы]?|"
                    "зачислили|перечислен[аоы]?|перечислили|выплачен[аоы]?|выплатили)\\b"_s),
            pattern(S, u"ru"_s, u"\\b(?:выполнен|проведен|одобрен|оформлен)[аоы]?\\b"_s),
            // Credit movements: пополнен, списано, скорректирован (not пополнение, списание).
            pattern(S, u"ru"_s, u"\\b(?:пополнен|списан|скорректирован)[аоы]?\\b"_s),
            pattern(S, u"ru"_s, u"\\bуспешн\\w*"_s),
            pattern(S, u"ru"_s,
                    u"\\bденьги\\s+(?:уже\\s+)?(?:вернулись|поступили|пришли|на\\s+(?:вашем\\s+)?"
                    "(?:счете|карте))\\b"_s),
            pattern(F, u"ru"_s, u"\\bотклон\\w*"_s),
            pattern(F, u"ru"_s, u"\\bотказ\\w*"_s),
            pattern(F, u"ru"_s, u"\\bнеудач\\w*"_s),
            pattern(F, u"ru"_s,
                    u"\\bне\\s+удалось\\s+(?:выполнить|провести|оформить|вернуть|зачислить|"
                    "перечислить|совершить)\\b"_s),
            pattern(F, u"ru"_s, u"\\bне\\s+прош(?:ел|ла|ло|ли)\\b"_s),
            pattern(F, u"ru"_s, u"\\bневозможно\\s+(?:вернуть|выполнить|провести|зачислить)\\b"_s),
            // Ukrainian: повернуто, зараховано, повернули, успішно; відхилено, відмова.
            pattern(S, u"uk"_s,
                    u"\\b(?:повернут[оіаий]?|повернен[оіа]?|повернули|повернемо|зарахован[оіаий]?|"
                    "зарахували|перерахован[оіа]?|перерахували|виплачен[оіа]?|виплатили)\\b"_s),
            pattern(S, u"uk"_s, u"\\b(?:виконан|проведен|схвален|оформлен)[оіа]?\\b"_s),
            pattern(S, u"uk"_s, u"\\b(?:поповнен|списан|скоригован)[оіаий]?\\b"_s),
            pattern(S, u"uk"_s, u"\\bуспішн\\w*"_s),
            pattern(S, u"uk"_s,
                    u"\\bкошти\\s+(?:вже\\s+)?(?:повернулися|надійшли|прийшли|на\\s+(?:вашому\\s+)?"
                    "(?:рахунку|картці))\\b"_s),
            pattern(F, u"uk"_s, u"\\bвідхил\\w*"_s),
            pattern(F, u"uk"_s, u"\\bвідмов\\w*"_s),
            pattern(F, u"uk"_s, u"\\bневдал\\w*|\\bневдач\\w*"_s),
            pattern(F, u"uk"_s,
                    u"\\bне\\s+вдалося\\s+(?:виконати|провести|оформити|повернути|зарахувати|"
                    "переказати|здійснити)\\b"_s),
            pattern(F, u"uk"_s, u"\\bне\\s+пройш(?:ов|ла|ло|ли)\\b"_s),
            pattern(F, u"uk"_s, u"\\bнеможливо\\s+(?:повернути|виконати|провести|зарахувати)\\b"_s),
        };
    }();
    return list;
}

// Claims that the money has *arrived* (rule 11's "completed" / "arrived" / "back on your card"),
// which a confirmed refund still pending at the provider does not support. "Issued", "accepted"
// and "on its way" are not among them: they are what such a refund may say.
const std::vector<Pattern> &arrivalPatterns()
{
    static const std::vector<Pattern> list = [] {
        const Claim S = Claim::Success;
        return std::vector<Pattern>{
            pattern(S, u"en"_s,
                    u"\\b(?:has|have|had|was|were|is|are|been)\\s+(?:(?:now|already|just|"
                    "successfully|fully)\\s+)*(?:been\\s+)?(?:(?:successfully|fully)\\s+)?"
                    "(?:refunded|credited|reimbursed|returned|completed|paid(?:\\s+(?:out|back))?|"
                    "settled|received|deposited|arrived|finali[sz]ed)\\b"_s),
            pattern(S, u"en"_s,
                    u"\\b(?:is|was|are|were|has\\s+been)\\s+(?:now\\s+)?(?:complete|done|"
                    "finished)\\b"_s),
            pattern(S, u"en"_s, u"\\b(?:completed|arrived|landed|cleared)\\b"_s),
            pattern(S, u"en"_s,
                    u"\\bback\\s+(?:on|in|to|into)\\s+your\\s+(?:card|account|balance|bank)\\b"_s),
            pattern(
                S, u"en"_s,
                u"\\b(?:credited|added|returned)\\s+to\\s+your\\s+(?:account|balance|card)\\b"_s),
            pattern(S, u"en"_s,
                    u"\\bwe(?:'ve|\\s+have)?\\s+(?:(?:already|just|now)\\s+)?(?:refunded|"
                    "credited|returned|reimbursed|paid\\s+back)\\b"_s),
            pattern(S, u"en"_s,
                    u"\\byou(?:'ve|\\s+have)\\s+(?:(?:already|now)\\s+)?(?:received|got)\\b"_s),
            pattern(S, u"en"_s,
                    u"\\b(?:money|funds|refund|amount)\\s+(?:is|are|has|have)\\s+(?:(?:now|"
                    "already)\\s+)?(?:been\\s+)?(?:back|received|in\\s+your\\s+account|on\\s+"
                    "your\\s+card)\\b"_s),
            pattern(S, u"ru"_s,
                    u"\\b(?:возвращен[аоы]?|вернули|вернулись|вернулся|зачислен[аоы]?|зачислили|"
                    "поступил[аио]?|пришл[аио]|пришел|завершен[аоы]?|выполнен[аоы]?)\\b"_s),
            pattern(S, u"ru"_s, u"\\bна\\s+ваш(?:ей|ем)\\s+(?:карте|счете|балансе)\\b"_s),
            pattern(S, u"uk"_s,
                    u"\\b(?:повернут[оіаий]?|повернен[оіа]?|повернули|повернулися|повернувся|"
                    "зарахован[оіаий]?|зарахували|надійшл[иао]|надійшов|прийшл[иао]|прийшов|"
                    "завершен[оіаий]?|виконан[оіа]?)\\b"_s),
            pattern(S, u"uk"_s, u"\\bна\\s+(?:вашій\\s+картці|вашому\\s+(?:рахунку|балансі))\\b"_s),
        };
    }();
    return list;
}

// Words that, among the few before a claim in the same clause, negate or hedge it.
const QSet<QString> &hedges()
{
    static const QSet<QString> words = {
        // English
        u"not"_s, u"no"_s, u"never"_s, u"cannot"_s, u"can't"_s, u"isn't"_s, u"aren't"_s,
        u"hasn't"_s, u"haven't"_s, u"wasn't"_s, u"weren't"_s, u"didn't"_s, u"don't"_s, u"doesn't"_s,
        u"won't"_s, u"if"_s, u"when"_s, u"once"_s, u"until"_s, u"unless"_s, u"whether"_s, u"soon"_s,
        u"after"_s, u"before"_s,
        // Russian
        u"не"_s, u"ни"_s, u"нет"_s, u"если"_s, u"когда"_s, u"ли"_s, u"только"_s, u"после"_s,
        // Ukrainian
        u"ні"_s, u"якщо"_s, u"коли"_s, u"щойно"_s, u"чи"_s, u"після"_s};
    return words;
}

constexpr int kHedgeWindow = 4; // words before the claim that can negate it

// A sentence that opens with "if" states a condition, not a fact: "If the bank confirms it, the
// money will be returned." Only "if"-words count here; "when" and "once" also start past-tense
// statements of fact ("When we checked, the money had been returned").
bool conditionalSentence(const QString &text, qsizetype claimStart)
{
    static const QRegularExpression sentenceEnd(u"[.!?\\n]"_s);
    static const QRegularExpression opener(u"^\\s*(?:if|unless|если|якщо)\\b"_s,
                                           QRegularExpression::UseUnicodePropertiesOption);
    const QString before = text.left(claimStart);
    return opener.match(before.mid(before.lastIndexOf(sentenceEnd) + 1)).hasMatch();
}

bool hedged(const QString &text, qsizetype claimStart)
{
    if (conditionalSentence(text, claimStart))
        return true;
    static const QRegularExpression clauseEnd(u"[.,;:!?()\\n—–-]"_s);
    QString before = text.left(claimStart);
    const qsizetype cut = before.lastIndexOf(clauseEnd);
    if (cut >= 0)
        before = before.mid(cut + 1);
    static const QRegularExpression word(u"[\\w']+"_s,
                                         QRegularExpression::UseUnicodePropertiesOption);
    QStringList words;
    for (auto it = word.globalMatch(before); it.hasNext();)
        words << it.next().captured();
    const qsizetype first = std::max<qsizetype>(0, words.size() - kHedgeWindow);
    for (qsizetype i = first; i < words.size(); ++i)
        if (hedges().contains(words.at(i)))
            return true;
    return false;
}

QString describeState(OperationState state)
{
    switch (state) {
    case OperationState::Open:
        return u"is still open: nobody knows yet whether the money moved"_s;
    case OperationState::Unknown:
        return u"is unknown: a person is still checking whether the money moved"_s;
    case OperationState::Succeeded:
        return u"succeeded"_s;
    case OperationState::Failed:
        return u"failed"_s;
    }
    return {};
}

bool forbidden(OperationState state, Claim claim)
{
    switch (state) {
    case OperationState::Open:
    case OperationState::Unknown:
        return true;
    case OperationState::Succeeded:
        return claim == Claim::Failure;
    case OperationState::Failed:
        return claim == Claim::Success;
    }
    return true;
}

} // namespace

QString TruthGuard::normalise(const QString &text)
{
    QString t = text.toLower();
    t.replace(u'ё', u'е');
    for (const QChar apostrophe : {QChar(0x2019), QChar(0x02BC), QChar(0x2018), QChar(u'`')})
        t.replace(apostrophe, u'\'');
    static const QRegularExpression spaces(u"\\s+"_s);
    t.replace(spaces, u" "_s);
    return t.trimmed();
}

namespace {

std::vector<ClaimMatch> matchAll(const std::vector<Pattern> &list, const QString &text)
{
    const QString t = TruthGuard::normalise(text);
    std::vector<std::pair<qsizetype, ClaimMatch>> found;
    for (const Pattern &p : list) {
        for (auto it = p.regex.globalMatch(t); it.hasNext();) {
            const auto m = it.next();
            if (!hedged(t, m.capturedStart()))
                found.push_back({m.capturedStart(), {p.claim, m.captured(), p.language}});
        }
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<ClaimMatch> out;
    for (auto &[at, match] : found)
        out.push_back(std::move(match));
    return out;
}

} // namespace

std::vector<ClaimMatch> TruthGuard::claims(const QString &text)
{
    return matchAll(patterns(), text);
}

std::vector<ClaimMatch> TruthGuard::arrivalClaims(const QString &text)
{
    return matchAll(arrivalPatterns(), text);
}

GuardVerdict TruthGuard::check(OperationState state, const QString &providerStatus,
                               const QString &text)
{
    GuardVerdict v = check(state, text);
    if (!v.allowed || !isPendingAtProvider(state, providerStatus))
        return v;
    const auto arrived = arrivalClaims(text);
    if (arrived.empty())
        return v;
    v.allowed = false;
    v.offending = arrived.front();
    v.reason =
        u"Refused: \u201c%1\u201d says the money has arrived, but the provider still reports "
        "the refund pending. Say it is issued and on its way, not that it is completed."_s.arg(
            v.offending->phrase);
    return v;
}

GuardVerdict TruthGuard::check(OperationState state, const QString &text)
{
    for (const ClaimMatch &m : claims(text)) {
        if (!forbidden(state, m.claim))
            continue;
        GuardVerdict v;
        v.allowed = false;
        v.offending = m;
        const QString what = m.claim == Claim::Success ? u"success"_s : u"failure"_s;
        v.reason = u"Refused: \u201c%1\u201d claims %2, but the operation %3."_s.arg(
            m.phrase, what, describeState(state));
        if (!isFinal(state))
            v.reason += u" Until it is closed, only say that you are checking."_s;
        return v;
    }
    return {};
}

} // namespace ops
