#pragma once

// A write transaction on an operation store's connection, for the layers above storage that
// make several stores' writes one durable commit (the engine's finished attempt and its close,
// the webhook receiver's batch of events, the reconciler's reading and decision). It is the one
// WriteTransaction of storage/db/sqltransaction.h: scopes nest by joining, only the outermost
// commit is durable, and a scope left without commit() rolls back.

#include "domain/result.h"

#include <QString>
#include <functional>
#include <memory>

namespace ops {

class OperationStore;
class WriteTransaction;

class WriteScope
{
public:
    explicit WriteScope(OperationStore &store);
    // A step on one operation's row only (its attempt's answer and its settlement): on
    // PostgreSQL it locks that operation, beside other writers (storage/db/writelocks.h).
    WriteScope(OperationStore &store, const QString &operationId);
    ~WriteScope();
    WriteScope(const WriteScope &) = delete;
    WriteScope &operator=(const WriteScope &) = delete;

    // Outermost scope: COMMIT, durable when it returns (throws StoreError when it fails).
    void commit();
    // Ends the whole transaction now, joined or not.
    void rollback();

    // Runs `step` inside a savepoint of this transaction: when it throws StoreError only its own
    // writes are undone and the transaction goes on, and the step fails with the error's text;
    // otherwise its writes stand (they commit with the transaction).
    Result<void> step(const std::function<void()> &step);

    // Durable commits the outermost write transactions (WriteScope's and the stores' own) made
    // on `store`'s connection in this thread since it was first used: what the benchmarks count
    // per refund and per reconciled row. Take the difference of two readings.
    static qint64 durableCommits(OperationStore &store);

private:
    OperationStore &m_store;
    std::unique_ptr<WriteTransaction> m_tx;
};

} // namespace ops
