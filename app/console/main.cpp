// opsconsole [--db PATH|URL] [--operator NAME] [--screenshot FILE] [--size WxH] [--demo] — the
// operator console. --demo starts the bundled provider-sim and opens a demo database it builds in a
// temporary folder (demorunner.h). In team mode the operator is the PostgreSQL login: a typed
// name (--operator, OPS_OPERATOR) that is someone else is refused before any window or write.
// With --demo, SIGTERM and SIGINT close the console as its window would (demoStopWatch below).

#include "cli/opsctl.h"
#include "common/language.h"
#include "config/engineenv.h"
#include "console/consoleagents.h"
#include "console/consoleconnections.h"
#include "console/consolecontroller.h"
#include "console/demorunner.h"
#include "console/sessionreads.h"
#include "dialogs/firstrundialog.h"
#include "dialogs/openfaileddialog.h"
#include "domain/dblocation.h"
#include "domain/storeerror.h"
#include "httpserve/signalwatch.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/screenfit.h"
#include "opsversion.h"
#include "storage/access/accessstore.h"
#include "storage/readonlysession.h"
#include "storage/session.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QRegularExpression>
#include <QTextStream>
#include <QUuid>
#include <memory>
#include <optional>

using namespace Qt::StringLiterals;

namespace {

bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

bool wantsScreenshot(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "--screenshot") == 0 || qstrncmp(argv[i], "--screenshot=", 13) == 0)
            return true;
    }
    return false;
}

// --help and --version print text and exit: they need no display either.
bool wantsTextOnly(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        for (const char *flag : {"--help", "-h", "--version", "-v"}) {
            if (qstrcmp(argv[i], flag) == 0)
                return true;
        }
    }
    return false;
}

// The name the person typed (--operator, then OPS_OPERATOR); empty when they typed none.
QString typedOperator(const QCommandLineParser &args)
{
    if (args.isSet(u"operator"_s))
        return args.value(u"operator"_s);
    return qEnvironmentVariable("OPS_OPERATOR");
}

QString operatorName(const QCommandLineParser &args)
{
    if (const QString typed = typedOperator(args); !typed.isEmpty())
        return typed;
    const QString user = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    return user.isEmpty() ? u"operator"_s : user;
}

// The operator this console acts as (identity.h): an authenticated person's login, else the
// name typed (or the OS user). nullopt, after saying why on `err`, when the typed name is
// someone other than the login.
std::optional<QString> actingOperator(const ops::Identity &me, const QCommandLineParser &args,
                                      const QString &name, QTextStream &err)
{
    if (const auto allowed = me.mayActAs(typedOperator(args)); !allowed) {
        err << "opsconsole: " << allowed.error() << Qt::endl;
        return std::nullopt;
    }
    return me.operatorFor(name);
}

// Opens `location`; when it cannot be opened, says where and why and lets the person pick
// another file (on a display) or exits (a screenshot run has nobody to ask).
std::unique_ptr<ops::Session> openSession(QString location, const ops::Clock &clock,
                                          bool interactive, QTextStream &err)
{
    for (;;) {
        try {
            return std::make_unique<ops::Session>(location, clock);
        } catch (const ops::StoreError &e) {
            err << "opsconsole: " << e.message() << Qt::endl;
            if (!interactive)
                return nullptr;
            ops::ui::OpenFailedDialog dialog(location, e.message());
            if (dialog.exec() != QDialog::Accepted)
                return nullptr;
            location = dialog.chosenPath();
        }
    }
}

// --db, else OPS_DB, else the team database saved in Tools → Connections, else the embedded
// file (databaseLocation). A saved password file that cannot be used is said on stderr and, for
// a person at the desk, in the dialog that offers another database; nullopt: give up.
std::optional<QString> startLocation(const QString &given, bool interactive, QTextStream &err)
{
    const auto location = ops::databaseLocation(given);
    if (location)
        return *location;
    err << "opsconsole: " << location.error() << Qt::endl;
    if (!interactive)
        return std::nullopt;
    ops::ui::OpenFailedDialog dialog(u"the team database saved in Tools → Connections"_s,
                                     location.error());
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    return dialog.chosenPath();
}

