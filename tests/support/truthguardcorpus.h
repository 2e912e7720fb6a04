#pragma once

// The truth guard's corpus, tests/data/truthguard/{en,ru,uk}.tsv (docs/design.md rule 11): one
// phrasing per line with its class and the verdict expected on a row in each of four states.
// Read by tst_truthguardcorpus (the guard itself) and tst_checkreply (the guard through MCP).

#include "domain/operation.h"
#include "support/testpaths.h"

#include <QFile>
#include <QList>
#include <QMap>
#include <QStringList>

namespace ops::test::truthguard {

using namespace Qt::StringLiterals;

inline const QStringList &languages()
{
    static const QStringList l = {u"en"_s, u"ru"_s, u"uk"_s};
    return l;
}

// The corpus's verdict columns, in file order, and the row each one stands for.
struct RowState
{
    QString name;
    int column = 0; // index into Entry::expected
    OperationState state = OperationState::Open;
    QString providerStatus;
};

inline const QList<RowState> &rowStates()
{
    static const QList<RowState> s = {
        {u"open"_s, 0, OperationState::Open, {}},
        {u"unknown"_s, 0, OperationState::Unknown, {}},
        {u"succeeded+pending"_s, 1, OperationState::Succeeded, u"pending"_s},
        {u"succeeded"_s, 2, OperationState::Succeeded, u"succeeded"_s},
        {u"failed"_s, 3, OperationState::Failed, {}},
    };
    return s;
}

inline const QStringList &classes()
{
    static const QStringList c = {u"success"_s, u"arrived"_s, u"failure"_s, u"promise"_s,
                                  u"honest"_s};
    return c;
}

struct Entry
{
    int line = 0;
    QString cls;
    QList<bool> expected; // allowed? per verdict column
    QString text;
};

struct Corpus
{
    QList<Entry> entries;
    QString error;
};

inline Corpus load(const QString &language)
{
    Corpus c;
    QFile file(ops::test::sourceDir() + u"/tests/data/truthguard/%1.tsv"_s.arg(language));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) {
        c.error = file.fileName() + u": "_s + file.errorString();
        return c;
    }
    int line = 0;
    while (!file.atEnd()) {
        ++line;
        const QString raw = QString::fromUtf8(file.readLine()).chopped(1);
        if (raw.isEmpty() || raw.startsWith(u'#') || raw.startsWith(u"class\t"_s))
            continue;
        const QStringList f = raw.split(u'\t');
        Entry e{line, f.value(0), {}, f.value(5)};
        for (int i = 1; i <= 4; ++i) {
            if (f.value(i) != u"pass"_s && f.value(i) != u"refuse"_s)
                c.error += u"line %1: verdict '%2' is neither pass nor refuse\n"_s.arg(line).arg(
                    f.value(i));
            e.expected << (f.value(i) == u"pass"_s);
        }
        if (f.size() != 6 || !classes().contains(e.cls) || e.text.trimmed().isEmpty())
            c.error += u"line %1: want class, four verdicts and a text\n"_s.arg(line);
        c.entries << e;
    }
    return c;
}

inline const Corpus &corpus(const QString &language)
{
    static QMap<QString, Corpus> loaded;
    if (!loaded.contains(language))
        loaded.insert(language, load(language));
    return loaded[language];
}

} // namespace ops::test::truthguard
