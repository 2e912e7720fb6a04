#pragma once

// The truth guard's phrase table (docs/design.md rule 11) as data: every language's claim
// patterns, the words that hedge or negate a claim, and the refusal reasons in each message
// language. The shipped table is resources/truthguard/patterns.json, compiled in as
// :/truthguard/patterns.json and loaded once; tests may parse their own.

#include "domain/truthguard.h"

#include <QByteArray>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QString>
#include <vector>

namespace ops {

struct GuardPattern
{
    Claim claim = Claim::Success;
    QString language;
    QRegularExpression regex;
    bool arrival = false;      // says the money has arrived: refused while pending at the provider
    bool future = false;       // a promise: a sentence opening with "once"/"when" hedges it
    bool notYetExempt = false; // a negation that "yet"/"пока"/"поки" turns into "not yet"
};

struct TruthGuardTable
{
    std::vector<GuardPattern> patterns;
    QSet<QString> hedges;       // among the few words before a claim in its clause: no claim
    QSet<QString> futureHedges; // the same, for arrival claims only ("will be back on your card")
    QSet<QString> postHedges;   // right after a claim: a question ("прошёл ли")
    QRegularExpression notYet;
    QRegularExpression moneyWords;        // a sentence that names the money ...
    QRegularExpression checkingWords;     // ... must also say it is being checked, while open
    QSet<QString> doubtIgnores;           // hedges that do not count as "checking" ("not", "не")
    QRegularExpression conditionalOpener; // a sentence opening with it states no fact
    QRegularExpression temporalOpener;    // the same for promises only
    QHash<QChar, QChar> latinToCyrillic;
    QHash<QChar, QChar> cyrillicToLatin;
    int hedgeWindow = 4;
    QHash<QString, QHash<QString, QString>> reasons; // language → key → text
    QString error; // why the table cannot be used; empty when it can

    // The reason `key` in `language`, falling back to English.
    QString reason(const QString &language, const QString &key) const;

    // Parses a table; on any defect `error` says what (and the guard refuses everything).
    static TruthGuardTable parse(const QByteArray &json);
    // The shipped table, loaded once from the Qt resource; read-only, safe from any thread.
    static const TruthGuardTable &shipped();
};

} // namespace ops
