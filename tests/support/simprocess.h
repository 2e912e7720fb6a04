#pragma once

// Runs provider-sim as a child process for a test and drives its admin API (/_sim/…) over
// loopback. Usage:
//
//   ops::test::SimProcess sim(ops::test::providerSimPath(),
//                             ops::test::SimProcess::demoSeedPath(ops::test::sourceDir()));
//   QVERIFY2(sim.start(), qPrintable(sim.error()));
//   sim.addFault({{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
//   ... point the client at sim.baseUrl() ...
//   QCOMPARE(sim.ledger()["movements"].size(), 1u);
//
// Admin calls block (no event loop needed). A failed admin call returns a discarded json and
// sets error(). The destructor terminates the process (kills it after 3 s).

#include "support/rawhttp.h"

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>
#include <QUrl>
#include <memory>
#include <nlohmann/json.hpp>

namespace ops::test {

class SimProcess
{
public:
    // executable: path of provider-sim (tests get it as test::providerSimPath()).
    // seedFile: passed as --seed when not empty.
    explicit SimProcess(QString executable, QString seedFile = {});
    ~SimProcess();
    SimProcess(const SimProcess &) = delete;
    SimProcess &operator=(const SimProcess &) = delete;

    // resources/sim/demo-seed.json under the source tree (tests get it as test::sourceDir()).
    static QString demoSeedPath(const QString &sourceDir);

    // Starts the process and waits (10 s) for "provider-sim listening on http://HOST:PORT".
    bool start(const QStringList &extraArgs = {});
    void stop();
    bool isRunning() const;

    QString error() const { return m_error; }
    QUrl baseUrl() const { return m_baseUrl; }
    // The system environment with opsctl pointed at this simulator as Stripe (test key, 2 s
    // attempt timeout) and no OPS_OPERATOR: an agent's call.
    QProcessEnvironment stripeEnvironment() const;
    // `env` with opsctl pointed at this simulator as Adyen too: the demo seed's key and its
    // merchant account, NorthwindECOM.
    QProcessEnvironment withAdyen(QProcessEnvironment env) const;
    quint16 port() const { return m_port; }
    QString firstLine() const { return m_firstLine; }
    QProcess *process() const { return m_process.get(); }

    // Blocking loopback request to the simulator (any route). Admin helpers below use it.
    HttpReply request(const QByteArray &method, const QString &pathAndQuery,
                      const QByteArray &body = {}, const HeaderList &headers = {},
                      int timeoutMs = 10000) const;
    // JSON in, JSON out; a null body sends no body. Non-2xx or transport failure sets error()
    // and returns the parsed error body (or a discarded json).
    nlohmann::json admin(const QByteArray &method, const QString &path,
                         const nlohmann::json &body = nullptr);

    void seed(const nlohmann::json &seed);
    void addFault(const nlohmann::json &rule);
    void clearFaults();
    void advanceClock(qint64 seconds);
    void reset();
    nlohmann::json ledger();
    nlohmann::json requests();
    // Requests the simulator saw (admin routes are not logged), and of them its POSTs.
    int requestCount();
    int postCount();
    // Refunds the simulator made: Stripe's ledger and Adyen's received refunds.
    int refundsMade();
    nlohmann::json messages();
    nlohmann::json faultStats();

private:
    QString m_executable;
    QString m_seedFile;
    std::unique_ptr<QProcess> m_process;
    QString m_error;
    QString m_firstLine;
    QUrl m_baseUrl;
    quint16 m_port = 0;
};

} // namespace ops::test
