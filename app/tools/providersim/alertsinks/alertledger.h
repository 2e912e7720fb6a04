#pragma once

// What provider-sim's alert sinks received (GET /_sim/alerts): each delivery of the Slack-style
// webhook sink and the SMTP sink, and four counts:
//   delivered   deliveries stored (a "stored then 500" and a mail held after "." included)
//   duplicates  deliveries whose key was stored before: the same Message-ID, or the same text
//               to the same hook
//   refused     requests and commands the sinks answered with a refusal, nothing stored
//   timed_out   answers the sinks held back (the hang faults)
// The key of a mail is its Message-ID; of a webhook post, "text:" and 16 hex digits of SHA-256
// over its text. Holds the last `capacity` deliveries; the counts cover everything since the
// last reset.

#include <QDateTime>
#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>
#include <deque>
#include <nlohmann/json.hpp>
#include <utility>

namespace ops::sim {

struct AlertDelivery
{
    QString channel; // "slack" | "smtp"
    QString key;
    QString hook;           // slack: the hook id of /_sink/slack/<hook>
    QString text;           // slack: the text as posted; smtp: the body, decoded, "\n" line ends
    QString subject;        // smtp: decoded (RFC 2047)
    QString from;           // smtp: the envelope sender
    QStringList recipients; // smtp: the envelope recipients (RCPT TO)
    QList<std::pair<QString, QString>> headers; // smtp: every header, unfolded, in order
    int answer = 0;         // the status or reply code the sink answered (or will, once held)
    bool held = false;      // its answer was held back (commit_then_hang)
    bool duplicate = false; // set by the ledger
    QDateTime at;
};

class AlertLedger
{
public:
    static constexpr std::size_t capacity = 10000;

    // Stores `delivery`, marked duplicate when its channel, hook and key were stored before.
    void deliver(AlertDelivery delivery);
    void refused() { ++m_refused; }
    void timedOut() { ++m_timedOut; }

    // {"deliveries":[…], "counts":{"delivered","duplicates","refused","timed_out"}}.
    nlohmann::json toJson() const;
    void clear();

    // "text:" + 16 hex digits of SHA-256 over the text.
    static QString textKey(const QString &text);

private:
    std::deque<AlertDelivery> m_deliveries;
    QSet<QString> m_seen;
    qint64 m_delivered = 0;
    qint64 m_duplicates = 0;
    qint64 m_refused = 0;
    qint64 m_timedOut = 0;
};

} // namespace ops::sim
