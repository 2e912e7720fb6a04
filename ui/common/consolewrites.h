#pragma once

// Every write a console window makes, asked for by value and answered later on the UI thread
// (issue 55 item 2: the window shows, jobs write). The window and its dialogs never write through
// their own connection; app/console implements this on a worker thread with a connection of its
// own (consolewriter.h), one write after another in the order asked.
//
// Each call returns at once. `done` runs on the thread of `context` once the write has
// committed or failed, and not at all when `context` is gone by then (a dialog closed early).
// The answer carries the store's value or what it threw (written.h).

#include "common/written.h"
#include "domain/approval.h"
#include "domain/manualclose.h"
#include "domain/messagetypes.h"
#include "domain/operation.h"
#include "domain/operatoraccess.h"
#include "domain/rights.h"

#include <QString>
#include <functional>
#include <optional>
#include <vector>

class QObject;

namespace ops::ui {

// A stored piece of evidence: its id, and the operation's whole list as it is after the write
// (read in the same job), numbered as the detail pane numbers it.
struct EvidenceAdded
{
    qint64 id = 0;
    std::vector<Evidence> all;
};

// Approval thresholds saved one currency after another, as Settings lists them: how many were
// stored before the first refusal, and that refusal in the person's words ('' when all were).
struct ThresholdsSaved
{
    int stored = 0;
    QString refusal;
};

// A composed message queued (MessageStore::enqueue) and, when it is to be copied, marked copied
// by the same job: copyRefusal says why it was not ('' when it was, or was not asked).
struct MessageQueued
{
    EnqueueResult queued;
    QString copyRefusal;
};

class ConsoleWrites
{
public:
    template<typename T> using Done = std::function<void(const Written<T> &)>;

    virtual ~ConsoleWrites() = default;
    // A window nobody gave a writer: every write fails with a StoreError saying so, delivered
    // as any answer is (later, on the context's thread). Nothing is written.
    static ConsoleWrites &none();

    virtual void addEvidence(const Evidence &evidence, QObject *context,
                             Done<EvidenceAdded> done) = 0;
    // OperationStore::closeManually; four-eyes answers AwaitingApproval with the approval stored.
    virtual void closeManually(const ManualClose &close, QObject *context,
                               Done<ManualCloseResult> done) = 0;
    // askForClose (closeapproval.h): the close stored as an approval request, nothing closed.
    virtual void askForClose(const ManualClose &close, QObject *context,
                             Done<ManualCloseResult> done) = 0;
    // EventStore::clearAttention: false when the row no longer needed Attention.
    virtual void clearAttention(const QString &operationId, const QString &actor,
                                const QString &note, QObject *context, Done<bool> done) = 0;
    // AccessStore::setApprovalThreshold for each (currency, minor) in order, stopping at the
    // first refusal; nullopt removes the currency's threshold.
    virtual void
    setApprovalThresholds(const QString &actor,
                          const std::vector<std::pair<QString, std::optional<qint64>>> &changes,
                          QObject *context, Done<ThresholdsSaved> done) = 0;
    // approveRequest or rejectRequest (closeapproval.h): the approval as decided.
    virtual void decideApproval(qint64 approvalId, bool approve, const QString &actor,
                                const QString &reason, QObject *context, Done<Approval> done) = 0;
    // MessageStore::enqueue, then markCopied as `actor` when `copy` and the message is queued
    // and not yet sent.
    virtual void queueMessage(const MessageDraft &draft, bool copy, const QString &actor,
                              QObject *context, Done<MessageQueued> done) = 0;
    // AccessStore::revokeAgent: true once revoked.
    virtual void revokeAgent(const QString &actor, const QString &agent, QObject *context,
                             Done<bool> done) = 0;
    // Session::addOperator: `byActor` adds `name` with `role` (the first one through the
    // directory's bootstrap rule, firstrundialog.h).
    virtual void addOperator(const QString &byActor, const QString &name, Role role,
                             QObject *context, Done<OperatorRecord> done) = 0;
    // OperationStore::rejectAgentRequest: false when the row no longer waited for a person.
    virtual void rejectAgentRequest(const QString &operationId, const QString &actor,
                                    const QString &reason, QObject *context, Done<bool> done) = 0;
    // OperationStore::linkTicket: '' when linked (or unlinked, for an empty ticket), else why not.
    virtual void linkTicket(const QString &operationId, const QString &ticket, const QString &actor,
                            QObject *context, Done<QString> done) = 0;
    // TeamStore::take / assign / release (DESIGN §18): '' when the row has the wanted owner now,
    // else why nothing changed ("carol took op_x meanwhile": the row is not `expectedOwner`'s
    // any more). An ActionRefused when `actor` may not make the change.
    virtual void takeRow(const QString &operationId, const QString &actor,
                         const QString &expectedOwner, QObject *context, Done<QString> done) = 0;
    virtual void assignRow(const QString &operationId, const QString &owner, const QString &actor,
                           const QString &expectedOwner, QObject *context, Done<QString> done) = 0;
    virtual void releaseRow(const QString &operationId, const QString &actor,
                            const QString &expectedOwner, QObject *context, Done<QString> done) = 0;
    // TeamStore::addNote: the note's id; an ActionRefused for a text noteProblem() refuses or
    // without the attach right.
    virtual void addNote(const QString &operationId, const QString &body, const QString &actor,
                         QObject *context, Done<qint64> done) = 0;
};

} // namespace ops::ui
