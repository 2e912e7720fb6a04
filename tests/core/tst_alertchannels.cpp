// The alert channels (app/core/alerts, docs/alerts.md) against provider-sim's alert sinks over
// loopback: the Slack-style webhook sink and the SMTP sink with STARTTLS under a certificate
// made with openssl for the run. Each answer is read as the table says: delivered once and seen
// in the ledger; refusals with the sink's own words; 429 and 451 to retry; silence after the
// request or the final "." unknown, with the ledger holding what was stored; an untrusted
// certificate refused; and bad input (no recipients, a CR/LF in a subject or key, an over-long
// line) never reaches the wire as something else. Timeouts are the client's, short, against a
// sink that holds its answer forever.

#include "alerts/alertconfig.h"
#include "alerts/smtpclient.h"
#include "alerts/smtpmessage.h"
#include "alerts/webhookchannel.h"
#include "domain/clock.h"
#include "support/alertsinks.h"
#include "support/simprocess.h"
#include "support/testpaths.h"
#include "transport/ratepacer.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

using namespace ops;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;
using ops::test::SimProcess;

namespace {

const nlohmann::json kSlackRoute = "POST /_sink/slack/*";
const QString kUser = test::kAlertUser;
const QString kPassword = test::kAlertPassword;

// A loopback port with nothing listening.
quint16 deadPort()
{
    QTcpServer server;
    server.listen(QHostAddress::LocalHost, 0);
    return server.serverPort(); // closed when server goes out of scope
}

AlertMessage alert(const QString &key, const QString &subject, const QString &text)
{
    return AlertMessage{key, subject, text};
}

std::vector<nlohmann::json> deliveries(const nlohmann::json &ledger, const char *channel)
{
    std::vector<nlohmann::json> out;
    for (const auto &d : ledger["deliveries"])
        if (d["channel"] == channel)
            out.push_back(d);
    return out;
}

QString str(const nlohmann::json &value)
{
    return QString::fromStdString(value.get<std::string>());
}

int count(const nlohmann::json &ledger, const char *name)
{
    if (!ledger.is_object() || !ledger.contains("counts"))
        return -1;
    return ledger["counts"].value(name, -1);
}

bool hasHeader(const nlohmann::json &delivery, const QString &name)
{
    for (const auto &h : delivery["headers"])
        if (str(h[0]).compare(name, Qt::CaseInsensitive) == 0)
            return true;
    return false;
}

} // namespace

class TestAlertChannels : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();

    void webhookDeliversOnceIntoTheLedger();
    void webhookRefusalsCarryTheHooksWords();
    void webhookTooManyIsRetryAfterItsWait();
    void webhookSilenceIsUnknownAndStoresNothing();
    void webhookStoredThen500IsUnknownAndBoundedToOneDuplicate();
    void webhookClosedPortIsRetry();
    void webhookBadUrlIsAProblem();

    void mailIsDeliveredOverStartTlsWithAuthPlain();
    void wrongPasswordIsRefusedWithTheServersWords();
    void authLoginWhenOnlyLoginIsOffered();
    void temporaryFailureIsRetry();
    void refusedRecipientIsRefused();
    void silenceAfterTheFinalDotIsUnknownAndTheMailIsKept();
    void anUnverifiedCertificateIsRefused();
    void tlsNoneOnlyToThisMachine();
    void mailClosedPortIsRetry();
    void multiLineRepliesAreParsed();

    void noRecipientsOrBadAddressesSendNothing();
    void crLfInSubjectOrKeyStartsNoHeader();
    void overLongLinesAndSubjectsAreWrapped();

private:
    nlohmann::json ledger() { return m_sim->admin("GET", u"/_sim/alerts"_s); }
    QUrl hook(const QString &id) const;
    SmtpSettings mailSettings() const;

    test::AlertSinks m_sinks;
    SimProcess *m_sim = nullptr; // m_sinks'
    QString m_cert;
    quint16 m_smtpPort = 0;
};