// "1024x700" → the window's size; nullopt for anything else (each side 320–10000 pixels).
std::optional<QSize> parseSize(const QString &text)
{
    static const QRegularExpression form(u"^([0-9]{3,5})x([0-9]{3,5})$"_s);
    const QRegularExpressionMatch m = form.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    const QSize size(m.captured(1).toInt(), m.captured(2).toInt());
    const auto inRange = [](int side) {
        return side >= 320 && side <= 10000;
    };
    if (!inRange(size.width()) || !inRange(size.height()))
        return std::nullopt;
    return size;
}

// A window cannot be smaller than its layout's minimum: Qt then draws it larger than asked,
// past the screen's edge. Said on stderr, so a --size run shows what does not fit.
void warnWhenLarger(const QWidget &window, const std::optional<QSize> &asked, QTextStream &err)
{
    if (!asked)
        return;
    const QSize drawn = window.size();
    if (drawn.width() <= asked->width() && drawn.height() <= asked->height())
        return;
    err << "opsconsole: the window does not fit " << asked->width() << 'x' << asked->height()
        << ": it needs " << drawn.width() << 'x' << drawn.height() << Qt::endl;
}

int writeScreenshot(ops::ui::MainWindow &window, const QString &path,
                    const std::optional<QSize> &size, QTextStream &err)
{
    window.detailArea()->pane()->showTab(ops::ui::DetailPane::AttemptsTab);
    window.show();
    QApplication::processEvents();
    warnWhenLarger(window, size, err);
    if (!window.grab().save(path, "PNG")) {
        err << "opsconsole: cannot write the screenshot to " << path << Qt::endl;
        return 1;
    }
    QTextStream(stdout) << "opsconsole: screenshot written to " << path << Qt::endl;
    return 0;
}

// --demo: SIGTERM and SIGINT end the console the way closing its window does, so the event loop
// returns, the destructors run and DemoRunner stops provider-sim and removes the temporary
// folder (without this the default action kills the console and leaves both behind). It reuses
// the servers' self-pipe (httpserve/signalwatch.h); the signal is acted on in the event loop.
// The console then exits 0, as `opsctl serve` and `opsctl reconcile` do on these signals: the
// stop was asked for and done cleanly. A signal that arrives before the event loop runs (while
// the story is built) sets `asked`, which main() checks before it opens the window.
std::unique_ptr<ops::SignalWatch> demoStopWatch(bool &asked)
{
    return std::make_unique<ops::SignalWatch>([&asked] {
        asked = true;
        QCoreApplication::exit(0);
    });
}

// True when a stop signal has arrived; its byte is read by processing the pending events.
bool stopAsked(const bool &asked)
{
    QCoreApplication::processEvents();
    return asked;
}

} // namespace

