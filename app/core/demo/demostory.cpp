#include "demo/demostory.h"

#include "demo/demoreceiver.h"
#include "transport/httptransport.h"

#include <QFile>
#include <QScopeGuard>
#include <QUrl>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

constexpr std::chrono::milliseconds kAdminTimeout{5000};
constexpr std::chrono::milliseconds kNotificationWait{15000};
// The demo simulator's Adyen merchant account and HMAC key (hex): test values, never a real key.
const QString kDemoMerchant = u"NorthwindECOM"_s;
constexpr char kDemoAdyenHmacKey[] =
    "4e6f72746877696e642064656d6f20484d41432c206e6f742061206b65792121";

class Story
{
public:
    explicit Story(const DemoStoryInput &input)
        : m_in(input)
    {}

    // One admin call to the simulator; false and m_error set when it did not answer 2xx.
    bool admin(const QByteArray &method, const QString &path, const QByteArray &body = {})
    {
        HttpRequest r;
        r.method = method;
        r.url = QUrl(m_in.simUrl + path);
        r.body = body;
        if (!body.isEmpty())
            r.headers = {{"Content-Type", "application/json"}};
        const HttpResponse answer = m_transport.send(r, kAdminTimeout);
        m_lastBody = answer.body;
        if (answer.status >= 200 && answer.status < 300)
            return true;
        if (m_error.isEmpty()) // the first failure is the story's: a clean-up keeps it
            m_error = u"provider-sim %1 %2 answered %3 %4"_s.arg(
                QString::fromLatin1(method), path, QString::number(answer.status),
                answer.status == 0 ? answer.errorText : QString::fromUtf8(answer.body.left(200)));
        return false;
    }
    // The last admin call's answer body.
    nlohmann::json lastJson() const
    {
        return nlohmann::json::parse(m_lastBody.toStdString(), nullptr, false);
    }
    bool fault(const char *json) { return admin("POST", u"/_sim/faults"_s, json); }
    bool clearFaults() { return admin("DELETE", u"/_sim/faults"_s); }

    // An opsctl command on the demo database as the demo's person; its output is not needed
    // (the console shows the rows). `mustSucceed`: a non-zero exit stops the story.
    bool opsctl(const QStringList &args, bool mustSucceed = true)
    {
        QString out;
        QString err;
        QTextStream o(&out);
        QTextStream e(&err);
        const int code = m_in.opsctl(
            QStringList{u"--db"_s, m_in.dbLocation, u"--operator"_s, m_in.operatorName} + args, o,
            e);
        if (code == 0 || !mustSucceed)
            return true;
        m_error = u"opsctl %1 exited %2: %3"_s.arg(args.join(u' ')).arg(code).arg(err.trimmed());
        return false;
    }
    bool refund(const QString &order, const QString &charge, int amount, const QString &toolCall,
                const QString &currency = u"usd"_s)
    {
        return opsctl({u"refund"_s, u"--order"_s, order, u"--charge"_s, charge, u"--amount"_s,
                       QString::number(amount), u"--currency"_s, currency, u"--tool-call"_s,
                       toolCall});
    }
    // `opsctl events import`: the provider's events so far go through the same EventApplier as
    // the webhook receiver's. False unless it completed and applied at least `applied` events.
    bool importEvents(int applied)
    {
        QString out;
        QString err;
        QTextStream o(&out);
        QTextStream e(&err);
        const int code = m_in.opsctl({u"--db"_s, m_in.dbLocation, u"--operator"_s,
                                      m_in.operatorName, u"events"_s, u"import"_s, u"--json"_s},
                                     o, e);
        o.flush();
        const auto report = nlohmann::json::parse(out.toStdString(), nullptr, false);
        if (code == 0 && report.is_object() && report.value("applied", 0) >= applied)
            return true;
        m_error =
            u"opsctl events import exited %1: %2 %3"_s.arg(code).arg(out.trimmed(), err.trimmed());
        return false;
    }

