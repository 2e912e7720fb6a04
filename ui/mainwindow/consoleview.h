#pragma once

// What the console (app/console) sees of a console window: one interface, whatever presenter
// does the work behind it (issue 55 item 2). The window asks for network work and long jobs
// through ConsoleRequests' signals; the console answers through ConsoleView's calls, on the UI
// thread. Local writes go the other way, through the ConsoleWrites the console hands over.

#include "common/consolewrites.h"
#include "domain/lookupanswer.h"
#include "domain/operation.h"
#include "mainwindow/consolerequests.h"

#include <optional>

class QWidget;

namespace ops::ui {

class ModeBanner;

class ConsoleView
{
public:
    virtual ~ConsoleView() = default;

    virtual ConsoleRequests &requests() = 0;
    // Where the window's writes go; until set, every write is refused with a message
    // (ConsoleWrites::none). `writes` must outlive the window.
    virtual void setWrites(ConsoleWrites &writes) = 0;
    // actor: "operator:alice"; leaseHolder: actor plus this console's session id, so two
    // consoles of the same person still exclude each other.
    virtual QString actor() const = 0;
    virtual QString leaseHolder() const = 0;
    // The parent for the console's own dialogs (Connections, Agents).
    virtual QWidget *dialogParent() = 0;
    // The badge and live banner that say the connection's mode, made on first use: the console
    // decides the mode from its keys and URLs.
    virtual ModeBanner &modeBanner() = 0;

    // What the console knows of its set-up: which provider keys are live (Resend always asks
    // first for them), and why messages cannot go to the helpdesk ('' when they can).
    virtual void setLiveKeys(bool stripeLive, bool slenLive, bool adyenLive) = 0;
    virtual void setHelpdeskProblem(const QString &problem) = 0;

    // A job runs (the actions that need the network are off) until clearBusy or jobCancelled;
    // `message` and `text` go to the status bar.
    virtual void setBusy(const QString &text, bool cancellable) = 0;
    virtual void clearBusy(const QString &message = {}) = 0;
    virtual void jobCancelled(const QString &text) = 0;
    virtual void showError(const QString &what, const QString &next) = 0;
    virtual void showStatus(const QString &text, int timeoutMs) = 0;

    // Re-reads everything shown.
    virtual void reloadAll() = 0;
    // Before one of the console's jobs writes: applies what other connections committed and
    // the change feed has not reported yet, so a later report holds only the job's commits or
    // newer ones.
    virtual void catchUpWithDatabase() = 0;
    // A row changed by the console's own job, read once after the job's last commit: the lists
    // replace it by value, the Checking count follows its state, the detail shows it when it is
    // the current row. stateBefore: as the job found it. approvalRequested: the job stored a
    // pending approval instead. onlyWriter: no other connection committed while the job ran.
    virtual void applyOperation(const Operation &row, OperationState stateBefore,
                                bool approvalRequested, bool onlyWriter) = 0;

    // The answers to the requests.
    virtual void showLookupAnswer(const LookupAnswer &answer) = 0;
    virtual void showResendOutcome(const QString &operationId, bool ok, const QString &text) = 0;
    virtual void showNewRefundOutcome(const std::optional<Operation> &opened,
                                      const QString &message, const QString &error,
                                      const QString &next) = 0;
};

} // namespace ops::ui
