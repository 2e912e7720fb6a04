#include "cli/streamtap.h"

using namespace Qt::StringLiterals;

namespace ops::cli {

StreamTap::StreamTap(QTextStream &target)
    : m_target(target)
{
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

QString StreamTap::firstLine() const
{
    const QStringList lines = QString::fromUtf8(m_kept).split(u'\n');
    for (QString line : lines) {
        line = line.trimmed();
        if (line.startsWith(u"opsctl: "_s))
            line = line.mid(8);
        if (!line.isEmpty())
            return line;
    }
    return {};
}

qint64 StreamTap::writeData(const char *data, qint64 size)
{
    // QTextStream hands over whole encoded characters, so each chunk decodes on its own.
    m_target << QString::fromUtf8(data, size);
    m_target.flush();
    if (m_kept.size() < kKeptBytes)
        m_kept.append(data, qMin<qint64>(size, kKeptBytes - m_kept.size()));
    m_bytes += size;
    return size;
}

} // namespace ops::cli
