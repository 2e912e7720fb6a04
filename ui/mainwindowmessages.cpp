// MainWindow: message the customer (DESIGN rule 11). The dialog composes; this file queues the
// message in the outbox (a short local write, like evidence and closes) and then either asks the
// console controller to deliver it on a worker thread or copies it to the clipboard.

#include "composedialog.h"
#include "database.h"
#include "mainwindow.h"
#include "uilogging.h"

#include <QApplication>
#include <QClipboard>
#include <QStatusBar>

using namespace Qt::StringLiterals;

namespace ops::ui {

void MainWindow::messageCustomer()
{
    openComposeDialog();
}

ComposeDialog *MainWindow::openComposeDialog()
{
    if (!m_current)
        return nullptr;
    std::optional<Operation> op;
    try {
        op = m_store.operation(m_current->id); // the state as it is now, not as last shown
    } catch (const StoreError &e) {
        showError(u"Could not read %1: %2"_s.arg(m_current->id, e.message()),
                  u"Try again in a moment."_s);
        return nullptr;
    }
    if (!op || !m_access.rights.testFlag(Right::Message))
        return nullptr;
    auto *dialog = new ComposeDialog(
        *op, m_actor,
        [this](const MessageDraft &d, ComposeDialog::Action action) {
            return submitMessage(d, action == ComposeDialog::Action::Copy);
        },
        this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setSendBlockedReason(m_helpdeskProblem);
    connect(dialog, &QDialog::accepted, this, &MainWindow::reloadAll);
    dialog->open();
    return dialog;
}

QString MainWindow::submitMessage(const MessageDraft &draft, bool copy)
{
    try {
        MessageStore outbox(m_store.database(), m_store.clock());
        const EnqueueResult queued = outbox.enqueue(draft);
        if (!queued.message)
            return u"Not queued: %1."_s.arg(queued.error);
        const CustomerMessage &m = *queued.message;
        if (m.state == MessageState::Sent)
            return u"The customer already has this message (%1 %2). It is not sent twice."_s.arg(
                m.channel == MessageChannel::Clipboard ? u"copied by"_s : u"sent by"_s, m.sentBy);
        if (copy) {
            if (const QString refusal = outbox.markCopied(m.id, m_actor); !refusal.isEmpty())
                return u"Not copied: %1."_s.arg(refusal);
            QApplication::clipboard()->setText(m.body);
            statusBar()->showMessage(
                u"Message copied to the clipboard; paste it into conversation %1."_s.arg(
                    m.conversation),
                8000);
            return {};
        }
        qCInfo(lcUi) << "message" << m.id << (queued.created ? "queued" : "re-sent");
        emit messageSendRequested(m.id);
        return {};
    } catch (const ActionRefused &e) {
        return u"Not queued: %1."_s.arg(e.message());
    } catch (const StoreError &e) {
        return u"The database refused the message: %1"_s.arg(e.message());
    }
}

} // namespace ops::ui
