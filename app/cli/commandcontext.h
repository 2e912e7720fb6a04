#pragma once

// What every opsctl command gets: the parsed global options, the output streams, and the
// configuration read from the environment.

#include "cli/cliargs.h"
#include "config/engineenv.h"
#include "domain/clock.h"
#include "storage/access/identity.h"

#include <QTextStream>
#include <QUrl>
#include <chrono>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <stdexcept>

namespace ops {
struct ApplyPreviewRow;
class Session;
class ReconcilerService;
class AlertService;
} // namespace ops

namespace ops::cli {

// The user pointed us at something unusable (e.g. a database path that cannot be written):
// exit 2, not 1.
class InvalidInput : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

struct CommandContext
{
    QString dbLocation;
    QString operatorName; // --operator, else OPS_OPERATOR (tool commands act as this or agent:)
    QTextStream &out;
    QTextStream &err;
    SystemClock clock;
    // Who the database says is logged in; bound before the command runs (team mode: a person's
    // operatorName is their login, and naming someone else was refused with exit 2).
    Identity identity;

    // Opens the database (migrating the schema) for this command; throws InvalidInput when the
    // location is unusable, StoreError when the database fails.
    std::unique_ptr<Session> openSession();
    // Who a person's command (close, evidence, operator, approval, settings) acts as:
    // operatorName, else the OS user. Rights are checked by the store.
    QString personName() const;
    QString actor() const { return QStringLiteral("operator:") + personName(); }
    // Prints `message` to stderr and returns ExitCode::Usage.
    int usage(const QString &message);
};

using ops::envInteger; // engineenv.h: one reading of the environment for opsctl and the MCP server

int refundCommand(CommandContext &ctx, const QStringList &args);
int batchCommand(CommandContext &ctx, const QStringList &args); // batchcommands.cpp
int listCommand(CommandContext &ctx, const QStringList &args);
int showCommand(CommandContext &ctx, const QStringList &args);
int sweepCommand(CommandContext &ctx, const QStringList &args);
int dbCommand(CommandContext &ctx, const QStringList &args);
int auditCommand(CommandContext &ctx, const QStringList &args);
int auditExportCommand(CommandContext &ctx, const QStringList &args); // auditcommands.cpp
// "give --operator NAME …": what the audit commands say when no person can be named.
extern const QString kPersonNeeded; // auditcommands.cpp
int evidenceCommand(CommandContext &ctx, const QStringList &args);
int closeCommand(CommandContext &ctx, const QStringList &args);
int demoCommand(CommandContext &ctx, const QStringList &args);
int creditCommand(CommandContext &ctx, const QStringList &args);
int executeCommand(CommandContext &ctx, const QStringList &args);
int messageCommand(CommandContext &ctx, const QStringList &args); // messagecommand.cpp
int mcpCommand(CommandContext &ctx, const QStringList &args);     // mcpcommand.cpp
int webhookCommand(CommandContext &ctx, const QStringList &args); // webhookcommand.cpp
int eventsCommand(CommandContext &ctx, const QStringList &args);  // webhookcommand.cpp
int operatorCommand(CommandContext &ctx, const QStringList &args);
int agentCommand(CommandContext &ctx, const QStringList &args); // agentcommands.cpp
int approvalCommand(CommandContext &ctx, const QStringList &args);
// approval approve|reject op_…: an agent's held refund (agentrequestcommands.cpp).
int agentRequestDecision(CommandContext &ctx, const QString &decision, const QString &operationId,
                         const QString &reason);
int settingsCommand(CommandContext &ctx, const QStringList &args);
// take|assign|release OP (verb), note add|list OP (teamcommands.cpp, DESIGN §18).
int ownerCommand(CommandContext &ctx, const QString &verb, const QStringList &args);
int noteCommand(CommandContext &ctx, const QStringList &args);
int alertsCommand(CommandContext &ctx, const QStringList &args); // alertcommands.cpp
// opsctl serve's alert loop on its own thread, started when a channel is configured (else
// null, said on stderr); a failure when OPS_ALERT_* cannot be used (alertcommands.cpp).
Result<std::unique_ptr<AlertService>> startServeAlerts(CommandContext &ctx, Session &session);
// proposals apply for a resend proposal `check` (proposalresend.cpp): resent under the row's
// lease; `line` gets the JSON line to print. False when it was refused with nothing sent.
bool resendProposal(CommandContext &ctx, Session &session, const ApplyPreviewRow &check,
                    nlohmann::ordered_json &line);
int reconcileCommand(CommandContext &ctx, const QStringList &args); // reconcilecommands.cpp
int proposalsCommand(CommandContext &ctx, const QStringList &args); // reconcilecommands.cpp
int serveCommand(CommandContext &ctx, const QStringList &args);     // reconcilecommands.cpp
// webhook serve's options and receiver; withReconciler: opsctl serve (webhookcommand.cpp).
int serveWebhooks(CommandContext &ctx, const QStringList &args, bool withReconciler);
// opsctl serve's reconciler loop, started on the caller's event loop; drain() it at the signal.
// A failure when the provider settings are unusable (reconcilecommands.cpp).
Result<std::shared_ptr<ReconcilerService>> startServeReconciler(CommandContext &ctx,
                                                                Session &session, bool json = true);

} // namespace ops::cli
