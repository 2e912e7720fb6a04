#pragma once

// Slen v1 objects the product reads (docs/design.md §5), and their parsers. Parsers never throw: a
// body that is not the expected object yields nullopt.

#include <QByteArray>
#include <QMap>
#include <QString>
#include <nlohmann/json.hpp>
#include <optional>

namespace ops {

struct SlenError
{
    QString code; // idempotency_conflict, insufficient_credits, flow_not_found, …
    QString message;
    QString requestId;
    QString executionId; // invalid_flow_input: the execution that was created and failed
};

struct SlenMovement
{
    QString id; // mv_…
    QString kind;
    QString customerId;
    QString creditType;
    qint64 amount = 0;
    QString note;
    qint64 balanceAfter = 0;
};

struct SlenAccount
{
    QString customerId;
    QMap<QString, qint64> balances;
};

// The answer to a movement: the movement itself, or — when the stored answer has expired (24 h)
// — only the account as it is now with replayed = true. Both mean the credits moved once.
struct SlenMovementReply
{
    std::optional<SlenMovement> movement;
    SlenAccount account;
    bool replayed = false;
};

struct SlenExecution
{
    QString id; // ex_…
    QString flow;
    QString status; // queued, waiting, running, succeeded, failed
    QString errorCode;
    QString operationId;              // context.operation_id, when present
    nlohmann::json result;            // null until finished
    std::optional<qint64> costActual; // only once finished, never in the creating response
    bool replayed = false;

    bool finished() const { return status == u"succeeded" || status == u"failed"; }
};

bool isKnownExecutionStatus(const QString &status);

std::optional<SlenError> parseSlenError(const QByteArray &body);
std::optional<SlenAccount> parseSlenAccount(const QByteArray &body);
std::optional<SlenMovementReply> parseSlenMovementReply(const QByteArray &body);
std::optional<SlenExecution> parseSlenExecution(const QByteArray &body);

} // namespace ops
