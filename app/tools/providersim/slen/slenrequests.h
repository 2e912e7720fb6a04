#pragma once

// Routing and body validation for the Slen simulator. Pure functions: no state, no clock.
//
// Credit movement body:  {"credit_type":"credits","amount":100,"note":"op_…"}
//   credit_type  required, non-empty string (≤ 64 chars)
//   amount       required integer, |amount| ≤ 10^15; topup/charge > 0, adjust ≠ 0 (may be < 0)
//   note         optional string (≤ 500 chars) or null
// Execute body:  {"flow":"generate_email","input":{…},"context":{…},"execution_mode":"sync",
//                 "external_user_id":"u_1"}
//   flow         required, non-empty string
//   input        required object
//   context      optional object or null
//   execution_mode optional, "sync" (default) or "async"
//   external_user_id optional, non-empty string
// Unknown members are ignored (they still count in the byte-for-byte comparison of keys).

#include "providersim/simtypes.h"

#include <variant>

namespace ops::sim::slen {

struct Route
{
    enum class Type
    {
        Movement,
        Execute,
        GetCustomer,
        GetExecution,
        NotFound,
        MethodNotAllowed
    };

    Type type = Type::NotFound;
    QString id;   // customer (external user id) or execution id
    QString kind; // movement kind: topup | charge | adjust
};

Route routeOf(const SimRequest &request);

struct MovementBody
{
    QString creditType;
    qint64 amount = 0;
    QString note;
};

// The movement, or why the body is not a valid movement of `kind` (the simulator's own
// variant style, as its admin parsers: it shares no code with the product it stands in for).
std::variant<MovementBody, QString> parseMovement(const QString &kind, const QByteArray &body);

struct ExecuteBody
{
    QString flow;
    nlohmann::json json; // the parsed body, for the execution's input/context/mode
};

// The execution's body, or why it is not one.
std::variant<ExecuteBody, QString> parseExecute(const QByteArray &body);

} // namespace ops::sim::slen