void TestAlertChannels::initTestCase()
{
    const QString error = m_sinks.start();
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_sim = &m_sinks.sim();
    m_cert = m_sinks.cert();
    m_smtpPort = m_sinks.smtpPort();
}

void TestAlertChannels::cleanupTestCase() {}

void TestAlertChannels::init()
{
    m_sim->reset(); // faults and the ledger
    m_sinks.configure();
    QVERIFY2(m_sim->error().isEmpty(), qPrintable(m_sim->error()));
}

QUrl TestAlertChannels::hook(const QString &id) const
{
    return m_sinks.hook(id);
}

SmtpSettings TestAlertChannels::mailSettings() const
{
    return m_sinks.mail();
}

// --- webhook -------------------------------------------------------------------------------------

void TestAlertChannels::webhookDeliversOnceIntoTheLedger()
{
    WebhookChannel channel(hook(u"T000/B000/XXXX"_s), 5s);
    QVERIFY(!channel.readsBack());
    const AlertMessage m = alert(u"window_ending:op_123:2026-12-07"_s, u"Window ends soon"_s,
                                 u"op_123 <refund> & more\nsecond line"_s);
    const AlertAnswer a = channel.send(m);
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Delivered));
    const nlohmann::json held = ledger();
    const auto posts = deliveries(held, "slack");
    QCOMPARE(posts.size(), 1u);
    QCOMPARE(str(posts[0]["hook"]), u"T000/B000/XXXX"_s);
    // Slack's control characters escaped; the subject on the first line.
    QCOMPARE(str(posts[0]["text"]),
             u"Window ends soon\nop_123 &lt;refund&gt; &amp; more\nsecond line"_s);
    QCOMPARE(count(held, "delivered"), 1);
    QCOMPARE(count(held, "duplicates"), 0);
}

void TestAlertChannels::webhookRefusalsCarryTheHooksWords()
{
    m_sim->admin(
        "POST", u"/_sim/alerts/config"_s,
        {{"slack_hooks",
          {{"T1/B1/live", "active"}, {"T1/B1/old", "archived"}, {"T1/B1/no", "prohibited"}}}});
    const AlertMessage m = alert(u"k"_s, u"Late rows"_s, u"3 rows"_s);
    const struct
    {
        QString id;
        QString detail;
    } cases[] = {{u"T1/B1/gone"_s, u"HTTP 404: no_service"_s},
                 {u"T1/B1/old"_s, u"HTTP 410: channel_is_archived"_s},
                 {u"T1/B1/no"_s, u"HTTP 403: action_prohibited"_s}};
    for (const auto &c : cases) {
        const AlertAnswer a = WebhookChannel(hook(c.id), 5s).send(m);
        QCOMPARE(toString(a.outcome), toString(AlertOutcome::Refused));
        QCOMPARE(a.detail, c.detail);
    }
    // An empty alert reaches the hook as an empty text, which Slack refuses as no_text.
    const AlertAnswer empty = WebhookChannel(hook(u"T1/B1/live"_s), 5s).send(alert(u"k"_s, {}, {}));
    QCOMPARE(toString(empty.outcome), toString(AlertOutcome::Refused));
    QCOMPARE(empty.detail, u"HTTP 400: no_text"_s);
    // A body that is not JSON, sent raw: the sink's invalid_payload.
    const auto raw = m_sim->request("POST", u"/_sink/slack/T1/B1/live"_s, "{text: nope",
                                    {{"Content-Type", "application/json"}});
    QCOMPARE(raw.status, 400);
    QCOMPARE(raw.body, QByteArray("invalid_payload"));
    const nlohmann::json held = ledger();
    QCOMPARE(count(held, "delivered"), 0);
    QCOMPARE(count(held, "refused"), 5);
}

