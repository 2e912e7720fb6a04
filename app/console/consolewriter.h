#pragma once

// The console's writes (ui/common/consolewrites.h) on a worker thread: one at a time, in the
// order asked, on the worker's own database connection at `location` (a connection may not
// cross threads), opened by the first write and kept for the next ones. A write that fails for
// any reason but a refusal drops it, so the write after a lost server opens a new one. The
// answer is handed back on the thread the writer lives on (the UI thread), to a `done` whose
// context object still exists. Destroying the writer waits for the write in progress and closes
// the connection on the worker; answers not yet delivered are dropped.

#include "common/consolewrites.h"
#include "domain/clock.h"

#include <QObject>
#include <QThreadPool>
#include <memory>

namespace ops {
class Session;
}

namespace ops::console {

class ConsoleWriter final : public QObject, public ui::ConsoleWrites
{
    Q_OBJECT
public:
    ConsoleWriter(QString location, const Clock &clock, QObject *parent = nullptr);
    ~ConsoleWriter() override;

    // Blocks until every write asked for so far has run and its answer was delivered.
    void waitForIdle();

    void addEvidence(const Evidence &evidence, QObject *context,
                     Done<ui::EvidenceAdded> done) override;
    void closeManually(const ManualClose &close, QObject *context,
                       Done<ManualCloseResult> done) override;
    void askForClose(const ManualClose &close, QObject *context,
                     Done<ManualCloseResult> done) override;
    void clearAttention(const QString &operationId, const QString &actor, const QString &note,
                        QObject *context, Done<bool> done) override;
    void
    setApprovalThresholds(const QString &actor,
                          const std::vector<std::pair<QString, std::optional<qint64>>> &changes,
                          QObject *context, Done<ui::ThresholdsSaved> done) override;
    void decideApproval(qint64 approvalId, bool approve, const QString &actor,
                        const QString &reason, QObject *context, Done<Approval> done) override;
    void queueMessage(const MessageDraft &draft, bool copy, const QString &actor, QObject *context,
                      Done<ui::MessageQueued> done) override;
    void revokeAgent(const QString &actor, const QString &agent, QObject *context,
                     Done<bool> done) override;
    void addOperator(const QString &byActor, const QString &name, Role role, QObject *context,
                     Done<OperatorRecord> done) override;
    void rejectAgentRequest(const QString &operationId, const QString &actor, const QString &reason,
                            QObject *context, Done<bool> done) override;
    void linkTicket(const QString &operationId, const QString &ticket, const QString &actor,
                    QObject *context, Done<QString> done) override;
    void takeRow(const QString &operationId, const QString &actor, const QString &expectedOwner,
                 QObject *context, Done<QString> done) override;
    void assignRow(const QString &operationId, const QString &owner, const QString &actor,
                   const QString &expectedOwner, QObject *context, Done<QString> done) override;
    void releaseRow(const QString &operationId, const QString &actor, const QString &expectedOwner,
                    QObject *context, Done<QString> done) override;
    void addNote(const QString &operationId, const QString &body, const QString &actor,
                 QObject *context, Done<qint64> done) override;

private:
    template<typename T>
    void run(std::function<T(Session &)> write, QObject *context, Done<T> done);

    QString m_location;
    const Clock &m_clock;
    QThreadPool m_pool;                 // one thread: writes keep the order they were asked in
    int m_pending = 0;                  // asked for and not yet answered (UI thread only)
    std::unique_ptr<Session> m_session; // the worker's connection (pool thread only)
};

} // namespace ops::console
