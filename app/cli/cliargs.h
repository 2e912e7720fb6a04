#pragma once

// A small, strict parser for "--name value" options and bare positionals. Unknown options and
// missing values are errors: a typo must never turn into a default.

#include <QHash>
#include <QSet>
#include <QStringList>
#include <optional>

namespace ops::cli {

class CliArgs
{
public:
    // valued: options that take a value; flags: options that do not.
    static std::optional<CliArgs> parse(const QStringList &args, const QSet<QString> &valued,
                                        const QSet<QString> &flags, QString *error);

    bool has(const QString &name) const
    {
        return m_values.contains(name) || m_flags.contains(name);
    }
    QString value(const QString &name, const QString &fallback = {}) const
    {
        return m_values.value(name, fallback);
    }
    const QStringList &positionals() const { return m_positionals; }

private:
    QHash<QString, QString> m_values;
    QSet<QString> m_flags;
    QStringList m_positionals;
};

} // namespace ops::cli
