#include "console/consolewriter.h"

#include "common/refusaltext.h"
#include "domain/storeerror.h"
#include "storage/access/accessstore.h"
#include "storage/events/eventstore.h"
#include "storage/messages/messagestore.h"
#include "storage/operations/closeapproval.h"
#include "storage/operations/operationstore.h"
#include "storage/session.h"
#include "storage/team/teamstore.h"

#include <QCoreApplication>
#include <QPointer>

namespace ops::console {

ConsoleWriter::ConsoleWriter(QString location, const Clock &clock, QObject *parent)
    : QObject(parent)
    , m_location(std::move(location))
    , m_clock(clock)
{
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1); // one thread for the console's life, not one per idle spell
}

ConsoleWriter::~ConsoleWriter()
{
    m_pool.start([this] { m_session.reset(); }); // closed on the thread that used it
    m_pool.waitForDone();
}

void ConsoleWriter::waitForIdle()
{
    // An answer may ask for the next write (attach, then ask for the close): wait for those too.
    while (m_pending > 0) {
        m_pool.waitForDone();
        QCoreApplication::sendPostedEvents(this);
    }
}

template<typename T>
void ConsoleWriter::run(std::function<T(Session &)> write, QObject *context, Done<T> done)
{
    QPointer<QObject> receiver(context);
    ++m_pending;
    m_pool.start([this, write = std::move(write), receiver, done = std::move(done)] {
        auto answer = ui::Written<T>::failure({});
        // The caller tells the failures apart (ActionRefused, StoreError, LocationError).
        try {
            if (!m_session)
                m_session = std::make_unique<Session>(m_location, m_clock);
            answer = ui::Written<T>::value(write(*m_session));
        } catch (const ActionRefused &) {
            answer = ui::Written<T>::failure(std::current_exception());
        } catch (...) {
            m_session.reset(); // the connection may be gone: the next write opens a new one
            answer = ui::Written<T>::failure(std::current_exception());
        }
        QMetaObject::invokeMethod(
            this,
            [this, receiver, done, answer] {
                --m_pending;
                if (receiver)
                    done(answer);
            },
            Qt::QueuedConnection);
    });
}

void ConsoleWriter::addEvidence(const Evidence &evidence, QObject *context,
                                Done<ui::EvidenceAdded> done)
{
    run<ui::EvidenceAdded>(
        [evidence](Session &s) {
            const qint64 id = s.store().addEvidence(evidence);
            return ui::EvidenceAdded{id, s.store().evidence(evidence.operationId)};
        },
        context, std::move(done));
}

void ConsoleWriter::closeManually(const ManualClose &close, QObject *context,
                                  Done<ManualCloseResult> done)
{
    run<ManualCloseResult>([close](Session &s) { return s.store().closeManually(close); }, context,
                           std::move(done));
}

void ConsoleWriter::askForClose(const ManualClose &close, QObject *context,
                                Done<ManualCloseResult> done)
{
    run<ManualCloseResult>([close](Session &s) { return ops::askForClose(s.store(), close); },
                           context, std::move(done));
}

void ConsoleWriter::clearAttention(const QString &operationId, const QString &actor,
                                   const QString &note, QObject *context, Done<bool> done)
{
    run<bool>([=](Session &s) { return s.events().clearAttention(operationId, actor, note); },
              context, std::move(done));
}

void ConsoleWriter::setApprovalThresholds(
    const QString &actor, const std::vector<std::pair<QString, std::optional<qint64>>> &changes,
    QObject *context, Done<ui::ThresholdsSaved> done)
{
    run<ui::ThresholdsSaved>(
        [=](Session &s) {
            ui::ThresholdsSaved saved;
            for (const auto &[currency, minor] : changes) {
                try {
                    s.access().setApprovalThreshold(actor, currency, minor);
                } catch (const StoreError &e) { // an ActionRefused in the person's words
                    saved.refusal = ui::storeErrorText(e);
                    break;
                }
                ++saved.stored;
            }
            return saved;
        },
        context, std::move(done));
}

void ConsoleWriter::decideApproval(qint64 approvalId, bool approve, const QString &actor,
                                   const QString &reason, QObject *context, Done<Approval> done)
{
    run<Approval>(
        [=](Session &s) {
            return approve ? approveRequest(s.store(), approvalId, actor, reason)
                           : rejectRequest(s.store(), approvalId, actor, reason);
        },
        context, std::move(done));
}

void ConsoleWriter::queueMessage(const MessageDraft &draft, bool copy, const QString &actor,
                                 QObject *context, Done<ui::MessageQueued> done)
{
    run<ui::MessageQueued>(
        [=](Session &s) {
            ui::MessageQueued answer{s.messages().enqueue(draft), {}};
            const auto &m = answer.queued.message;
            if (copy && m && m->state != MessageState::Sent)
                answer.copyRefusal = s.messages().markCopied(m->id, actor);
            return answer;
        },
        context, std::move(done));
}

void ConsoleWriter::revokeAgent(const QString &actor, const QString &agent, QObject *context,
                                Done<bool> done)
{
    run<bool>(
        [=](Session &s) {
            s.access().revokeAgent(actor, agent);
            return true;
        },
        context, std::move(done));
}

void ConsoleWriter::addOperator(const QString &byActor, const QString &name, Role role,
                                QObject *context, Done<OperatorRecord> done)
{
    run<OperatorRecord>([=](Session &s) { return s.addOperator(byActor, name, role); }, context,
                        std::move(done));
}

void ConsoleWriter::rejectAgentRequest(const QString &operationId, const QString &actor,
                                       const QString &reason, QObject *context, Done<bool> done)
{
    run<bool>([=](Session &s) { return s.store().rejectAgentRequest(operationId, actor, reason); },
              context, std::move(done));
}

void ConsoleWriter::linkTicket(const QString &operationId, const QString &ticket,
                               const QString &actor, QObject *context, Done<QString> done)
{
    run<QString>([=](Session &s) { return s.store().linkTicket(operationId, ticket, actor); },
                 context, std::move(done));
}

void ConsoleWriter::takeRow(const QString &operationId, const QString &actor,
                            const QString &expectedOwner, QObject *context, Done<QString> done)
{
    run<QString>([=](Session &s) { return s.team().take(operationId, actor, expectedOwner); },
                 context, std::move(done));
}

void ConsoleWriter::assignRow(const QString &operationId, const QString &owner,
                              const QString &actor, const QString &expectedOwner, QObject *context,
                              Done<QString> done)
{
    run<QString>(
        [=](Session &s) { return s.team().assign(operationId, owner, actor, expectedOwner); },
        context, std::move(done));
}

void ConsoleWriter::releaseRow(const QString &operationId, const QString &actor,
                               const QString &expectedOwner, QObject *context, Done<QString> done)
{
    run<QString>([=](Session &s) { return s.team().release(operationId, actor, expectedOwner); },
                 context, std::move(done));
}

void ConsoleWriter::addNote(const QString &operationId, const QString &body, const QString &actor,
                            QObject *context, Done<qint64> done)
{
    run<qint64>([=](Session &s) { return s.team().addNote(operationId, body, actor); }, context,
                std::move(done));
}

} // namespace ops::console
