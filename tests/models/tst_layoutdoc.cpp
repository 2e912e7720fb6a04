// docs/layout.md and docs/design.md §8 against the CMake files, so neither document drifts from
// the tree (issue 25 item 6). The rules:
//
// layout.md — a folder is *listed* when it is the first cell of a row of the document's table,
// written as its path from the repository root in backticks with a trailing slash, e.g.
// "| `app/core/webhook/` | …". Every folder under app/, models/, ui/, resources/ and tests/ that
// holds a CMakeLists.txt must be listed (tests/node/node_modules, npm's download, is not ours and
// is not walked), and every listed folder must exist.
//
// design.md §8 — the *product libraries* are the targets of add_library(NAME …) in a
// CMakeLists.txt under app/, models/, ui/ or resources/, except INTERFACE, ALIAS and IMPORTED
// ones (the old names ops_models and ops_app, the generated-header target ops_version). The
// suites' own libraries under tests/ (fixtures, the standalone fuzz build, benchmark helpers) are
// not product and are left to layout.md. Each product library has exactly one row of §8's table
// whose library cell (second column) names it and no other ops_ target; the folder cell (first)
// names the folder of the CMakeLists.txt that defines it, as `folder/`; the links cell (last)
// names in backticks exactly the ops_ targets its target_link_libraries() calls name, in any
// scope. A row for a library the product does not define fails too.
//
// Design citations (issue 55) — every "§N" in the tree's sources, suites, scripts and documents
// cites docs/design.md, however it is written ("DESIGN §16", "docs/design.md §10", "design §9",
// a bare "(§10)"), and docs/design.md must have the heading "## §N …". A "§" after an RFC's
// number ("RFC 9110 §11.1") is that standard's and is left alone. The failure names every broken
// citation as file:line.
//
// Storage layers (issue 55) — docs/layout.md "## Storage layers" lists models/storage's folders
// lowest first, siblings on one item. Every folder there is in a layer, and every
// `#include "storage/…"` in it names its own folder or a lower layer.
//
// The console's widgets (issue 55) — ui/ includes its own folders, the item models and domain
// types, and nothing else of ours: every `#include "part/…"` in ui/ names common, dialogs,
// mainwindow, supervisor, widgets, itemmodels or domain; models/itemmodels names only itemmodels
// or domain. So no widget reaches storage, the engines or the network; they read through
// ConsoleReads and write through ConsoleWrites, which app/console implements. And app/console
// sees the window as one ConsoleView: outside main.cpp it includes nothing else of ui/mainwindow
// but the ConsoleRequests the view hands out.
//
// Schema versions (issue 50) — README.md and docs/*.md never write one down ("schema version 12",
// {"schema_version":12}): the number grows with every migration, so a document says that it is
// what `opsctl db migrate` prints, and shows it as N. (Menu paths are checked against the built
// window in tests/ui/tst_consoleactions, documentedMenuPathsExist.)

#include "support/testpaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <functional>

using namespace Qt::StringLiterals;

