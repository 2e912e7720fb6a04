#include "domain/truthguard.h"

#include "domain/truthguardtable.h"

#include <QRegularExpression>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// Sentence and clause ends (an ellipsis ends both; "-" also splits "top-up", which is harmless).
const QString kSentenceEnds = u".!?\n\u2026"_s;
const QString kClauseEnds = u".,;:!?()\n\u2014\u2013-\u2026"_s;

qsizetype lastOf(const QString &text, const QString &chars)
{
    for (qsizetype i = text.size() - 1; i >= 0; --i)
        if (chars.contains(text.at(i)))
            return i;
    return -1;
}

qsizetype firstOf(const QString &text, qsizetype from, const QString &chars)
{
    for (qsizetype i = from; i < text.size(); ++i)
        if (chars.contains(text.at(i)))
            return i;
    return -1;
}

QString sentenceBefore(const QString &text, qsizetype at)
{
    const QString before = text.left(at);
    return before.mid(lastOf(before, kSentenceEnds) + 1);
}

QString clauseBefore(const QString &text, qsizetype at)
{
    const QString before = text.left(at);
    return before.mid(lastOf(before, kClauseEnds) + 1);
}

// The rest of the match's clause, after it.
QString clauseAfter(const QString &text, const QRegularExpressionMatch &m)
{
    const qsizetype end = firstOf(text, m.capturedEnd(), kClauseEnds);
    return text.mid(m.capturedEnd(), end < 0 ? -1 : end - m.capturedEnd());
}

QStringList words(const QString &text)
{
    static const QRegularExpression word(u"[\\w']+"_s,
                                         QRegularExpression::UseUnicodePropertiesOption);
    QStringList out;
    for (auto it = word.globalMatch(text); it.hasNext();)
        out << it.next().captured();
    return out;
}

bool anyIn(const QStringList &list, const QSet<QString> &set)
{
    return std::any_of(list.begin(), list.end(), [&](const QString &w) { return set.contains(w); });
}

QStringList lastWords(const QString &text, int n)
{
    const QStringList all = words(text);
    return all.mid(std::max<qsizetype>(0, all.size() - n));
}

// Whether the match is not a claim in its context: a sentence opening with "if" (or, for a
// promise, "once"/"when"), a negation or hedge among the few words before it in its clause, a
// clause that ends in a question mark or carries a question particle right after it, or — for a
// negation — "yet"/"still"/"пока"/"поки" in its clause, which makes it "not yet" (rule 11's
// "not confirmed yet") rather than a failure.
bool hedged(const TruthGuardTable &t, const QString &text, const QRegularExpressionMatch &m,
            const GuardPattern &p)
{
    const qsizetype start = m.capturedStart();
    const QString sentence = sentenceBefore(text, start);
    if (t.conditionalOpener.match(sentence).hasMatch())
        return true;
    if (p.future && t.temporalOpener.match(sentence).hasMatch())
        return true;
    const QString before = clauseBefore(text, start);
    if (anyIn(lastWords(before, t.hedgeWindow), t.hedges))
        return true;
    const qsizetype end = firstOf(text, m.capturedEnd(), kClauseEnds);
    if (end >= 0 && text.at(end) == u'?')
        return true;
    const QString after = clauseAfter(text, m);
    if (anyIn(words(after).mid(0, 2), t.postHedges))
        return true;
    if (!p.notYetExempt)
        return false;
    return t.notYet.match(before).hasMatch() || t.notYet.match(m.captured()).hasMatch() ||
           t.notYet.match(after).hasMatch();
}

QString fold(const TruthGuardTable &t, const QString &word)
{
    int latin = 0;
    int cyrillic = 0;
    for (const QChar c : word) {
        latin += c.script() == QChar::Script_Latin;
        cyrillic += c.script() == QChar::Script_Cyrillic;
    }
    if (latin == 0 || cyrillic == 0)
        return word;
    const QHash<QChar, QChar> &map = cyrillic >= latin ? t.latinToCyrillic : t.cyrillicToLatin;
    QString out = word;
    for (QChar &c : out)
        c = map.value(c, c);
    return out;
}

QString normaliseWith(const TruthGuardTable &t, const QString &text)
{
    QString s = text.toLower();
    s.replace(u'ё', u'е');
    for (const QChar apostrophe : {QChar(0x2019), QChar(0x02BC), QChar(0x2018), QChar(u'`')})
        s.replace(apostrophe, u'\'');
    static const QRegularExpression invisible(u"[\\x{200B}-\\x{200D}\\x{FEFF}\\x{00AD}]"_s);
    s.remove(invisible);
    static const QRegularExpression spaces(u"\\s+"_s,
                                           QRegularExpression::UseUnicodePropertiesOption);
    s.replace(spaces, u" "_s);
    s = s.trimmed();
    static const QRegularExpression word(u"\\w+"_s, QRegularExpression::UseUnicodePropertiesOption);
    QString out;
    qsizetype done = 0;
    for (auto it = word.globalMatch(s); it.hasNext();) {
        const auto m = it.next();
        out += s.mid(done, m.capturedStart() - done) + fold(t, m.captured());
        done = m.capturedEnd();
    }
    return out + s.mid(done);
}

// An arrival claim put in the future by a word just before or after it in its clause: "will be
// back on your card", "деньги у вас точно будут".
bool putInTheFuture(const TruthGuardTable &t, const QString &text, const QRegularExpressionMatch &m)
{
    if (anyIn(lastWords(clauseBefore(text, m.capturedStart()), t.hedgeWindow), t.futureHedges))
        return true;
    return anyIn(words(clauseAfter(text, m)).mid(0, 2), t.futureHedges);
}