    bool adyenRefund(const QString &order, const QString &payment, int amount,
                     const QString &currency, const QString &toolCall)
    {
        return opsctl({u"refund"_s, u"--order"_s, order, u"--adyen-payment"_s, payment,
                       u"--amount"_s, QString::number(amount), u"--currency"_s, currency,
                       u"--tool-call"_s, toolCall});
    }
    // Settles by hand the simulator's Adyen refund of `payment`, which then notifies.
    bool settleAdyenRefundOf(const QString &payment)
    {
        if (!admin("GET", u"/_sim/adyen/refunds"_s))
            return false;
        const nlohmann::json listed = lastJson();
        for (const auto &refund : listed.value("refunds", nlohmann::json::array())) {
            if (refund.value("paymentPspReference", "") != payment.toStdString())
                continue;
            const QString psp = QString::fromStdString(refund.value("pspReference", ""));
            return admin("POST", u"/_sim/adyen/refunds/%1/settle"_s.arg(psp),
                         R"({"success":true})");
        }
        m_error = u"provider-sim holds no Adyen refund of %1"_s.arg(payment);
        return false;
    }
    bool fail(const QString &error)
    {
        m_error = error;
        return false;
    }

    QString error() const { return m_error; }
    const DemoStoryInput &input() const { return m_in; }

private:
    const DemoStoryInput &m_in;
    QtHttpTransport m_transport;
    QString m_error;
    QByteArray m_lastBody;
};

QByteArray demoSeed()
{
    QFile f(u":/demo/demo-seed.json"_s);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool refunds(Story &s)
{
    // Confirmed after a hang: the provider applied it, the retry got the stored answer.
    return s.fault(R"({"route":"POST /v1/refunds","mode":"commit_then_hang","count":1,
                       "delay_ms":-1})") &&
           s.refund(u"4417"_s, u"ch_4417"_s, 3800, u"toolu_01"_s) &&
           // Resolved by a provider event: a stored 500 after the money moved makes the row
           // unknown, then the provider's refund.created (imported from GET /v1/events, the
           // receiver's applier) closes it succeeded with the refund as evidence. Only the events
           // so far are imported, so 1001 below stays in the checking queue for a person.
           s.fault(R"({"route":"POST /v1/refunds","mode":"stored_500","count":1,"apply":true})") &&
           s.refund(u"2500"_s, u"ch_eur"_s, 2500, u"toolu_09"_s, u"eur"_s) && s.importEvents(1) &&
           // Checking queue: a stored 500 after the money moved (look-up finds the refund).
           s.fault(R"({"route":"POST /v1/refunds","mode":"stored_500","count":1,"apply":true})") &&
           s.refund(u"1001"_s, u"ch_1001"_s, 5000, u"toolu_02"_s) &&
           // Checking queue: a stored 500 with nothing applied (look-up finds no refund).
           s.fault(R"({"route":"POST /v1/refunds","mode":"stored_500","count":1})") &&
           s.refund(u"1002"_s, u"ch_1002"_s, 2900, u"toolu_03"_s) &&
           // Checking queue: six attempts without an answer (Resend is allowed: the key is still
           // inside its window and nothing was stored under it).
           s.fault(R"({"route":"POST /v1/refunds","mode":"503"})") &&
           s.refund(u"1002-b"_s, u"ch_1002"_s, 1000, u"toolu_04"_s) &&
           s.refund(u"1002-b"_s, u"ch_1002"_s, 1000, u"toolu_05"_s) &&
           // Still open: three attempts without an answer so far.
           s.refund(u"1002-c"_s, u"ch_1002"_s, 500, u"toolu_06"_s) && s.clearFaults() &&
           // A refund the provider reports as pending, and one the card network declined.
           s.refund(u"4200"_s, u"ch_pending"_s, 4200, u"toolu_07"_s) &&
           s.refund(u"1500"_s, u"ch_declined"_s, 1500, u"toolu_08"_s);
}

// Adyen answers a refund `received` and settles it later by a signed notification: one row waits
// for it (received · pending), the other is closed by it through a receiver of this process.
bool adyenRefunds(Story &s)
{
    DemoReceiver receiver(s.input().dbLocation, kDemoAdyenHmacKey, kDemoMerchant);
    const auto started = receiver.start();
    if (!started)
        return s.fail(started.error());
    const QString url = *started;
    if (!s.admin("POST", u"/_sim/adyen/config"_s, R"({"auto_settle_ms":-1})"))
        return false;
    // However the story ends from here, the receiver stops with it: the simulator must not keep
    // retrying to a closed port, and settles later refunds by its timer again.
    const auto restore = qScopeGuard([&s] {
        s.admin("DELETE", u"/_sim/webhooks"_s);
        s.admin("POST", u"/_sim/adyen/config"_s, R"({"auto_settle_ms":50})");
    });
    const nlohmann::json endpoint = {
        {"url", url.toStdString()}, {"format", "adyen"}, {"hmac_key", kDemoAdyenHmacKey}};
    const bool settled =
        s.admin("POST", u"/_sim/webhooks"_s, QByteArray::fromStdString(endpoint.dump())) &&
        s.adyenRefund(u"7001"_s, u"DZ4DPSHB4WD2WN82"_s, 5000, u"eur"_s, u"toolu_11"_s) &&
        s.adyenRefund(u"7002"_s, u"K8P4XW6T3LMN7Q2Z"_s, 2900, u"usd"_s, u"toolu_12"_s) &&
        s.settleAdyenRefundOf(u"DZ4DPSHB4WD2WN82"_s);
    if (!settled)
        return false;
    if (receiver.waitForStored(1, kNotificationWait))
        return true;
    const QString refused = receiver.refused();
    return s.fail(refused.isEmpty()
                      ? u"the simulator's Adyen notification did not arrive within %1 s"_s.arg(
                            kNotificationWait.count() / 1000)
                      : u"the story's receiver refused the simulator's Adyen notification: "_s +
                            refused);
}