namespace {

const QStringList kWalkedRoots = {u"app"_s, u"models"_s, u"ui"_s, u"resources"_s, u"tests"_s};
const QStringList kProductRoots = {u"app"_s, u"models"_s, u"ui"_s, u"resources"_s};
// Where design citations are looked for: the folders, and the files at the root.
const QStringList kCitingRoots = {u"app"_s,  u"models"_s,  u"ui"_s,    u"resources"_s, u"tests"_s,
                                  u"docs"_s, u"scripts"_s, u"cmake"_s, u".ci"_s};
const QStringList kCitingRootFiles = {u"README.md"_s, u"CMakeLists.txt"_s, u"CMakePresets.json"_s};
const QStringList kCitingNames = {u"*.cpp"_s, u"*.h"_s,   u"*.md"_s,   u"*.txt"_s,  u"*.cmake"_s,
                                  u"*.sh"_s,  u"*.sql"_s, u"*.json"_s, u"*.mjs"_s,  u"*.js"_s,
                                  u"*.py"_s,  u"*.in"_s,  u"*.ts"_s,   u"*.yaml"_s, u"run"_s};

using ops::test::sourceDir;

QString readText(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

// "app/core/webhook/" for <source>/app/core/webhook/CMakeLists.txt.
QString folderOf(const QString &cmakeFile)
{
    return QDir(sourceDir()).relativeFilePath(QFileInfo(cmakeFile).absolutePath()) + u'/';
}

// Every CMakeLists.txt below the given top-level folders, as paths on disk, sorted.
QStringList cmakeFiles(const QStringList &roots)
{
    QStringList files;
    for (const QString &root : roots) {
        QDirIterator it(sourceDir() + u'/' + root, {u"CMakeLists.txt"_s}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            if (!file.contains(u"/node_modules/"_s))
                files << file;
        }
    }
    files.sort();
    return files;
}

// CMake text without its comments. No CMake file here has a '#' inside a string.
QString withoutComments(const QString &cmake)
{
    static const QRegularExpression comment(u"#[^\n]*"_s);
    return QString(cmake).remove(comment);
}

// A markdown table row's cells, trimmed; "\|" inside a cell is not a separator.
QStringList cells(const QString &line)
{
    static const QRegularExpression separator(u"(?<!\\\\)\\|"_s);
    QStringList parts = line.trimmed().split(separator);
    if (parts.size() < 3)
        return {};
    parts = parts.mid(1, parts.size() - 2);
    for (QString &p : parts)
        p = p.trimmed();
    return parts;
}

// The table rows of a markdown text (header and "---" lines left out).
QList<QStringList> tableRows(const QString &markdown)
{
    QList<QStringList> rows;
    bool header = true;
    for (const QString &line : markdown.split(u'\n')) {
        if (!line.startsWith(u'|')) {
            header = true;
            continue;
        }
        if (header || line.startsWith(u"|---"_s)) {
            header = false;
            continue;
        }
        rows << cells(line);
    }
    return rows;
}

QStringList matches(const QString &text, const QRegularExpression &re)
{
    QStringList out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out << it.next().captured(1);
    return out;
}

// `ops_name` tokens of a markdown cell.
QSet<QString> backtickedTargets(const QString &cell)
{
    static const QRegularExpression re(u"`(ops_[A-Za-z0-9_]+)`"_s);
    const QStringList found = matches(cell, re);
    return {found.begin(), found.end()};
}

struct Library
{
    QString folder;      // "models/storage/"
    QSet<QString> links; // the ops_ targets of its target_link_libraries() calls
};

// The product libraries defined in one CMakeLists.txt (rule above), with their ops_ links.
QMap<QString, Library> librariesIn(const QString &cmakeFile)
{
    static const QRegularExpression addLibrary(u"add_library\\(\\s*([A-Za-z0-9_-]+)([^)]*)\\)"_s);
    static const QRegularExpression opsTarget(u"\\b(ops_[A-Za-z0-9_]+)\\b"_s);
    const QString cmake = withoutComments(readText(cmakeFile));
    QMap<QString, Library> libs;
    for (auto it = addLibrary.globalMatch(cmake); it.hasNext();) {
        const auto m = it.next();
        const QStringList words = m.captured(2).simplified().split(u' ');
        if (words.contains(u"INTERFACE"_s) || words.contains(u"ALIAS"_s) ||
            words.contains(u"IMPORTED"_s))
            continue;
        const QString name = m.captured(1);
        const QRegularExpression link(
            u"target_link_libraries\\(\\s*%1\\s([^)]*)\\)"_s.arg(QRegularExpression::escape(name)));
        Library lib{folderOf(cmakeFile), {}};
        for (const QString &args : matches(cmake, link))
            for (const QString &target : matches(args, opsTarget))
                lib.links.insert(target);
        libs.insert(name, lib);
    }
    return libs;
}

// The files design citations are looked for in, as paths from the repository root, sorted.
QStringList citingFiles()
{
    const QDir source(sourceDir());
    QStringList files = kCitingRootFiles;
    for (const QString &root : kCitingRoots) {
        QDirIterator it(sourceDir() + u'/' + root, kCitingNames, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString file = it.next();
            if (!file.contains(u"/node_modules/"_s))
                files << source.relativeFilePath(file);
        }
    }
    files.sort();
    return files;
}

// The section numbers docs/design.md has a heading for ("## §17 Customer messages…" → 17).
QSet<int> designSections()
{
    static const QRegularExpression heading(u"^## §(\\d+) "_s, QRegularExpression::MultilineOption);
    QSet<int> sections;
    for (const QString &n : matches(readText(sourceDir() + u"/docs/design.md"_s), heading))
        sections.insert(n.toInt());
    return sections;
}

QString sorted(const QSet<QString> &set)
{
    QStringList list(set.begin(), set.end());
    list.sort();
    return list.join(u", "_s);
}

// docs/layout.md "## Storage layers": each numbered item names its folders in backticks before
// " — "; the result maps a folder below models/storage ("" for the root) to its item's number.
QMap<QString, int> storageLayers()
{
    static const QRegularExpression item(u"^(\\d+)\\. (.*?) — "_s);
    static const QRegularExpression folder(u"`models/storage/([^`]*)`"_s);
    const QString doc = readText(sourceDir() + u"/docs/layout.md"_s);
    const qsizetype start = doc.indexOf(u"\n## Storage layers"_s);
    if (start < 0)
        return {};
    const qsizetype end = doc.indexOf(u"\n## "_s, start + 1);
    QMap<QString, int> layers;
    for (const QString &line : doc.mid(start, end < 0 ? -1 : end - start).split(u'\n')) {
        const auto m = item.match(line);
        if (!m.hasMatch())
            continue;
        for (QString name : matches(m.captured(2), folder)) {
            name.chop(name.endsWith(u'/') ? 1 : 0);
            layers.insert(name, m.captured(1).toInt());
        }
    }
    return layers;
}

// Fails the running test when `broken` is not empty: how many, `what` they are, then one a line.
// QFAIL, not QVERIFY2: its message is not cut at 1 KiB. Called last in a test.
void failOnBroken(const QStringList &broken, const QString &what)
{
    if (!broken.isEmpty())
        QFAIL(qPrintable(u"%1 %2:\n"_s.arg(broken.size()).arg(what) + broken.join(u'\n')));
}

// Every `#include "part/…"` under `root` that `refused(included path, including file)` refuses,
// as "file:line: the include line"; the file is relative to `root`.
QStringList includesRefused(const QString &root,
                            const std::function<bool(const QString &, const QString &)> &refused,
                            int *checked)
{
    static const QRegularExpression include(u"^#include \"([a-z]+/[^\"]+)\""_s);
    const QDir dir(sourceDir() + u'/' + root);
    QStringList broken;
    QDirIterator it(dir.path(), {u"*.h"_s, u"*.cpp"_s}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = dir.relativeFilePath(it.next());
        const QStringList lines = readText(dir.filePath(file)).split(u'\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const auto m = include.match(lines.at(i));
            if (!m.hasMatch())
                continue;
            ++*checked;
            if (refused(m.captured(1), file))
                broken << u"%1/%2:%3: %4"_s.arg(root, file).arg(i + 1).arg(lines.at(i));
        }
    }
    return broken;
}

// Every `#include "part/…"` under `root` whose part is not in `allowed`.
QStringList includesOutside(const QString &root, const QSet<QString> &allowed, int *checked)
{
    return includesRefused(
        root,
        [&allowed](const QString &included, const QString &) {
            return !allowed.contains(included.section(u'/', 0, 0));
        },
        checked);
}

// Every `#include "storage/…"` in models/storage that climbs or goes sideways, as
// "file:line: from → to", against `layers` (storageLayers()).
QStringList climbingIncludes(const QMap<QString, int> &layers, int *checked)
{
    static const QRegularExpression include(u"^#include \"storage/(.+)\""_s);
    const QDir storage(sourceDir() + u"/models/storage"_s);
    QStringList broken;
    QDirIterator it(storage.path(), {u"*.h"_s, u"*.cpp"_s}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = storage.relativeFilePath(it.next());
        const QString from = QFileInfo(file).path() == u"."_s ? QString() : QFileInfo(file).path();
        const QStringList lines = readText(storage.filePath(file)).split(u'\n');
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const auto m = include.match(lines.at(i));
            if (!m.hasMatch())
                continue;
            ++*checked;
            const QString target = m.captured(1);
            const QString to = target.contains(u'/') ? target.section(u'/', 0, -2) : QString();
            const QString where = u"models/storage/%1:%2: "_s.arg(file).arg(i + 1);
            if (!layers.contains(from) || !layers.contains(to))
                broken << where +
                              u"folder not in a layer: %1"_s.arg(layers.contains(from) ? to : from);
            else if (from != to && layers.value(to) >= layers.value(from))
                broken << where + u"%1 (layer %2) includes %3 (layer %4)"_s
                                      .arg(from.isEmpty() ? u"storage/"_s : from + u'/')
                                      .arg(layers.value(from))
                                      .arg(target)
                                      .arg(layers.value(to));
        }
    }
    return broken;
}

} // namespace

