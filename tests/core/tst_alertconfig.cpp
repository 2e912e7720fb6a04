// The alert channels' settings from the environment (alerts/alertconfig.h, docs/alerts.md):
// none set is no channel; a full set reads as written (the password from a 0600 file, the
// recipients trimmed, implicit TLS on 465); each bad value is refused naming its variable, and a
// password file others can read is refused. Pure: no channel is called.

#include "alerts/alertconfig.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace ops;
using namespace Qt::StringLiterals;
using namespace std::chrono_literals;

class TestAlertConfig : public QObject
{
    Q_OBJECT

private slots:
    void settingsFromTheEnvironment();

private:
    QTemporaryDir m_dir;
};

void TestAlertConfig::settingsFromTheEnvironment()
{
    const char *vars[] = {"OPS_ALERT_WEBHOOK_URL",  "OPS_ALERT_SMTP_HOST",
                          "OPS_ALERT_SMTP_PORT",    "OPS_ALERT_SMTP_TLS",
                          "OPS_ALERT_SMTP_USER",    "OPS_ALERT_SMTP_PASSWORD_FILE",
                          "OPS_ALERT_SMTP_FROM",    "OPS_ALERT_SMTP_TO",
                          "OPS_ALERT_SMTP_CA_FILE", "OPS_ALERT_TIMEOUT_MS"};
    const auto clear = [&] {
        for (const char *v : vars)
            qunsetenv(v);
    };
    clear();
    const auto none = alertChannelsConfigFromEnvironment();
    QVERIFY2(none, qPrintable(none.error()));
    QVERIFY(!none->hasWebhook() && !none->hasSmtp());

    const QString passwordFile = m_dir.filePath(u"smtp.password"_s);
    QFile f(passwordFile);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("s3cret-pass\n");
    f.close();
    QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner));
    qputenv("OPS_ALERT_WEBHOOK_URL", "https://hooks.slack.com/services/T0/B0/X");
    qputenv("OPS_ALERT_SMTP_HOST", "smtp.example.com");
    qputenv("OPS_ALERT_SMTP_USER", "alerts");
    qputenv("OPS_ALERT_SMTP_PASSWORD_FILE", passwordFile.toUtf8());
    qputenv("OPS_ALERT_SMTP_FROM", "ops@example.com");
    qputenv("OPS_ALERT_SMTP_TO", " oncall@example.com, lead@example.com ,");
    qputenv("OPS_ALERT_TIMEOUT_MS", "2500");
    const auto c = alertChannelsConfigFromEnvironment();
    QVERIFY2(c, qPrintable(c.error()));
    QCOMPARE(c->smtp.port, 587);
    QCOMPARE(toString(c->smtp.tls), u"starttls"_s);
    QCOMPARE(c->smtp.password, u"s3cret-pass"_s);
    QCOMPARE(c->smtp.to, QStringList({u"oncall@example.com"_s, u"lead@example.com"_s}));
    QCOMPARE(c->smtp.timeout, 2500ms);

    qputenv("OPS_ALERT_SMTP_TLS", "implicit");
    QCOMPARE(alertChannelsConfigFromEnvironment()->smtp.port, 465);
    const struct
    {
        const char *variable;
        QByteArray value;
        QString says;
    } bad[] = {{"OPS_ALERT_SMTP_PORT", "smtp", u"is not a port number"_s},
               {"OPS_ALERT_SMTP_PORT", "0", u"outside 1–65535"_s},
               {"OPS_ALERT_SMTP_TLS", "ssl", u"is not one of starttls, implicit, none"_s},
               {"OPS_ALERT_SMTP_TLS", "none", u"tls=none"_s},
               {"OPS_ALERT_SMTP_TO", " , ", u"no recipients"_s},
               {"OPS_ALERT_TIMEOUT_MS", "-5", u"OPS_ALERT_TIMEOUT_MS"_s},
               {"OPS_ALERT_WEBHOOK_URL", "http://hooks.example.com/T/B/X", u"must be https"_s},
               {"OPS_ALERT_SMTP_CA_FILE", passwordFile.toUtf8(), u"holds no PEM certificate"_s}};
    for (const auto &b : bad) {
        const QByteArray before = qgetenv(b.variable);
        qputenv(b.variable, b.value);
        const auto r = alertChannelsConfigFromEnvironment();
        QVERIFY2(!r && r.error().contains(b.says), qPrintable(r.error() + u" / "_s + b.says));
        qputenv(b.variable, before);
    }
    QVERIFY(f.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                             QFileDevice::ReadOther));
    const auto shared = alertChannelsConfigFromEnvironment();
    QVERIFY2(!shared && shared.error().contains(u"chmod 600"_s), qPrintable(shared.error()));
    clear();
}

QTEST_GUILESS_MAIN(TestAlertConfig)
#include "tst_alertconfig.moc"