bool credits(Story &s)
{
    // A top-up whose answer was lost (checking queue), and a plain charge.
    return s.fault(R"({"route":"POST /v1/customers/*/topup","mode":"stored_500","count":1})") &&
           s.opsctl({u"credit"_s, u"topup"_s, u"--customer"_s, u"u_1"_s, u"--credit-type"_s,
                     u"credits"_s, u"--amount"_s, u"250"_s, u"--work"_s, u"invoice-7781:topup"_s},
                    false) &&
           s.clearFaults() &&
           s.opsctl({u"credit"_s, u"charge"_s, u"--customer"_s, u"u_2"_s, u"--credit-type"_s,
                     u"credits"_s, u"--amount"_s, u"40"_s, u"--work"_s, u"job:91:charge"_s},
                    false);
}

bool roles(Story &s, const QString &me)
{
    // The person running the demo becomes the first supervisor of this fresh database;
    // "demo-bob" is a second supervisor for four-eyes approvals above 1,000.00 USD.
    return s.opsctl({u"operator"_s, u"add"_s, me, u"--role"_s, u"supervisor"_s}) &&
           s.opsctl({u"operator"_s, u"add"_s, u"demo-bob"_s, u"--role"_s, u"supervisor"_s}) &&
           s.opsctl({u"settings"_s, u"set"_s, u"approval-threshold"_s, u"usd"_s, u"100000"_s});
}

} // namespace

void useSimulatorEnvironment(const QString &simUrl)
{
    const QByteArray url = simUrl.toUtf8();
    for (const char *name : {"OPS_STRIPE_URL", "OPS_SLEN_URL", "OPS_HELPDESK_URL"})
        qputenv(name, url);
    // The seed's key; set for every provider so no secret file of the user is read or sent.
    for (const char *name : {"OPS_STRIPE_KEY", "OPS_SLEN_KEY", "OPS_HELPDESK_KEY"})
        qputenv(name, "sk_test_demo");
    qputenv("OPS_SLEN_PROJECT", "demo");
    qputenv("OPS_ADYEN_URL", url);
    qputenv("OPS_ADYEN_KEY", "adyen_test_demo");
    qputenv("OPS_ADYEN_MERCHANT", kDemoMerchant.toUtf8());
    qputenv("OPS_ADYEN_HMAC_KEY", kDemoAdyenHmacKey);
    qputenv("OPS_ATTEMPT_TIMEOUT_MS", "1500");
    qputenv("OPS_BACKOFF_BASE_MS", "50");
    qputenv("OPS_BACKOFF_CAP_MS", "100");
}

QString buildDemoStory(const DemoStoryInput &input, QTextStream &log)
{
    if (!input.opsctl)
        return u"the demo story was given no way to run opsctl commands"_s;
    Story s(input);
    const QByteArray seed = demoSeed();
    if (seed.isEmpty())
        return u"the demo seed is missing from this build"_s;
    log << "demo: seeding provider-sim at " << input.simUrl << Qt::endl;
    if (!s.admin("POST", u"/_sim/seed"_s, seed))
        return s.error();
    log << "demo: building " << input.dbLocation << " with real refunds and credit movements"
        << Qt::endl;
    // The person first: the credit movements are theirs, and a person moves money only with the
    // rights (not_permitted otherwise); the refunds are agents' tool calls.
    if (!roles(s, input.operatorName) || !refunds(s) || !adyenRefunds(s) || !credits(s))
        return s.error();
    return {};
}

} // namespace ops