// Claims in `text`; with `arrivalOnly`, only arrival claims not put in the future ("will be").
std::vector<ClaimMatch> matchAll(const TruthGuardTable &t, const QString &text, bool arrivalOnly)
{
    const QString s = normaliseWith(t, text);
    std::vector<std::pair<qsizetype, ClaimMatch>> found;
    for (const GuardPattern &p : t.patterns) {
        if (arrivalOnly && !p.arrival)
            continue;
        for (auto it = p.regex.globalMatch(s); it.hasNext();) {
            const auto m = it.next();
            if (hedged(t, s, m, p))
                continue;
            if (arrivalOnly && putInTheFuture(t, s, m))
                continue;
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

// The first sentence that names the money without saying it is still being checked: no
// checking word, no hedge (negations aside: "the refund will not happen" is no hedge), no "not
// yet" word, no question, no conditional or temporal opener. Rule 11 lets an open or unknown row
// say only "checking" or "not confirmed yet"; such a sentence is neither, so it is refused.
std::optional<QString> doubtfulSentence(const TruthGuardTable &t, const QString &text)
{
    static const QRegularExpression sentence(
        u"(?:[^.!?\\n\u2026]|[.!?\u2026](?!\\s|$))+[.!?\\n\u2026]*"_s,
        QRegularExpression::UseUnicodePropertiesOption);
    const QString s = normaliseWith(t, text);
    for (auto it = sentence.globalMatch(s); it.hasNext();) {
        const QString one = it.next().captured();
        if (one.contains(u'?') || !t.moneyWords.match(one).hasMatch())
            continue;
        if (t.checkingWords.match(one).hasMatch() || t.notYet.match(one).hasMatch() ||
            t.conditionalOpener.match(one).hasMatch() || t.temporalOpener.match(one).hasMatch())
            continue;
        const QStringList w = words(one);
        if (std::any_of(w.begin(), w.end(), [&](const QString &x) {
                return t.hedges.contains(x) && !t.doubtIgnores.contains(x);
            }))
            continue;
        return one.trimmed();
    }
    return std::nullopt;
}

QString stateKey(OperationState state)
{
    switch (state) {
    case OperationState::Open:
    case OperationState::AwaitingApproval: // not sent yet: to a customer, still being decided
        return u"open"_s;
    case OperationState::Unknown:
        return u"unknown"_s;
    case OperationState::Succeeded:
        return u"succeeded"_s;
    case OperationState::Failed:
        return u"failed"_s;
    }
    return u"unknown"_s;
}

bool forbidden(OperationState state, Claim claim)
{
    switch (state) {
    case OperationState::Open:
    case OperationState::Unknown:
    case OperationState::AwaitingApproval:
        return true;
    case OperationState::Succeeded:
        return claim == Claim::Failure;
    case OperationState::Failed:
        return claim == Claim::Success;
    }
    return true;
}

GuardVerdict refusedFor(const TruthGuardTable &t, OperationState state, const ClaimMatch &m,
                        const QString &language)
{
    GuardVerdict v;
    v.allowed = false;
    v.offending = m;
    const QString what =
        t.reason(language, m.claim == Claim::Success ? u"success"_s : u"failure"_s);
    v.reason =
        t.reason(language, u"claim"_s).arg(m.phrase, what, t.reason(language, stateKey(state)));
    if (!isFinal(state))
        v.reason += t.reason(language, u"untilClosed"_s);
    return v;
}

} // namespace

QString TruthGuard::normalise(const QString &text)
{
    return normaliseWith(TruthGuardTable::shipped(), text);
}

std::vector<ClaimMatch> TruthGuard::claims(const QString &text)
{
    return matchAll(TruthGuardTable::shipped(), text, false);
}

std::vector<ClaimMatch> TruthGuard::arrivalClaims(const QString &text)
{
    return matchAll(TruthGuardTable::shipped(), text, true);
}

QString TruthGuard::tableError()
{
    return TruthGuardTable::shipped().error;
}

GuardVerdict TruthGuard::check(OperationState state, const QString &text)
{
    return check(TruthGuardTable::shipped(), state, QString(), text, u"en"_s);
}

GuardVerdict TruthGuard::check(OperationState state, const QString &providerStatus,
                               const QString &text)
{
    return check(TruthGuardTable::shipped(), state, providerStatus, text, u"en"_s);
}

GuardVerdict TruthGuard::check(OperationState state, const QString &providerStatus,
                               const QString &text, const QString &language)
{
    return check(TruthGuardTable::shipped(), state, providerStatus, text, language);
}

GuardVerdict TruthGuard::check(const TruthGuardTable &table, OperationState state,
                               const QString &providerStatus, const QString &text,
                               const QString &language)
{
    if (!table.error.isEmpty()) {
        GuardVerdict v;
        v.allowed = false;
        v.reason = u"Refused: the truth guard's phrase table cannot be used (%1), so no text "
                   "can be checked."_s.arg(table.error);
        return v;
    }
    for (const ClaimMatch &m : matchAll(table, text, false))
        if (forbidden(state, m.claim))
            return refusedFor(table, state, m, language);
    if (!isFinal(state))
        if (const auto doubt = doubtfulSentence(table, text)) {
            GuardVerdict v;
            v.allowed = false;
            v.offending = ClaimMatch{Claim::Doubt, *doubt, language};
            v.reason = table.reason(language, u"doubt"_s)
                           .arg(*doubt, table.reason(language, stateKey(state)));
            return v;
        }
    if (!isPendingAtProvider(state, providerStatus))
        return {};
    const auto arrived = matchAll(table, text, true);
    if (arrived.empty())
        return {};
    GuardVerdict v;
    v.allowed = false;
    v.offending = arrived.front();
    v.reason = table.reason(language, u"arrival"_s).arg(v.offending->phrase);
    return v;
}

} // namespace ops