void TestAlertChannels::webhookTooManyIsRetryAfterItsWait()
{
    m_sim->addFault({{"route", kSlackRoute}, {"mode", "429"}, {"count", 1}});
    ManualClock clock;
    std::vector<std::chrono::milliseconds> slept;
    RatePacer pacer(
        clock, [&](std::chrono::milliseconds ms) { slept.push_back(ms); }, 0);
    WebhookChannel channel(hook(u"T/B/X"_s), 5s);
    channel.setPacer(&pacer);
    const AlertMessage m = alert(u"late:op_9"_s, u"Late"_s, u"op_9"_s);
    const AlertAnswer busy = channel.send(m);
    QCOMPARE(toString(busy.outcome), toString(AlertOutcome::Retry));
    QCOMPARE(busy.retryAfter, 1000ms);
    QCOMPARE(busy.detail, u"HTTP 429: rate_limited"_s);
    QVERIFY(slept.empty());
    const AlertAnswer again = channel.send(m); // waits the hook's second first
    QCOMPARE(toString(again.outcome), toString(AlertOutcome::Delivered));
    QCOMPARE(slept.size(), 1u);
    QCOMPARE(slept[0], 1000ms);
    QCOMPARE(deliveries(ledger(), "slack").size(), 1u);
}

void TestAlertChannels::webhookSilenceIsUnknownAndStoresNothing()
{
    m_sim->addFault(
        {{"route", kSlackRoute}, {"mode", "hang_before_commit"}, {"delay_ms", -1}, {"count", 1}});
    const AlertAnswer a =
        WebhookChannel(hook(u"T/B/X"_s), 800ms).send(alert(u"k"_s, u"S"_s, u"T"_s));
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Unknown));
    QVERIFY2(a.detail.startsWith(u"timeout"_s), qPrintable(a.detail));
    QCOMPARE(deliveries(ledger(), "slack").size(), 0u);
    // The sink counts the answer it held once it sees the client gone.
    QTRY_COMPARE_WITH_TIMEOUT(count(ledger(), "timed_out"), 1, 5000);
}

void TestAlertChannels::webhookStoredThen500IsUnknownAndBoundedToOneDuplicate()
{
    m_sim->addFault(
        {{"route", kSlackRoute}, {"mode", "stored_500"}, {"apply", true}, {"count", 1}});
    WebhookChannel channel(hook(u"T/B/X"_s), 5s);
    const AlertMessage m = alert(u"attention:op_7"_s, u"Attention"_s, u"op_7 needs a person"_s);
    const AlertAnswer first = channel.send(m);
    QCOMPARE(toString(first.outcome), toString(AlertOutcome::Unknown));
    QCOMPARE(first.detail, u"HTTP 500: rollup_error"_s);
    QCOMPARE(deliveries(ledger(), "slack").size(), 1u); // stored once
    // The caller's rule for a channel with no read: one more send, then stop.
    QCOMPARE(toString(channel.send(m).outcome), toString(AlertOutcome::Delivered));
    const nlohmann::json held = ledger();
    QCOMPARE(count(held, "delivered"), 2);
    QCOMPARE(count(held, "duplicates"), 1);
}

void TestAlertChannels::webhookClosedPortIsRetry()
{
    QUrl url(u"http://127.0.0.1/_sink/slack/T/B/X"_s);
    url.setPort(deadPort());
    const AlertAnswer a = WebhookChannel(url, 2s).send(alert(u"k"_s, u"S"_s, u"T"_s));
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Retry));
    QVERIFY2(a.detail.startsWith(u"connection_failed"_s), qPrintable(a.detail));
}

