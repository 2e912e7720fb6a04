#include "domain/truthguardtable.h"

#include "domain/domainlogging.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <tuple>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// Every language must give every reason, so no refusal falls back to an empty string.
const QStringList &reasonKeys()
{
    static const QStringList keys = {u"claim"_s,   u"success"_s,   u"failure"_s, u"open"_s,
                                     u"unknown"_s, u"succeeded"_s, u"failed"_s,  u"untilClosed"_s,
                                     u"arrival"_s, u"doubt"_s};
    return keys;
}

QRegularExpression compiled(const QString &source)
{
    return QRegularExpression(source, QRegularExpression::UseUnicodePropertiesOption);
}

void addWords(QSet<QString> *set, const QJsonValue &list)
{
    for (const QJsonValue &w : list.toArray())
        set->insert(w.toString());
}

// One alternation of the sources in `key` over all languages, or an error.
QString alternation(const QJsonObject &languages, const QString &key, const QString &prefix,
                    QRegularExpression *out)
{
    QStringList parts;
    for (auto it = languages.begin(); it != languages.end(); ++it)
        for (const QJsonValue &v : it.value().toObject().value(key).toArray())
            parts << v.toString();
    if (parts.isEmpty()) {
        *out = QRegularExpression(u"(?!)"_s); // matches nothing
        return {};
    }
    *out = compiled(prefix + u"(?:"_s + parts.join(u'|') + u")"_s);
    return out->isValid() ? QString() : u"%1: %2"_s.arg(key, out->errorString());
}

QString parsePatterns(const QString &code, const QJsonArray &list, TruthGuardTable *t)
{
    for (const QJsonValue &v : list) {
        const QJsonObject o = v.toObject();
        const QString claim = o.value(u"claim"_s).toString();
        if (claim != u"success"_s && claim != u"failure"_s)
            return u"%1: claim must be success or failure, not '%2'"_s.arg(code, claim);
        GuardPattern p;
        p.claim = claim == u"success"_s ? Claim::Success : Claim::Failure;
        p.language = code;
        p.regex = compiled(o.value(u"regex"_s).toString());
        if (p.regex.pattern().isEmpty() || !p.regex.isValid())
            return u"%1: pattern '%2' does not compile: %3"_s.arg(code, p.regex.pattern(),
                                                                  p.regex.errorString());
        p.arrival = o.value(u"arrival"_s).toBool();
        p.future = o.value(u"future"_s).toBool();
        p.notYetExempt = o.value(u"notYetExempt"_s).toBool();
        t->patterns.push_back(std::move(p));
    }
    return {};
}

QString parseLanguage(const QString &code, const QJsonObject &lang, TruthGuardTable *t)
{
    if (const QString e = parsePatterns(code, lang.value(u"patterns"_s).toArray(), t); !e.isEmpty())
        return e;
    addWords(&t->hedges, lang.value(u"hedges"_s));
    addWords(&t->futureHedges, lang.value(u"futureHedges"_s));
    addWords(&t->postHedges, lang.value(u"postHedges"_s));
    const QJsonObject reasons = lang.value(u"reasons"_s).toObject();
    for (const QString &key : reasonKeys()) {
        const QString text = reasons.value(key).toString();
        if (text.isEmpty())
            return u"%1: reason '%2' is missing"_s.arg(code, key);
        t->reasons[code].insert(key, text);
    }
    return {};
}

QString parseInto(const QByteArray &json, TruthGuardTable *t)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &parseError);
    if (!doc.isObject())
        return u"not a JSON object (%1)"_s.arg(parseError.errorString());
    const QJsonObject root = doc.object();
    t->hedgeWindow = root.value(u"hedgeWindow"_s).toInt(4);
    addWords(&t->doubtIgnores, root.value(u"doubtIgnores"_s));
    const QJsonObject look = root.value(u"lookalikes"_s).toObject();
    for (auto it = look.begin(); it != look.end(); ++it) {
        const QString cyr = it.value().toString();
        if (it.key().size() != 1 || cyr.size() != 1)
            return u"lookalike '%1' must map one letter to one letter"_s.arg(it.key());
        t->latinToCyrillic.insert(it.key().at(0), cyr.at(0));
        t->cyrillicToLatin.insert(cyr.at(0), it.key().at(0));
    }
    const QJsonObject languages = root.value(u"languages"_s).toObject();
    if (!languages.contains(u"en"_s))
        return u"the English table is missing"_s;
    for (auto it = languages.begin(); it != languages.end(); ++it)
        if (const QString e = parseLanguage(it.key(), it.value().toObject(), t); !e.isEmpty())
            return e;
    for (const auto &[key, prefix, out] :
         {std::tuple{u"notYet"_s, QString(), &t->notYet},
          std::tuple{u"conditionalOpeners"_s, u"^\\s*"_s, &t->conditionalOpener},
          std::tuple{u"temporalOpeners"_s, u"^\\s*"_s, &t->temporalOpener},
          std::tuple{u"moneyWords"_s, QString(), &t->moneyWords},
          std::tuple{u"checkingWords"_s, QString(), &t->checkingWords}})
        if (const QString e = alternation(languages, key, prefix, out); !e.isEmpty())
            return e;
    return {};
}

} // namespace

QString TruthGuardTable::reason(const QString &language, const QString &key) const
{
    const auto lang = reasons.constFind(language);
    if (lang != reasons.cend() && lang->contains(key))
        return lang->value(key);
    return reasons.value(u"en"_s).value(key);
}

TruthGuardTable TruthGuardTable::parse(const QByteArray &json)
{
    TruthGuardTable t;
    t.error = parseInto(json, &t);
    if (!t.error.isEmpty())
        t.patterns.clear(); // a half-read table must not look usable
    return t;
}

const TruthGuardTable &TruthGuardTable::shipped()
{
    static const TruthGuardTable table = [] {
        QFile file(u":/truthguard/patterns.json"_s);
        if (!file.open(QIODevice::ReadOnly)) {
            TruthGuardTable missing;
            missing.error = u"the resource :/truthguard/patterns.json is missing"_s;
            qCCritical(lcDomain) << "truth guard:" << missing.error;
            return missing;
        }
        TruthGuardTable t = parse(file.readAll());
        if (!t.error.isEmpty())
            qCCritical(lcDomain) << "truth guard table unusable:" << t.error;
        return t;
    }();
    return table;
}

} // namespace ops
