// RowActions: message the customer (docs/design.md rule 11). The dialog composes; this file queues
// the message in the outbox (a short local write, like evidence and closes) and then either asks
// the console controller to deliver it on a worker thread or copies it to the clipboard. It also
// links a row to its helpdesk ticket (§17), where the row's messages then go.

#include "common/consolewrites.h"
#include "common/refusaltext.h"
#include "common/uilogging.h"
#include "dialogs/composedialog.h"
#include "mainwindow/detailpresenter.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/rowactions.h"

#include <QApplication>
#include <QClipboard>
#include <QInputDialog>

using namespace Qt::StringLiterals;

namespace ops::ui {

ComposeDialog *RowActions::openComposeDialog()
{
    return current() ? openComposeDialogFor(current()->id) : nullptr;
}

ComposeDialog *RowActions::openComposeDialogFor(const QString &operationId)
{
    std::optional<Operation> op;
    try {
        op = m_frame.reads().operation(operationId); // the state as it is now, not as last shown
    } catch (const StoreError &e) {
        m_frame.showError(tr("Could not read %1: %2").arg(operationId, e.message()),
                          tr("Try again in a moment."));
        return nullptr;
    }
    if (!op || !m_frame.access().rights.testFlag(Right::Message))
        return nullptr;
    auto *dialog = new ComposeDialog(
        *op, m_frame.actor(),
        [this](const MessageDraft &d, ComposeDialog::Action action,
               const ComposeDialog::Answer &answer) {
            submitMessage(d, action == ComposeDialog::Action::Copy, answer);
        },
        &m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setSendBlockedReason(m_helpdeskProblem);
    connect(dialog, &QDialog::accepted, &m_frame, &MainWindow::reloadAll);
    dialog->open();
    return dialog;
}

void RowActions::submitMessage(const MessageDraft &draft, bool copy,
                               const ComposeDialog::Answer &answer)
{
    m_frame.writes().queueMessage(
        draft, copy, m_frame.actor(), this, [this, copy, answer](const Written<MessageQueued> &w) {
            try {
                answer(messageQueued(w.get(), copy));
            } catch (const ActionRefused &e) {
                answer(tr("Not queued: %1.").arg(refusalText(e)));
            } catch (const StoreError &e) {
                answer(tr("The database refused the message: %1").arg(e.message()));
            }
        });
}

QString RowActions::messageQueued(const MessageQueued &done, bool copy)
{
    const EnqueueResult &queued = done.queued;
    if (!queued.message)
        return tr("Not queued: %1.").arg(queued.error);
    const CustomerMessage &m = *queued.message;
    if (m.state == MessageState::Sent)
        return (m.channel == MessageChannel::Clipboard
                    ? tr("The customer already has this message (copied by %1). It is not "
                         "sent twice.")
                    : tr("The customer already has this message (sent by %1). It is not sent "
                         "twice."))
            .arg(m.sentBy);
    if (copy) {
        if (!done.copyRefusal.isEmpty())
            return tr("Not copied: %1.").arg(done.copyRefusal);
        QApplication::clipboard()->setText(m.body);
        m_frame.showStatus(tr("Message copied to the clipboard; paste it into conversation %1.")
                               .arg(m.conversation),
                           8000);
        return {};
    }
    qCInfo(lcUi) << "message" << m.id << (queued.created ? "queued" : "re-sent");
    emit m_frame.requests().messageSendRequested(m.id);
    return {};
}

QInputDialog *RowActions::openTicketDialog()
{
    if (!current() || !m_frame.access().rights.testFlag(Right::Message))
        return nullptr;
    const QString id = current()->id;
    auto *dialog = new QInputDialog(&m_frame);
    dialog->setObjectName(u"ticketDialog"_s);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Link to ticket"));
    dialog->setLabelText(tr("Helpdesk ticket or conversation of %1 (empty: none). Messages about "
                            "it go there.")
                             .arg(id));
    dialog->setTextValue(current()->ticket);
    dialog->setWindowModality(Qt::WindowModal);
    connect(dialog, &QInputDialog::textValueSelected, this,
            [this, id](const QString &ticket) { submitTicket(id, ticket.trimmed()); });
    dialog->open();
    return dialog;
}

void RowActions::submitTicket(const QString &operationId, const QString &ticket)
{
    m_frame.writes().linkTicket(
        operationId, ticket, m_frame.actor(), this,
        [this, operationId, ticket](const Written<QString> &w) {
            try {
                if (const QString refusal = w.get(); !refusal.isEmpty())
                    return m_frame.showError(tr("Not linked: %1.").arg(refusal),
                                             tr("Use the ticket's id from the helpdesk."));
            } catch (const ActionRefused &e) {
                return m_frame.showError(tr("Not linked: %1.").arg(refusalText(e)), {});
            } catch (const StoreError &e) {
                return m_frame.showError(tr("The database refused the link: %1").arg(e.message()),
                                         tr("Try again in a moment."));
            }
            m_frame.dismissBanner(); // a refusal of an earlier try no longer stands
            m_frame.showStatus(ticket.isEmpty()
                                   ? tr("%1 is linked to no ticket now.").arg(operationId)
                                   : tr("%1 is linked to ticket %2.").arg(operationId, ticket),
                               6000);
            m_frame.reloadAll();
        });
}

} // namespace ops::ui
