#include "mainwindow/layoutmemory.h"

#include <QHeaderView>
#include <QSettings>
#include <QSplitter>
#include <QUrl>

using namespace Qt::StringLiterals;

namespace ops::ui {

LayoutMemory::LayoutMemory(const QString &actor)
    // Percent-encoded: an actor holds ':' and may hold '/', which QSettings reads as groups.
    : m_group(u"layout/"_s + QString::fromLatin1(QUrl::toPercentEncoding(actor)))
{}

QString LayoutMemory::key(const QString &name) const
{
    return m_group + u'/' + name;
}

void LayoutMemory::save(const QSplitter *splitter, const Headers &headers) const
{
    QSettings settings;
    settings.setValue(key(u"version"_s), kVersion);
    settings.setValue(key(u"splitter"_s), splitter->saveState());
    for (const auto &[name, header] : headers)
        settings.setValue(key(name), header->saveState());
}

bool LayoutMemory::restore(QSplitter *splitter, const Headers &headers) const
{
    const QSettings settings;
    if (settings.value(key(u"version"_s)).toInt() != kVersion)
        return false;
    splitter->restoreState(settings.value(key(u"splitter"_s)).toByteArray());
    for (const auto &[name, header] : headers)
        header->restoreState(settings.value(key(name)).toByteArray());
    return true;
}

} // namespace ops::ui
