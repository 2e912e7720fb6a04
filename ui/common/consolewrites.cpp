#include "common/consolewrites.h"

#include "domain/storeerror.h"

#include <QCoreApplication>
#include <QObject>

namespace ops::ui {

namespace {

class NoWrites final : public ConsoleWrites
{
public:
    void addEvidence(const Evidence &, QObject *context, Done<EvidenceAdded> done) override
    {
        refuse(context, std::move(done));
    }
    void closeManually(const ManualClose &, QObject *context, Done<ManualCloseResult> done) override
    {
        refuse(context, std::move(done));
    }
    void askForClose(const ManualClose &, QObject *context, Done<ManualCloseResult> done) override
    {
        refuse(context, std::move(done));
    }
    void clearAttention(const QString &, const QString &, const QString &, QObject *context,
                        Done<bool> done) override
    {
        refuse(context, std::move(done));
    }
    void setApprovalThresholds(const QString &,
                               const std::vector<std::pair<QString, std::optional<qint64>>> &,
                               QObject *context, Done<ThresholdsSaved> done) override
    {
        refuse(context, std::move(done));
    }
    void decideApproval(qint64, bool, const QString &, const QString &, QObject *context,
                        Done<Approval> done) override
    {
        refuse(context, std::move(done));
    }
    void queueMessage(const MessageDraft &, bool, const QString &, QObject *context,
                      Done<MessageQueued> done) override
    {
        refuse(context, std::move(done));
    }
    void revokeAgent(const QString &, const QString &, QObject *context, Done<bool> done) override
    {
        refuse(context, std::move(done));
    }
    void addOperator(const QString &, const QString &, Role, QObject *context,
                     Done<OperatorRecord> done) override
    {
        refuse(context, std::move(done));
    }
    void rejectAgentRequest(const QString &, const QString &, const QString &, QObject *context,
                            Done<bool> done) override
    {
        refuse(context, std::move(done));
    }
    void linkTicket(const QString &, const QString &, const QString &, QObject *context,
                    Done<QString> done) override
    {
        refuse(context, std::move(done));
    }
    void takeRow(const QString &, const QString &, const QString &, QObject *context,
                 Done<QString> done) override
    {
        refuse(context, std::move(done));
    }
    void assignRow(const QString &, const QString &, const QString &, const QString &,
                   QObject *context, Done<QString> done) override
    {
        refuse(context, std::move(done));
    }
    void releaseRow(const QString &, const QString &, const QString &, QObject *context,
                    Done<QString> done) override
    {
        refuse(context, std::move(done));
    }
    void addNote(const QString &, const QString &, const QString &, QObject *context,
                 Done<qint64> done) override
    {
        refuse(context, std::move(done));
    }

private:
    template<typename T> static void refuse(QObject *context, Done<T> done)
    {
        const auto answer =
            Written<T>::failure(std::make_exception_ptr(StoreError(QCoreApplication::translate(
                "ops::ui::ConsoleWrites", "this console cannot write: it was opened without its "
                                          "controller"))));
        QMetaObject::invokeMethod(
            context, [done = std::move(done), answer] { done(answer); }, Qt::QueuedConnection);
    }
};

} // namespace

ConsoleWrites &ConsoleWrites::none()
{
    static NoWrites writes;
    return writes;
}

} // namespace ops::ui
