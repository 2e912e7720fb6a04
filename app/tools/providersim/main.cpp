// provider-sim — a Stripe- and Slen-compatible provider with fault injection, a controllable
// clock and a ledger, for the demo, training and tests. Contract: docs/design.md §9 and
// app/tools/providersim/README.md.
//
//   provider-sim [--listen HOST:PORT] [--seed FILE] [--allow-non-loopback] [--fault-seed N]
//                [--tls-listen HOST:PORT --tls-cert PEM --tls-key PEM]
//                [--smtp-listen HOST:PORT [--smtp-cert PEM --smtp-key PEM]]
//   provider-sim --version | --help
//
// The first stdout line is exactly "provider-sim listening on http://HOST:PORT" (flushed), so
// a parent process can read the port; with --tls-listen a second line "provider-sim listening
// on https://HOST:PORT" follows. Both listeners serve the same routes and state (the official
// Adyen client speaks only HTTPS). With --smtp-listen the alert sinks' SMTP server listens too
// (STARTTLS with --smtp-cert/--smtp-key) and a last line "provider-sim listening on
// smtp://HOST:PORT" follows. Exit 2: usage, bad seed, unreadable certificate or key, refused or
// failed bind.

#include "opsversion.h"
#include "providersim/alertsinks/alertsinks.h"
#include "providersim/simrouter.h"
#include "providersim/simserver.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>
#include <QHostAddress>
#include <QHostInfo>
#include <cstdio>
#include <variant>