void TestAlertChannels::webhookBadUrlIsAProblem()
{
    AlertChannelsConfig c;
    c.webhookUrl = QUrl(u"http://hooks.example.com/services/T0/B0/SECRETTOKEN"_s);
    QVERIFY2(c.problem().contains(u"must be https"_s), qPrintable(c.problem()));
    QVERIFY(!c.problem().contains(u"SECRETTOKEN"_s)); // the path is the hook's secret
    c.webhookUrl = QUrl(u"ftp://hooks.example.com/x"_s);
    QVERIFY2(c.problem().contains(u"must be https, not 'ftp:'"_s), qPrintable(c.problem()));
    c.webhookUrl = QUrl(u"https://user:pw@hooks.example.com/x"_s);
    QVERIFY2(c.problem().contains(u"user name or password"_s), qPrintable(c.problem()));
    c.webhookUrl = QUrl(u"https://hooks.slack.com/services/T0/B0/X"_s);
    QCOMPARE(c.problem(), QString());
    c.webhookUrl = hook(u"T/B/X"_s); // http to this machine's sink
    QCOMPARE(c.problem(), QString());
}

// --- SMTP ----------------------------------------------------------------------------------------

void TestAlertChannels::mailIsDeliveredOverStartTlsWithAuthPlain()
{
    SmtpClient client(mailSettings());
    QVERIFY(!client.readsBack());
    const QString subject = u"Окно возврата закрывается: op_123 — 2026-12-07"_s;
    const QString text = u"Row op_123 must be settled today.\n.hidden starts with a dot\n.\n"
                         "Ünïcödé and = signs"_s;
    const AlertAnswer a = client.send(alert(u"window_ending:op_123:2026-12-07"_s, subject, text));
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Delivered));
    QVERIFY2(a.detail.startsWith(u"250"_s), qPrintable(a.detail));
    const auto mails = deliveries(ledger(), "smtp");
    QCOMPARE(mails.size(), 1u);
    const nlohmann::json &mail = mails[0];
    QCOMPARE(str(mail["subject"]), subject);
    QCOMPARE(str(mail["text"]), text); // dot-stuffed on the wire, intact in the mailbox
    QCOMPARE(str(mail["from"]), u"ops-alerts@example.com"_s);
    QVERIFY(mail["recipients"] == nlohmann::json({"oncall@example.com", "lead@example.com"}));
    QCOMPARE(str(mail["key"]),
             QString::fromLatin1(smtpmessage::messageId(u"window_ending:op_123:2026-12-07"_s)));
    QVERIFY(
        QRegularExpression(u"^<[0-9a-f]{32}@ops-console>$"_s).match(str(mail["key"])).hasMatch());
    QVERIFY(hasHeader(mail, u"Date"_s));
    QVERIFY(hasHeader(mail, u"Auto-Submitted"_s));
}

void TestAlertChannels::wrongPasswordIsRefusedWithTheServersWords()
{
    SmtpSettings s = mailSettings();
    s.password = u"wrong"_s;
    const AlertAnswer a = SmtpClient(s).send(alert(u"k"_s, u"S"_s, u"T"_s));
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Refused));
    QVERIFY2(a.detail.contains(u"535 5.7.8 Authentication credentials invalid"_s),
             qPrintable(a.detail));
    QVERIFY(!a.detail.contains(u"wrong"_s));
    const nlohmann::json held = ledger();
    QCOMPARE(count(held, "delivered"), 0);
    QCOMPARE(count(held, "refused"), 1);
}

void TestAlertChannels::authLoginWhenOnlyLoginIsOffered()
{
    m_sim->admin("POST", u"/_sim/alerts/config"_s, {{"smtp_auth", "LOGIN"}});
    const AlertAnswer a = SmtpClient(mailSettings()).send(alert(u"k"_s, u"S"_s, u"T"_s));
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Delivered));
    SmtpSettings wrong = mailSettings();
    wrong.password = u"wrong"_s;
    const AlertAnswer refused = SmtpClient(wrong).send(alert(u"k"_s, u"S"_s, u"T"_s));
    QCOMPARE(toString(refused.outcome), toString(AlertOutcome::Refused));
    QVERIFY2(refused.detail.startsWith(u"AUTH LOGIN at 127.0.0.1:"_s) &&
                 refused.detail.contains(u"535 5.7.8"_s),
             qPrintable(refused.detail));
    QCOMPARE(deliveries(ledger(), "smtp").size(), 1u);
}

