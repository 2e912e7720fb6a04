#pragma once

// A QIODevice that forwards every write to another QTextStream and remembers what passed:
// runOpsctl puts one in front of stdout and stderr to tell whether a command printed a result,
// and which reason it gave, so a --json caller always gets a JSON object on stdout.

#include <QIODevice>
#include <QTextStream>

namespace ops::cli {

class StreamTap final : public QIODevice
{
public:
    explicit StreamTap(QTextStream &target);

    qint64 bytesSeen() const { return m_bytes; }
    // The first non-empty line that passed, without opsctl's "opsctl: " prefix.
    QString firstLine() const;

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override;

private:
    static constexpr qsizetype kKeptBytes = 4096; // enough for the reason; the rest is usage

    QTextStream &m_target;
    QByteArray m_kept;
    qint64 m_bytes = 0;
};

} // namespace ops::cli