namespace {

struct ListenAddress
{
    QHostAddress host;
    quint16 port = 0;
};

int fail(const QString &message)
{
    std::fprintf(stderr, "provider-sim: %s\n", qPrintable(message));
    return 2;
}

// "127.0.0.1:8080", "localhost:0", "[::1]:9000", "0.0.0.0:8080".
std::optional<ListenAddress> parseListen(const QString &text)
{
    const qsizetype colon = text.lastIndexOf(u':');
    if (colon <= 0)
        return std::nullopt;
    QString host = text.left(colon);
    if (host.startsWith(u'[') && host.endsWith(u']'))
        host = host.mid(1, host.size() - 2);
    bool ok = false;
    const uint port = text.mid(colon + 1).toUInt(&ok);
    if (!ok || port > 65535)
        return std::nullopt;
    ListenAddress a;
    a.port = quint16(port);
    if (host == QLatin1String("localhost"))
        a.host = QHostAddress(QHostAddress::LocalHost);
    else if (!a.host.setAddress(host))
        return std::nullopt;
    return a;
}

std::optional<QString> loadSeedFile(ops::sim::SimRouter &router, const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QStringLiteral("cannot read seed file %1: %2").arg(path, file.errorString());
    const auto seed = nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
    if (seed.is_discarded())
        return QStringLiteral("seed file %1 is not valid JSON").arg(path);
    if (const auto error = router.applySeed(seed))
        return QStringLiteral("seed file %1: %2").arg(path, *error);
    return std::nullopt;
}

// The address to listen on, or why not.
std::variant<ListenAddress, QString> checkedListen(const QString &text, bool allowNonLoopback)
{
    const auto listen = parseListen(text);
    if (!listen)
        return QStringLiteral("expects HOST:PORT with a numeric address, got '%1'").arg(text);
    if (!listen->host.isLoopback() && !allowNonLoopback)
        return QStringLiteral("refusing to listen on non-loopback address %1; pass "
                              "--allow-non-loopback to expose the simulator")
            .arg(listen->host.toString());
    return *listen;
}

QString urlHost(const QHostAddress &address)
{
    const QString s = address.toString();
    return address.protocol() == QAbstractSocket::IPv6Protocol ? u'[' + s + u']' : s;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("provider-sim"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Stripe-, Slen- and Adyen-compatible provider simulator with fault "
                       "injection."));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption listenOption(
        QStringLiteral("listen"), QStringLiteral("Address to listen on (default 127.0.0.1:0)."),
        QStringLiteral("HOST:PORT"), QStringLiteral("127.0.0.1:0"));
    const QCommandLineOption seedOption(QStringLiteral("seed"),
                                        QStringLiteral("JSON seed file (api keys, charges, "
                                                       "customers, flows)."),
                                        QStringLiteral("FILE"));
    const QCommandLineOption allowOption(
        QStringLiteral("allow-non-loopback"),
        QStringLiteral("Allow listening on a non-loopback address (admin routes stay "
                       "loopback-only)."));
    const QCommandLineOption faultSeedOption(QStringLiteral("fault-seed"),
                                             QStringLiteral("Seed of the fault random source."),
                                             QStringLiteral("N"));
    const QCommandLineOption tlsListenOption(
        QStringLiteral("tls-listen"),
        QStringLiteral("Also serve HTTPS here (needs --tls-cert and --tls-key)."),
        QStringLiteral("HOST:PORT"));
    const QCommandLineOption tlsCertOption(QStringLiteral("tls-cert"),
                                           QStringLiteral("PEM certificate of the HTTPS listener."),
                                           QStringLiteral("PEM"));
    const QCommandLineOption tlsKeyOption(QStringLiteral("tls-key"),
                                          QStringLiteral("PEM private key of the HTTPS listener "
                                                         "(unencrypted)."),
                                          QStringLiteral("PEM"));
    const QCommandLineOption smtpListenOption(
        QStringLiteral("smtp-listen"),
        QStringLiteral("Also run the alert sinks' SMTP server here (STARTTLS with --smtp-cert and "
                       "--smtp-key)."),
        QStringLiteral("HOST:PORT"));
    const QCommandLineOption smtpCertOption(QStringLiteral("smtp-cert"),
                                            QStringLiteral("PEM certificate for SMTP STARTTLS."),
                                            QStringLiteral("PEM"));
    const QCommandLineOption smtpKeyOption(QStringLiteral("smtp-key"),
                                           QStringLiteral("PEM private key for SMTP STARTTLS."),
                                           QStringLiteral("PEM"));
    parser.addOptions({listenOption, seedOption, allowOption, faultSeedOption, tlsListenOption,
                       tlsCertOption, tlsKeyOption, smtpListenOption, smtpCertOption,
                       smtpKeyOption});
    if (!parser.parse(QCoreApplication::arguments()))
        return fail(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    if (parser.isSet(QStringLiteral("version"))) {
        std::printf("provider-sim %s\n", ops::kVersion);
        return 0;
    }
    if (!parser.positionalArguments().isEmpty())
        return fail(QStringLiteral("unexpected argument: ") + parser.positionalArguments().first());

    const auto checked = checkedListen(parser.value(listenOption), parser.isSet(allowOption));
    if (const auto *error = std::get_if<QString>(&checked))
        return fail(QStringLiteral("--listen ") + *error);
    const ListenAddress *listen = &std::get<ListenAddress>(checked);
    std::optional<ListenAddress> tlsListen;
    const bool tlsFiles = parser.isSet(tlsCertOption) || parser.isSet(tlsKeyOption);
    if (parser.isSet(tlsListenOption)) {
        const auto tls = checkedListen(parser.value(tlsListenOption), parser.isSet(allowOption));
        if (const auto *error = std::get_if<QString>(&tls))
            return fail(QStringLiteral("--tls-listen ") + *error);
        tlsListen = std::get<ListenAddress>(tls);
        if (!parser.isSet(tlsCertOption) || !parser.isSet(tlsKeyOption))
            return fail(QStringLiteral("--tls-listen needs --tls-cert and --tls-key"));
    } else if (tlsFiles) {
        return fail(QStringLiteral("--tls-cert and --tls-key go with --tls-listen"));
    }

    std::optional<ListenAddress> smtpListen;
    if (parser.isSet(smtpListenOption)) {
        const auto smtp = checkedListen(parser.value(smtpListenOption), parser.isSet(allowOption));
        if (const auto *error = std::get_if<QString>(&smtp))
            return fail(QStringLiteral("--smtp-listen ") + *error);
        smtpListen = std::get<ListenAddress>(smtp);
    }
    if (parser.isSet(smtpCertOption) != parser.isSet(smtpKeyOption) ||
        (parser.isSet(smtpCertOption) && !smtpListen))
        return fail(QStringLiteral("--smtp-cert and --smtp-key go together, with --smtp-listen"));

    ops::sim::SimRouter router;
    if (parser.isSet(faultSeedOption)) {
        bool ok = false;
        const quint64 seed = parser.value(faultSeedOption).toULongLong(&ok);
        if (!ok)
            return fail(QStringLiteral("--fault-seed expects a non-negative integer"));
        router.setStartupFaultSeed(seed);
    }
    if (parser.isSet(seedOption)) {
        if (const auto error = loadSeedFile(router, parser.value(seedOption)))
            return fail(*error);
    }

    const auto dispatch = [&router](ops::sim::SimRequest request,
                                    ops::sim::ReplyChannelPtr channel) {
        router.dispatch(std::move(request), std::move(channel));
    };
    ops::sim::SimServer server(dispatch);
    ops::sim::SimServer tlsServer(dispatch);
    if (tlsListen) {
        const QString tlsError =
            tlsServer.useTls(parser.value(tlsCertOption), parser.value(tlsKeyOption));
        if (!tlsError.isEmpty())
            return fail(tlsError);
    }
    const quint16 port = server.listen(listen->host, listen->port);
    if (port == 0)
        return fail(QStringLiteral("cannot listen on %1:%2")
                        .arg(listen->host.toString())
                        .arg(listen->port));
    const quint16 tlsPort = tlsListen ? tlsServer.listen(tlsListen->host, tlsListen->port) : 0;
    if (tlsListen && tlsPort == 0)
        return fail(QStringLiteral("cannot listen on %1:%2")
                        .arg(tlsListen->host.toString())
                        .arg(tlsListen->port));
    ops::sim::SmtpSink &smtp = router.alerts().smtp();
    if (parser.isSet(smtpCertOption)) {
        const QString smtpError =
            smtp.useTls(parser.value(smtpCertOption), parser.value(smtpKeyOption));
        if (!smtpError.isEmpty())
            return fail(smtpError);
    }
    const quint16 smtpPort = smtpListen ? smtp.listenOn(smtpListen->host, smtpListen->port) : 0;
    if (smtpListen && smtpPort == 0)
        return fail(QStringLiteral("cannot listen on %1:%2")
                        .arg(smtpListen->host.toString())
                        .arg(smtpListen->port));
    std::printf("provider-sim listening on http://%s:%u\n", qPrintable(urlHost(listen->host)),
                unsigned(port));
    if (tlsListen)
        std::printf("provider-sim listening on https://%s:%u\n",
                    qPrintable(urlHost(tlsListen->host)), unsigned(tlsPort));
    if (smtpListen)
        std::printf("provider-sim listening on smtp://%s:%u\n",
                    qPrintable(urlHost(smtpListen->host)), unsigned(smtpPort));
    std::fflush(stdout);
    return app.exec();
}