void TestAlertChannels::temporaryFailureIsRetry()
{
    m_sim->addFault({{"route", "SMTP RCPT"}, {"mode", "503"}, {"count", 1}});
    SmtpClient client(mailSettings());
    const AlertMessage m = alert(u"late:op_1"_s, u"Late"_s, u"op_1"_s);
    const AlertAnswer a = client.send(m);
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Retry));
    QVERIFY2(a.detail.contains(u"451 4.3.0"_s), qPrintable(a.detail));
    QCOMPARE(deliveries(ledger(), "smtp").size(), 0u);
    QCOMPARE(toString(client.send(m).outcome), toString(AlertOutcome::Delivered));
}

void TestAlertChannels::refusedRecipientIsRefused()
{
    m_sim->addFault({{"route", "SMTP RCPT"}, {"mode", "stored_500"}, {"count", 1}});
    const AlertAnswer a = SmtpClient(mailSettings()).send(alert(u"k"_s, u"S"_s, u"T"_s));
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Refused));
    QVERIFY2(a.detail.contains(u"RCPT TO:<oncall@example.com>"_s) &&
                 a.detail.contains(u"554 5.7.1"_s),
             qPrintable(a.detail));
    QCOMPARE(deliveries(ledger(), "smtp").size(), 0u);
}

void TestAlertChannels::silenceAfterTheFinalDotIsUnknownAndTheMailIsKept()
{
    m_sim->addFault(
        {{"route", "SMTP DATA"}, {"mode", "commit_then_hang"}, {"delay_ms", -1}, {"count", 1}});
    SmtpSettings s = mailSettings();
    s.timeout = 1500ms;
    SmtpClient client(s);
    const AlertMessage m = alert(u"receiver_silent:2026-12-07"_s, u"Receiver silent"_s, u"…"_s);
    const AlertAnswer a = client.send(m);
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Unknown));
    QVERIFY2(a.detail.contains(u"may have been delivered"_s), qPrintable(a.detail));
    auto mails = deliveries(ledger(), "smtp");
    QCOMPARE(mails.size(), 1u);
    QVERIFY(mails[0]["held"].get<bool>());
    // The caller's rule: one more send, and the mailbox sees the same Message-ID twice.
    QCOMPARE(toString(client.send(m).outcome), toString(AlertOutcome::Delivered));
    const nlohmann::json held = ledger();
    QCOMPARE(count(held, "delivered"), 2);
    QCOMPARE(count(held, "duplicates"), 1);
    QCOMPARE(count(held, "timed_out"), 1);
}

void TestAlertChannels::anUnverifiedCertificateIsRefused()
{
    SmtpSettings s = mailSettings();
    s.caFile.clear(); // the sink's self-signed certificate is in no system store
    const AlertAnswer a = SmtpClient(s).send(alert(u"k"_s, u"S"_s, u"T"_s));
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Refused));
    QVERIFY2(a.detail.contains(u"does not verify"_s) &&
                 a.detail.contains(u"OPS_ALERT_SMTP_CA_FILE"_s),
             qPrintable(a.detail));
    QCOMPARE(deliveries(ledger(), "smtp").size(), 0u);
}

void TestAlertChannels::tlsNoneOnlyToThisMachine()
{
    SmtpSettings s = mailSettings();
    s.tls = SmtpTls::None;
    s.host = u"mail.example.com"_s;
    QVERIFY2(s.problem().contains(u"tls=none"_s) && s.problem().contains(u"mail.example.com"_s),
             qPrintable(s.problem()));
    const AlertAnswer refused = SmtpClient(s).send(alert(u"k"_s, u"S"_s, u"T"_s));
    QCOMPARE(toString(refused.outcome), toString(AlertOutcome::Refused));
    QCOMPARE(refused.detail, s.problem());
    // To the sink on loopback it goes in clear (the sink asks no AUTH without TLS here).
    m_sim->admin("POST", u"/_sim/alerts/config"_s, {{"smtp_user", ""}});
    s.host = u"localhost"_s;
    s.user.clear();
    QCOMPARE(s.problem(), QString());
    QCOMPARE(toString(SmtpClient(s).send(alert(u"k"_s, u"S"_s, u"T"_s)).outcome),
             toString(AlertOutcome::Delivered));
}

