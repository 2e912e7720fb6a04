#include "cliargs.h"

using namespace Qt::StringLiterals;

namespace ops::cli {

std::optional<CliArgs> CliArgs::parse(const QStringList &args, const QSet<QString> &valued,
                                      const QSet<QString> &flags, QString *error)
{
    CliArgs out;
    for (qsizetype i = 0; i < args.size(); ++i) {
        const QString &a = args.at(i);
        if (!a.startsWith(u"--"_s)) {
            out.m_positionals.append(a);
            continue;
        }
        QString name = a.mid(2);
        QString inlineValue;
        const qsizetype eq = name.indexOf(u'=');
        const bool hasInline = eq >= 0;
        if (hasInline) {
            inlineValue = name.mid(eq + 1);
            name.truncate(eq);
        }
        if (flags.contains(name) && !hasInline) {
            out.m_flags.insert(name);
            continue;
        }
        if (!valued.contains(name)) {
            *error = u"unknown option --%1"_s.arg(name);
            return std::nullopt;
        }
        if (out.m_values.contains(name)) {
            *error = u"option --%1 given twice"_s.arg(name);
            return std::nullopt;
        }
        if (!hasInline && i + 1 >= args.size()) {
            *error = u"option --%1 needs a value"_s.arg(name);
            return std::nullopt;
        }
        out.m_values.insert(name, hasInline ? inlineValue : args.at(++i));
    }
    return out;
}

} // namespace ops::cli
