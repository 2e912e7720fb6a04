// opsctl evidence add / close: what a person does to an operation from a terminal.

#include "cli/commandcontext.h"
#include "cli/decisionnotes.h"
#include "cli/opsctl.h"
#include "storage/access/approvals.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"

#include <QFile>
#include <QFileInfo>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops::cli {

namespace {

constexpr qint64 kMaxEvidenceBytes = 10 * 1024 * 1024;

const QStringList kEvidenceKinds = {u"provider_object"_s, u"provider_event"_s, u"support_answer"_s,
                                    u"note"_s, u"file"_s};

std::optional<QString> operatorActor(const CommandContext &ctx)
{
    if (ctx.personName().isEmpty())
        return std::nullopt;
    return ctx.actor();
}

// Reads the evidence body from --file or --text; JSON kinds must parse and are stored
// pretty-printed so a reader sees the provider's object as it was.
Result<std::pair<QByteArray, QString>> evidenceBody(const CliArgs &opts, const QString &kind)
{
    QByteArray body;
    if (opts.has(u"file"_s) == opts.has(u"text"_s))
        return Failure{u"give exactly one of --file PATH or --text TEXT"_s};
    if (opts.has(u"text"_s)) {
        body = opts.value(u"text"_s).toUtf8();
    } else {
        const QFileInfo info(opts.value(u"file"_s));
        if (!info.isFile())
            return Failure{u"no file %1"_s.arg(info.filePath())};
        if (info.size() > kMaxEvidenceBytes)
            return Failure{u"evidence files are limited to %1 bytes"_s.arg(kMaxEvidenceBytes)};
        QFile f(info.filePath());
        if (!f.open(QIODevice::ReadOnly))
            return Failure{u"cannot read %1"_s.arg(info.filePath())};
        body = f.readAll();
    }
    if (body.trimmed().isEmpty())
        return Failure{u"evidence is empty"_s};
    if (kind != u"provider_object"_s && kind != u"provider_event"_s)
        return std::pair<QByteArray, QString>{body, kind == u"file"_s
                                                        ? u"application/octet-stream"_s
                                                        : u"text/plain; charset=utf-8"_s};
    const auto parsed = nlohmann::json::parse(body.constBegin(), body.constEnd(), nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object())
        return Failure{u"%1 evidence must be a JSON object"_s.arg(kind)};
    return std::pair<QByteArray, QString>{QByteArray::fromStdString(parsed.dump(2)),
                                          u"application/json"_s};
}

// Above the four-eyes threshold the close is stored as a pending approval: a result, exit 0.
int printAwaitingApproval(CommandContext &ctx, const QString &operationId, qint64 id)
{
    ctx.err << "opsctl: " << describe(ManualCloseRefusal::AwaitingApproval) << "; approval #" << id
            << " is pending" << Qt::endl;
    ctx.out << QString::fromStdString(nlohmann::ordered_json{
                   {"operation_id", operationId.toStdString()},
                   {"state", "awaiting_approval"},
                   {"approval_id", id}}.dump())
            << Qt::endl;
    return ExitCode::Ok;
}

} // namespace

int evidenceCommand(CommandContext &ctx, const QStringList &args)
{
    if (args.isEmpty() || args.first() != u"add"_s)
        return ctx.usage(
            u"usage: opsctl evidence add OP --kind K --title T (--file F | --text T)"_s);
    const auto opts =
        CliArgs::parse(args.mid(1), {u"kind"_s, u"title"_s, u"file"_s, u"text"_s}, {});
    if (!opts)
        return ctx.usage(opts.error());
    if (opts->positionals().size() != 1)
        return ctx.usage(u"evidence add takes one operation id"_s);
    const auto actor = operatorActor(ctx);
    if (!actor)
        return ctx.usage(u"evidence is added by a person: give --operator NAME or OPS_OPERATOR"_s);
    const QString kind = opts->value(u"kind"_s);
    if (!kEvidenceKinds.contains(kind))
        return ctx.usage(u"--kind must be one of "_s + kEvidenceKinds.join(u", "_s));
    const QString title = opts->value(u"title"_s).trimmed();
    if (title.isEmpty())
        return ctx.usage(u"--title is required"_s);
    const auto body = evidenceBody(*opts, kind);
    if (!body)
        return ctx.usage(body.error());

    auto session = ctx.openSession();
    const QString id = opts->positionals().first();
    if (!session->store().operation(id))
        return ctx.usage(u"no operation %1"_s.arg(id));
    Evidence e;
    e.operationId = id;
    e.kind = kind;
    e.title = title;
    e.contentType = body->second;
    e.body = body->first;
    e.createdBy = *actor;
    const qint64 evidenceId = session->store().addEvidence(e);
    const auto stored = session->store().evidence(id);
    ctx.out << QString::fromStdString(
                   nlohmann::ordered_json{{"evidence_id", evidenceId},
                                          {"operation_id", id.toStdString()},
                                          {"sha256", stored.back().sha256.toStdString()}}
                       .dump())
            << Qt::endl;
    return ExitCode::Ok;
}

int closeCommand(CommandContext &ctx, const QStringList &args)
{
    const auto opts =
        CliArgs::parse(args, {u"outcome"_s, u"reason"_s, u"evidence"_s, u"provider-ref"_s}, {});
    if (!opts)
        return ctx.usage(opts.error());
    if (opts->positionals().size() != 1)
        return ctx.usage(u"close takes one operation id"_s);
    const auto actor = operatorActor(ctx);
    if (!actor)
        return ctx.usage(u"a close is made by a person: give --operator NAME or OPS_OPERATOR"_s);
    ManualClose c;
    c.operationId = opts->positionals().first();
    const auto outcome = stateFromString(opts->value(u"outcome"_s));
    c.outcome = outcome.value_or(OperationState::Open);
    c.reason = opts->value(u"reason"_s);
    c.providerRef = opts->value(u"provider-ref"_s);
    c.actor = *actor;
    for (const QString &part : opts->value(u"evidence"_s).split(u',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const qint64 id = part.trimmed().toLongLong(&ok);
        if (!ok || id <= 0)
            return ctx.usage(u"--evidence takes evidence ids, e.g. 3,4"_s);
        c.evidenceIds.append(id);
    }
    auto session = ctx.openSession();
    const ManualCloseResult result = session->store().closeManually(c);
    switch (result.refusal) {
    case ManualCloseRefusal::None:
        break;
    case ManualCloseRefusal::AwaitingApproval:
        return printAwaitingApproval(ctx, c.operationId, result.approvalId);
    case ManualCloseRefusal::NotPermitted: // the message names the operator and the right
    case ManualCloseRefusal::AlreadyAwaitingApproval: // and this one the operation
        return ctx.usage(result.message);
    default:
        return ctx.usage(u"cannot close %1: %2"_s.arg(c.operationId, result.message));
    }
    nlohmann::ordered_json out{{"operation_id", c.operationId.toStdString()},
                               {"state", toString(c.outcome).toStdString()}};
    if (const auto notes = sendDecisionNotes(ctx, *session, c.operationId); !notes.empty())
        out["decision_notes"] = notes;
    ctx.out << QString::fromStdString(out.dump()) << Qt::endl;
    return ExitCode::Ok;
}

} // namespace ops::cli
