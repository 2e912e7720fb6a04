// MainWindow as the console's ConsoleView: the banner, the status bar's job line, and the
// console's answers handed to the area they are about.

#include "mainwindow/mainwindow.h"
#include "mainwindow/rowactions.h"
#include "mainwindow/supervisorpresenter.h"
#include "widgets/modebanner.h"

#include <QAction>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>

namespace ops::ui {

QString MainWindow::bannerText() const
{
    return m_banner->isVisible() ? m_banner->text() : QString();
}

QString MainWindow::statusText() const
{
    return statusBar()->currentMessage();
}

void MainWindow::dismissBanner()
{
    m_banner->hide();
}

void MainWindow::showError(const QString &what, const QString &next)
{
    m_banner->setText(
        tr("<b>%1</b><br>What to do next: %2").arg(what.toHtmlEscaped(), next.toHtmlEscaped()));
    m_banner->show();
    statusBar()->showMessage(what, 10000);
}

void MainWindow::showStatus(const QString &text, int timeoutMs)
{
    statusBar()->showMessage(text, timeoutMs);
}

void MainWindow::setBusy(const QString &text, bool cancellable)
{
    m_busy = true;
    m_busyLabel->setText(text);
    m_progress->show();
    m_cancelButton->setVisible(cancellable);
    m_rows->cancelAction()->setEnabled(cancellable);
    updateActions();
}

void MainWindow::clearBusy(const QString &message)
{
    m_busy = false;
    m_busyLabel->clear();
    m_progress->hide();
    m_cancelButton->hide();
    m_rows->cancelAction()->setEnabled(false);
    if (!message.isEmpty())
        statusBar()->showMessage(message, 15000);
    updateActions();
}

// The running job was cancelled: whatever waits for it (the Agent requests tab's approval)
// stops waiting.
void MainWindow::jobCancelled(const QString &text)
{
    clearBusy(text);
    m_supervision->jobCancelled();
}

ModeBanner &MainWindow::modeBanner()
{
    if (!m_modeBanner)
        m_modeBanner = new ModeBanner(*this);
    return *m_modeBanner;
}

void MainWindow::setLiveKeys(bool stripeLive, bool slenLive, bool adyenLive)
{
    m_rows->setLiveKeys(stripeLive, slenLive, adyenLive);
}

void MainWindow::setHelpdeskProblem(const QString &problem)
{
    m_rows->setHelpdeskProblem(problem);
}

void MainWindow::showLookupAnswer(const LookupAnswer &answer)
{
    m_rows->showLookupAnswer(answer);
}

void MainWindow::showResendOutcome(const QString &operationId, bool ok, const QString &text)
{
    m_rows->showResendOutcome(operationId, ok, text);
}

void MainWindow::showNewRefundOutcome(const std::optional<Operation> &opened,
                                      const QString &message, const QString &error,
                                      const QString &next)
{
    m_rows->showNewRefundOutcome(opened, message, error, next);
}

} // namespace ops::ui