int main(int argc, char **argv)
{
    QTextStream err(stderr);
    if (!hasDisplay()) {
        if (!wantsScreenshot(argc, argv) && !wantsTextOnly(argc, argv)) {
            err << "opsconsole: no display (DISPLAY and WAYLAND_DISPLAY are unset). Run on a "
                   "desktop, or use --screenshot FILE to render the window to a PNG."
                << Qt::endl;
            return 2;
        }
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(u"opsconsole"_s);
    QApplication::setApplicationVersion(QString::fromLatin1(ops::kVersion));
    QCommandLineParser args;
    args.setApplicationDescription(u"Operator console for refund and credit operations"_s);
    args.addHelpOption();
    args.addVersionOption();
    args.addOption({u"db"_s,
                    u"SQLite database file or postgresql://user@host:port/db (default: $OPS_DB, "
                    "then the team database saved in Tools → Connections, then %1)"_s.arg(
                        ops::DbLocation::defaultLocation()),
                    u"PATH|URL"_s});
    args.addOption({u"operator"_s,
                    u"Your name in the audit trail (default: $OPS_OPERATOR, then "
                    "the OS user)"_s,
                    u"NAME"_s});
    args.addOption(
        {u"screenshot"_s, u"Render the window after loading into a PNG and exit"_s, u"FILE"_s});
    args.addOption({u"size"_s,
                    u"Open the window at this size, e.g. 1024x700 (with --screenshot, the PNG's "
                    "size; a window that cannot shrink that far is reported on stderr)"_s,
                    u"WxH"_s});
    args.addOption({u"demo"_s,
                    u"Start the bundled provider-sim and open a demo database built in a "
                    "temporary folder (both go away on exit)"_s});
    args.addOption({u"language"_s,
                    u"Show the console in this language: en, ru or uk (default: Settings, then "
                    "the system language)"_s,
                    u"CODE"_s});
    args.process(app);
    // Before the first window: every widget is built in the chosen language.
    const QString stored =
        args.isSet(u"language"_s) ? args.value(u"language"_s) : ops::ui::storedLanguage();
    if (!stored.isEmpty() && !ops::ui::supportedLanguages().contains(stored)) {
        err << "opsconsole: --language must be one of en, ru, uk" << Qt::endl;
        return 2;
    }
    ops::ui::applyLanguage(ops::ui::effectiveLanguage(stored, QLocale::system()),
                           ops::ui::localeFor(stored, QLocale::system()));

    std::optional<QSize> size;
    if (args.isSet(u"size"_s) && !(size = parseSize(args.value(u"size"_s)))) {
        err << "opsconsole: --size must be WIDTHxHEIGHT in pixels, each 320-10000, e.g. 1024x700"
            << Qt::endl;
        return 2;
    }
    const QString name = operatorName(args);
    static const QRegularExpression valid(u"^[A-Za-z0-9_.@-]{1,64}$"_s);
    if (!valid.match(name).hasMatch()) {
        err << "opsconsole: --operator must be 1-64 letters, digits or _ . @ -" << Qt::endl;
        return 2;
    }
    const bool screenshot = args.isSet(u"screenshot"_s);
    QString location;
    // Outlives the demo, so a signal during its clean-up does not cut the clean-up short.
    bool signalled = false;
    std::unique_ptr<ops::SignalWatch> stopWatch;
    // Stops the simulator after the window is gone.
    ops::console::DemoRunner demo(ops::cli::runOpsctl);
    if (args.isSet(u"demo"_s)) {
        if (args.isSet(u"db"_s)) {
            err << "opsconsole: --demo builds its own database; leave out --db" << Qt::endl;
            return 2;
        }
        stopWatch = demoStopWatch(signalled);
        QTextStream log(stdout);
        if (const QString failed = demo.start(name, log); !failed.isEmpty()) {
            err << "opsconsole: --demo: " << failed << Qt::endl;
            return 1;
        }
        if (stopAsked(signalled))
            return 0;
        location = demo.databasePath();
    } else if (const auto chosen = startLocation(args.value(u"db"_s), !screenshot, err)) {
        location = *chosen;
    } else {
        return 2;
    }
    ops::SystemClock clock;
    auto session = openSession(location, clock, !screenshot, err);
    if (!session)
        return 2;
    location = session->location();
    // From here the console's own connection only reads: every write is a job on a connection
    // of its own (console/consolewriter.h), so a write never waits on the UI thread.
    ops::keepReadOnly(*session, u"the console window writes through its jobs"_s);
    // Before any window or write: a typed name that is not the login ends the console here.
    ops::Identity me;
    try {
        me = session->access().identity();
    } catch (const ops::StoreError &e) {
        err << "opsconsole: " << e.message() << Qt::endl;
        return 1;
    }
    const auto acting = actingOperator(me, args, name, err);
    if (!acting)
        return 2;
    const QString actor = u"operator:"_s + *acting;
    if (!screenshot && session->isFresh()) {
        ops::console::ConsoleWriter writes(location, clock);
        ops::ui::FirstRunDialog first(location, actor, writes);
        first.exec();
    }
    const QString holder = actor + u"#"_s + QUuid::createUuid().toString(QUuid::Id128).left(12);
    ops::ui::MainWindow window(ops::console::readsOf(*session), actor, holder);
    ops::console::ConsoleController controller(
        window, ops::console::jobConfigFromEnvironment(location), clock);
    ops::console::ConsoleConnections connections(window, controller, location, demo.simulatorUrl());
    ops::console::ConsoleAgents agents(window, *session, controller.writer());
    // A PNG is no window on a screen: without --size it is rendered at the preferred size, not
    // at the size the screen it is not shown on would allow.
    if (size)
        window.resize(*size);
    else if (screenshot)
        window.resize(ops::ui::kPreferredWindowSize);
    if (screenshot)
        return writeScreenshot(window, args.value(u"screenshot"_s), size, err);
    window.startLiveRefresh();
    window.show();
    warnWhenLarger(window, size, err);
    if (stopWatch) {
        if (stopAsked(signalled))
            return 0;
        QTextStream(stdout) << "demo: ready; closing the console (or SIGTERM, SIGINT) stops "
                               "provider-sim and removes the folder"
                            << Qt::endl;
    }
    return app.exec();
}