void TestAlertChannels::mailClosedPortIsRetry()
{
    SmtpSettings s = mailSettings();
    s.port = deadPort();
    const AlertAnswer a = SmtpClient(s).send(alert(u"k"_s, u"S"_s, u"T"_s));
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Retry));
    QVERIFY2(a.detail.startsWith(u"cannot connect to 127.0.0.1:"_s), qPrintable(a.detail));
}

void TestAlertChannels::multiLineRepliesAreParsed()
{
    QByteArray buffer = "250-mail.example.com greets you\r\n250-PIPELINING\r\n250-STARTTLS\r\n"
                        "250 AUTH PLAIN LOGIN\r\n221 next";
    bool garbled = false;
    const auto reply = SmtpClient::takeReply(buffer, garbled);
    QVERIFY(reply && !garbled);
    QCOMPARE(reply->code, 250);
    QCOMPARE(reply->lines.size(), 4);
    QCOMPARE(SmtpClient::capabilities(*reply),
             QStringList({u"PIPELINING"_s, u"STARTTLS"_s, u"AUTH PLAIN LOGIN"_s}));
    QCOMPARE(buffer, QByteArray("221 next")); // the rest waits for its line end
    QVERIFY(!SmtpClient::takeReply(buffer, garbled) && !garbled);

    QByteArray partial = "250-first\r\n250-second\r\n";
    QVERIFY(!SmtpClient::takeReply(partial, garbled) && !garbled);
    partial += "250 last\r\n";
    QCOMPARE(SmtpClient::takeReply(partial, garbled)->lines.size(), 3);

    for (QByteArray bad :
         {QByteArray("250-a\r\n354 b\r\n"), QByteArray("hello\r\n"), QByteArray("25x ok\r\n")}) {
        bool broken = false;
        QVERIFY(!SmtpClient::takeReply(bad, broken));
        QVERIFY2(broken, bad.constData());
    }
}

// --- bad input -----------------------------------------------------------------------------------

void TestAlertChannels::noRecipientsOrBadAddressesSendNothing()
{
    SmtpSettings s = mailSettings();
    s.to.clear();
    QVERIFY2(s.problem().contains(u"no recipients"_s), qPrintable(s.problem()));
    QCOMPARE(toString(SmtpClient(s).send(alert(u"k"_s, u"S"_s, u"T"_s)).outcome),
             toString(AlertOutcome::Refused));
    const QString bad[] = {u"oncall@example.com>\r\nRCPT TO:<evil@example.com"_s,
                           u"not-an-address"_s,
                           u"two words@example.com"_s,
                           u"a@b@example.com"_s,
                           u"dot.@example.com"_s,
                           u"ünï@example.com"_s};
    for (const QString &address : bad) {
        s.to = {u"oncall@example.com"_s, address};
        QVERIFY2(s.problem().contains(u"is not a mail address"_s), qPrintable(address));
        QVERIFY(!s.problem().contains(u'\r') && !s.problem().contains(u'\n'));
    }
    s = mailSettings();
    s.from = u"ops@example.com\nBcc: evil@example.com"_s;
    QVERIFY2(s.problem().contains(u"sender"_s), qPrintable(s.problem()));
    s = mailSettings();
    s.port = 70000;
    QVERIFY2(s.problem().contains(u"outside 1–65535"_s), qPrintable(s.problem()));
    QCOMPARE(count(ledger(), "delivered"), 0);
}

