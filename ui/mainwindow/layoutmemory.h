#pragma once

// Per-operator memory of how the main window is laid out: each list's column widths and order
// and the list/detail splitter. Stored in QSettings under "layout/<actor>/…", so two operators
// sharing one desktop account each get their own. A layout saved by an older column set is
// ignored (the version key), never half-applied.

#include <QList>
#include <QString>

class QHeaderView;
class QSplitter;

namespace ops::ui {

class LayoutMemory final
{
public:
    // Bump when the operations table gains, loses or reorders logical columns.
    static constexpr int kVersion = 3; // 3: the Owner column and the Mine list (DESIGN §18)

    explicit LayoutMemory(const QString &actor);

    // Each list's header, named ("operations", "checking", "mine") so each list keeps its own
    // widths.
    using Headers = QList<std::pair<QString, QHeaderView *>>;

    // Reads the splitter and the headers; changes neither.
    void save(const QSplitter *splitter, const Headers &headers) const;
    // Returns whether a saved layout was applied.
    bool restore(QSplitter *splitter, const Headers &headers) const;

private:
    QString key(const QString &name) const;

    QString m_group;
};

} // namespace ops::ui
