#include "cli/cliargs.h"

using namespace Qt::StringLiterals;

namespace ops::cli {

Result<CliArgs> CliArgs::parse(const QStringList &args, const QSet<QString> &valued,
                               const QSet<QString> &flags)
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
        if (!valued.contains(name))
            return Failure{u"unknown option --%1"_s.arg(name)};
        if (out.m_values.contains(name))
            return Failure{u"option --%1 given twice"_s.arg(name)};
        if (!hasInline && i + 1 >= args.size())
            return Failure{u"option --%1 needs a value"_s.arg(name)};
        out.m_values.insert(name, hasInline ? inlineValue : args.at(++i));
    }
    return out;
}

Result<std::pair<QHostAddress, quint16>> parseListen(const QString &text, bool allowNonLoopback,
                                                     const QString &option)
{
    const qsizetype colon = text.lastIndexOf(u':');
    bool portOk = false;
    const uint port = colon > 0 ? text.mid(colon + 1).toUInt(&portOk) : 0;
    QString host = colon > 0 ? text.left(colon) : QString();
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    const QHostAddress address(host == u"localhost"_s ? u"127.0.0.1"_s : host);
    if (!portOk || port > 65535 || address.isNull())
        return Failure{u"%1 needs HOST:PORT with an IP address, e.g. 127.0.0.1:0"_s.arg(option)};
    if (!address.isLoopback() && !allowNonLoopback)
        return Failure{
            u"%1 %2 is not loopback; add --allow-non-loopback to mean it"_s.arg(option, text)};
    return std::pair<QHostAddress, quint16>{address, quint16(port)};
}

Result<int> parseConnectionCount(const QString &text, const QString &option)
{
    bool ok = false;
    const int n = text.toInt(&ok);
    if (!ok || n < 1 || n > 256)
        return Failure{u"%1 must be a whole number of connections from 1 to 256, not '%2'"_s.arg(
            option, text)};
    return n;
}

} // namespace ops::cli