void TestAlertChannels::crLfInSubjectOrKeyStartsNoHeader()
{
    const AlertMessage m =
        alert(u"late:op_5\r\nX-Evil: 1"_s, u"Late rows\r\nBcc: evil@example.com\r\n\r\nbody?"_s,
              u"the text"_s);
    const QByteArray wire = smtpmessage::wireData(u"ops@example.com"_s, {u"oncall@example.com"_s},
                                                  m, QDateTime::currentDateTimeUtc());
    QVERIFY(!wire.contains("\r\nBcc:"));
    QVERIFY(!wire.contains("\r\nX-Evil:"));
    QVERIFY(wire.contains("\r\nSubject: Late rows  Bcc: evil@example.com    body?\r\n"));

    QCOMPARE(toString(SmtpClient(mailSettings()).send(m).outcome),
             toString(AlertOutcome::Delivered));
    const auto mails = deliveries(ledger(), "smtp");
    QCOMPARE(mails.size(), 1u);
    QVERIFY(!hasHeader(mails[0], u"Bcc"_s));
    QVERIFY(!hasHeader(mails[0], u"X-Evil"_s));
    QCOMPARE(str(mails[0]["subject"]), u"Late rows  Bcc: evil@example.com    body?"_s);
    QCOMPARE(str(mails[0]["text"]), u"the text"_s);
    QVERIFY(mails[0]["recipients"] == nlohmann::json({"oncall@example.com", "lead@example.com"}));
    QCOMPARE(str(mails[0]["key"]), QString::fromLatin1(smtpmessage::messageId(m.key)));

    // The webhook's JSON carries the same subject on its one line.
    QCOMPARE(WebhookChannel::textOf(m), u"Late rows  Bcc: evil@example.com    body?\nthe text"_s);
}

void TestAlertChannels::overLongLinesAndSubjectsAreWrapped()
{
    const QString line = QString(u"x"_s).repeated(5000) + u" end = é"_s;
    const QString subject = QString(u"Ж"_s).repeated(200) + u" and then some ASCII"_s;
    const AlertMessage m = alert(u"long:1"_s, subject, u"before\n"_s + line + u"\nafter"_s);
    const QByteArray wire = smtpmessage::wireData(u"ops@example.com"_s, {u"oncall@example.com"_s},
                                                  m, QDateTime::currentDateTimeUtc());
    for (const QByteArray &l : wire.split('\n'))
        QVERIFY2(l.size() <= 79, l.left(80).constData()); // 78 and CR, far under 998
    const AlertAnswer a = SmtpClient(mailSettings()).send(m);
    QCOMPARE(toString(a.outcome), toString(AlertOutcome::Delivered));
    const auto mails = deliveries(ledger(), "smtp");
    QCOMPARE(mails.size(), 1u);
    QCOMPARE(str(mails[0]["subject"]), subject);
    QCOMPARE(str(mails[0]["text"]), m.text);

    // The sink refuses a raw line over 998 characters, as RFC 5321 lets it: what the client
    // avoids above.
    QTcpSocket raw;
    raw.connectToHost(QHostAddress::LocalHost, m_smtpPort);
    QVERIFY(raw.waitForConnected(5000));
    m_sim->admin("POST", u"/_sim/alerts/config"_s, {{"smtp_user", ""}});
    const QByteArray script =
        "EHLO test\r\nMAIL FROM:<a@example.com>\r\nRCPT TO:<b@example.com>\r\n"
        "DATA\r\nSubject: x\r\n\r\n" +
        QByteArray(1200, 'y') + "\r\n.\r\nQUIT\r\n";
    raw.write(script);
    QByteArray answers;
    while (!answers.contains("221 ") && raw.waitForReadyRead(5000))
        answers += raw.readAll();
    QVERIFY2(answers.contains("554 5.6.0"), answers.constData());
    QCOMPARE(deliveries(ledger(), "smtp").size(), 1u);
}

QTEST_GUILESS_MAIN(TestAlertChannels)
#include "tst_alertchannels.moc"