class TestLayoutDoc : public QObject
{
    Q_OBJECT

private:
    // The folders docs/layout.md lists: first cells of the form `path/`.
    static QStringList listedFolders()
    {
        static const QRegularExpression folderCell(u"^`([^`\\s]+/)`$"_s);
        QStringList folders;
        for (const QStringList &row : tableRows(readText(sourceDir() + u"/docs/layout.md"_s))) {
            const auto m =
                row.isEmpty() ? QRegularExpressionMatch() : folderCell.match(row.first());
            if (m.hasMatch())
                folders << m.captured(1);
        }
        return folders;
    }
    // The rows of docs/design.md §8's table, up to the next section.
    static QList<QStringList> section8Rows()
    {
        const QString design = readText(sourceDir() + u"/docs/design.md"_s);
        const qsizetype start = design.indexOf(u"\n## §8 "_s);
        const qsizetype end = design.indexOf(u"\n## §"_s, start + 1);
        return start < 0 ? QList<QStringList>{} : tableRows(design.mid(start, end - start));
    }
    static QMap<QString, Library> productLibraries()
    {
        QMap<QString, Library> libs;
        for (const QString &file : cmakeFiles(kProductRoots))
            libs.insert(librariesIn(file));
        return libs;
    }

private slots:
    void sourceTreeIsFound()
    {
        QVERIFY2(QFile::exists(sourceDir() + u"/docs/layout.md"_s), qPrintable(sourceDir()));
        QVERIFY(cmakeFiles(kWalkedRoots).size() > 10);
        QVERIFY(productLibraries().size() > 10);
    }
    void everyCMakeFolderIsListed()
    {
        const QStringList listed = listedFolders();
        QVERIFY2(!listed.isEmpty(), "docs/layout.md lists no folder");
        for (const QString &file : cmakeFiles(kWalkedRoots)) {
            const QString folder = folderOf(file);
            QVERIFY2(listed.contains(folder),
                     qPrintable(u"docs/layout.md has no row for `%1` (it has a "
                                "CMakeLists.txt)"_s.arg(folder)));
        }
    }
    void everyListedFolderExists()
    {
        const QStringList listed = listedFolders();
        for (const QString &folder : listed) {
            QVERIFY2(QDir(sourceDir() + u'/' + folder).exists(),
                     qPrintable(u"docs/layout.md lists `%1`, which does not exist"_s.arg(folder)));
            QVERIFY2(listed.count(folder) == 1,
                     qPrintable(u"docs/layout.md lists `%1` twice"_s.arg(folder)));
        }
    }
    void section8NamesEveryProductLibrary()
    {
        const QMap<QString, Library> libs = productLibraries();
        QMap<QString, QStringList> rowOf;
        for (const QStringList &row : section8Rows()) {
            QVERIFY2(row.size() >= 4, qPrintable(u"§8 row too short: "_s + row.join(u" | "_s)));
            const QSet<QString> named = backtickedTargets(row.at(1));
            QVERIFY2(named.size() == 1,
                     qPrintable(u"§8 row must name one library: "_s + row.at(1)));
            const QString name = *named.begin();
            QVERIFY2(
                libs.contains(name),
                qPrintable(u"§8 names `%1`, which no product CMakeLists.txt defines"_s.arg(name)));
            QVERIFY2(!rowOf.contains(name), qPrintable(u"§8 has two rows for `%1`"_s.arg(name)));
            rowOf.insert(name, row);
        }
        for (auto it = libs.cbegin(); it != libs.cend(); ++it)
            QVERIFY2(rowOf.contains(it.key()),
                     qPrintable(u"docs/design.md §8 has no row for `%1` (%2CMakeLists.txt)"_s.arg(
                         it.key(), it->folder)));
    }
    void everyDesignCitationResolves()
    {
        // Group 1: an RFC's number just before the sign; group 2: the section cited.
        static const QRegularExpression citation(u"(RFC\\s*\\d+\\s*)?§\\s?(\\d+)"_s);
        const QSet<int> sections = designSections();
        QVERIFY2(sections.contains(1) && sections.contains(19),
                 "docs/design.md has no headings \"## §1 …\" to \"## §19 …\"");
        const QStringList files = citingFiles();
        QVERIFY(files.size() > 500);
        QStringList broken;
        int cited = 0;
        for (const QString &file : files) {
            const QStringList lines = readText(sourceDir() + u'/' + file).split(u'\n');
            for (qsizetype i = 0; i < lines.size(); ++i) {
                for (auto it = citation.globalMatch(lines.at(i)); it.hasNext();) {
                    const auto m = it.next();
                    if (!m.captured(1).isEmpty())
                        continue;
                    ++cited;
                    if (!sections.contains(m.captured(2).toInt()))
                        broken << u"%1:%2 cites §%3: %4"_s.arg(file).arg(i + 1).arg(
                            m.captured(2), lines.at(i).trimmed());
                }
            }
        }
        QVERIFY2(cited > 100, "no design citation found: is the source tree walked?");
        failOnBroken(broken,
                     u"citation(s) of a section docs/design.md has no \"## §N …\" heading for"_s);
    }
    void storageIncludesPointDown()
    {
        const QMap<QString, int> layers = storageLayers();
        QVERIFY2(layers.size() >= 7 && layers.contains(QString()) && layers.contains(u"db"_s),
                 "docs/layout.md has no \"## Storage layers\" list naming models/storage/ and its "
                 "folders");
        const QDir storage(sourceDir() + u"/models/storage"_s);
        for (const QString &sub : storage.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            QVERIFY2(layers.contains(sub),
                     qPrintable(
                         u"models/storage/%1/ is in no storage layer (docs/layout.md)"_s.arg(sub)));
        int checked = 0;
        const QStringList broken = climbingIncludes(layers, &checked);
        QVERIFY2(checked > 200, "no storage include found: is the source tree walked?");
        failOnBroken(broken, u"include(s) in models/storage climb a layer or cross to a sibling"_s);
    }
    void uiIncludesItemModelsAndDomainOnly()
    {
        int checked = 0;
        const QSet<QString> models{u"itemmodels"_s, u"domain"_s};
        QSet<QString> ui = models;
        ui.unite({u"common"_s, u"dialogs"_s, u"mainwindow"_s, u"supervisor"_s, u"widgets"_s});
        const QStringList broken = includesOutside(u"ui"_s, ui, &checked) +
                                   includesOutside(u"models/itemmodels"_s, models, &checked);
        QVERIFY2(checked > 150, "no include found in ui/: is the source tree walked?");
        failOnBroken(
            broken,
            u"include(s) in ui/ or models/itemmodels reach past the item models and domain types"_s);
    }
    // The console's controllers see the window as one ConsoleView (issue 55): in app/console
    // only main.cpp, which builds the window, includes more of ui/mainwindow than consoleview.h
    // and the requests it hands out (consolerequests.h).
    void consoleSeesTheWindowAsOneView()
    {
        int checked = 0;
        const QStringList broken = includesRefused(
            u"app/console"_s,
            [](const QString &included, const QString &file) {
                static const QStringList view{u"mainwindow/consoleview.h"_s,
                                              u"mainwindow/consolerequests.h"_s};
                return included.startsWith(u"mainwindow/"_s) && !view.contains(included) &&
                       file != u"main.cpp"_s;
            },
            &checked);
        QVERIFY2(checked > 50, "no include found in app/console: is the source tree walked?");
        failOnBroken(
            broken,
            u"include(s) in app/console reach past ConsoleView into the window's presenters"_s);
    }
    void noDocumentWritesDownASchemaVersion()
    {
        static const QRegularExpression version(u"schema[ _]version\"?\\s*[:=]?\\s*\\d"_s,
                                                QRegularExpression::CaseInsensitiveOption);
        QStringList files{sourceDir() + u"/README.md"_s};
        QDirIterator docs(sourceDir() + u"/docs"_s, {u"*.md"_s}, QDir::Files);
        while (docs.hasNext())
            files << docs.next();
        QVERIFY(files.size() > 10);
        for (const QString &file : files) {
            const QStringList lines = readText(file).split(u'\n');
            for (qsizetype i = 0; i < lines.size(); ++i)
                QVERIFY2(!version.match(lines.at(i)).hasMatch(),
                         qPrintable(u"%1:%2 writes a schema version down (say it is what `opsctl "
                                    "db migrate` prints): %3"_s.arg(QFileInfo(file).fileName())
                                        .arg(i + 1)
                                        .arg(lines.at(i).trimmed())));
        }
    }
    void section8FoldersAndLinksMatchTheCMakeFiles()
    {
        const QMap<QString, Library> libs = productLibraries();
        for (const QStringList &row : section8Rows()) {
            const QSet<QString> named = backtickedTargets(row.value(1));
            if (named.size() != 1 || !libs.contains(*named.begin()))
                continue; // section8NamesEveryProductLibrary reports it
            const QString name = *named.begin();
            const Library &lib = libs.value(name);
            QVERIFY2(row.first().contains(u'`' + lib.folder + u'`'),
                     qPrintable(u"§8: `%1` is defined in `%2`, the row says %3"_s.arg(
                         name, lib.folder, row.first())));
            const QString documented = sorted(backtickedTargets(row.last()));
            const QString linked = sorted(lib.links);
            QVERIFY2(
                documented == linked,
                qPrintable(u"§8: the row of `%1` names [%2] as links, its "
                           "target_link_libraries() names [%3]"_s.arg(name, documented, linked)));
        }
    }
};

QTEST_GUILESS_MAIN(TestLayoutDoc)
#include "tst_layoutdoc.moc"
