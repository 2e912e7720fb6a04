#pragma once

// One connection to the SMTP sink (smtpsink.h): its socket, where the conversation stands, and the
// mail transaction under way. Lines are taken one at a time; while an answer is held back by a
// fault, later lines wait. The session deletes itself when the client has gone.

#include "providersim/alertsinks/alertledger.h"
#include "providersim/alertsinks/smtpsink.h"

#include <QObject>
#include <QSslSocket>
#include <functional>

namespace ops::sim {

class SmtpSinkSession final : public QObject
{
public:
    struct Context
    {
        const SmtpSinkSettings &settings;
        FaultTable &faults;
        AlertLedger &ledger;
        SimClock &clock;
    };

    SmtpSinkSession(qintptr handle, Context context, QObject *parent);

private:
    enum class Mode
    {
        Command,
        Data,
        AuthPlain,
        AuthLoginUser,
        AuthLoginPassword,
        Closed
    };
    // Stores the mail: whether its answer is held back, and the code it is (or will be) answered.
    using Keep = std::function<void(bool held, int answer)>;

    void readInput();
    void takeLines();
    void onLine(const QByteArray &line);
    void onCommand(const QByteArray &line);
    void onDataLine(const QByteArray &line);
    void onAuthLine(const QByteArray &line);
    void greet();
    void ehlo(const QByteArray &argument);
    void startTls();
    void onEncrypted();
    void auth(const QByteArray &argument);
    void checkPlain(const QByteArray &response);
    void checkLogin(const QString &user, const QString &password);
    void mail(const QByteArray &argument);
    void rcpt(const QByteArray &argument);
    void data();
    void endOfData();
    void keep(const QString &from, const QStringList &to, const QByteArray &data, bool held,
              int answer);
    // Applies the fault table's decision for `phase`; true when the fault took the answer over.
    bool faulted(const QString &phase, const Keep &keep, const std::function<void()> &answer);
    // Holds every later line until `fn` has run after delayMs (never when delayMs < 0).
    void later(int delayMs, std::function<void()> fn);
    void reply(const QByteArray &line);
    void close();
    void resetTransaction();

    Context m_context;
    QSslSocket *m_socket = nullptr;
    QByteArray m_input;
    Mode m_mode = Mode::Command;
    bool m_paused = false; // an answer is held back: later lines wait
    bool m_helo = false;
    bool m_tls = false;
    bool m_authed = false;
    QString m_loginUser;
    bool m_inMail = false;
    QString m_from;
    QStringList m_recipients;
    QByteArray m_data;
    bool m_longLine = false;
    bool m_tooBig = false;
    qint64 m_queued = 0;
};

} // namespace ops::sim
