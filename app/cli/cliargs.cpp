#include "cli/cliargs.h"

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

std::optional<std::pair<QHostAddress, quint16>>
parseListen(const QString &text, bool allowNonLoopback, const QString &option, QString *error)
{
    const qsizetype colon = text.lastIndexOf(u':');
    bool portOk = false;
    const uint port = colon > 0 ? text.mid(colon + 1).toUInt(&portOk) : 0;
    QString host = colon > 0 ? text.left(colon) : QString();
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    const QHostAddress address(host == u"localhost"_s ? u"127.0.0.1"_s : host);
    if (!portOk || port > 65535 || address.isNull()) {
        *error = u"%1 needs HOST:PORT with an IP address, e.g. 127.0.0.1:0"_s.arg(option);
        return std::nullopt;
    }
    if (!address.isLoopback() && !allowNonLoopback) {
        *error = u"%1 %2 is not loopback; add --allow-non-loopback to mean it"_s.arg(option, text);
        return std::nullopt;
    }
    return std::pair{address, quint16(port)};
}

std::optional<int> parseConnectionCount(const QString &text, const QString &option, QString *error)
{
    bool ok = false;
    const int n = text.toInt(&ok);
    if (!ok || n < 1 || n > 256) {
        *error =
            u"%1 must be a whole number of connections from 1 to 256, not '%2'"_s.arg(option, text);
        return std::nullopt;
    }
    return n;
}

} // namespace ops::cli
