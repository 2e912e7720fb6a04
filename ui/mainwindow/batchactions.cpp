#include "mainwindow/batchactions.h"

#include "dialogs/batchimportdialog.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/windowaction.h"

#include <QAction>
#include <QFileDialog>
#include <QMenu>
#include <QStandardPaths>

using namespace Qt::StringLiterals;

namespace ops::ui {

BatchActions::BatchActions(MainWindow &frame, QMenu *operation)
    : QObject(&frame)
    , m_frame(frame)
{
    m_import = addWindowAction(frame, this, tr("&Import refunds…"),
                               {QKeySequence(u"Ctrl+Shift+I"_s)}, {}, &BatchActions::chooseFile);
    operation->addSeparator();
    operation->addAction(m_import);
}

BatchImportDialog *BatchActions::dialog() const
{
    return m_dialog.data();
}

QString BatchActions::blockedReason() const
{
    if (const auto may = m_frame.access().maySendMoney(); !may)
        return tr("Import refunds: a batch sends refunds and attaches their answers, and %1 may "
                  "not; ask a supervisor.")
            .arg(m_frame.access().describe());
    if (m_dialog)
        return tr("Import refunds: an import is already open.");
    return {};
}

void BatchActions::update()
{
    if (!m_import)
        return;
    const QString why = blockedReason();
    m_import->setEnabled(why.isEmpty());
    m_import->setToolTip(why.isEmpty() ? tr("Check a CSV file of refunds, then run it "
                                            "(Ctrl+Shift+I)")
                                       : why);
    m_import->setStatusTip(m_import->toolTip());
}

void BatchActions::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(
        &m_frame, tr("Import refunds"),
        QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation),
        tr("CSV files (*.csv *.txt);;All files (*)"));
    if (!path.isEmpty())
        openImport(path);
}

BatchImportDialog *BatchActions::openImport(const QString &path, const QString &name)
{
    QString why = blockedReason();
    if (why.isEmpty() && !m_frame.requests().readsBatches())
        why = tr("Import refunds: no console is attached to check and run it.");
    if (!why.isEmpty()) {
        m_frame.showStatus(why, 10000);
        return nullptr;
    }
    auto *dialog = new BatchImportDialog(path, m_frame.actor(), name, &m_frame);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog = dialog;
    connect(dialog, &BatchImportDialog::checkRequested, &m_frame.requests(),
            &ConsoleRequests::batchCheckRequested);
    connect(dialog, &BatchImportDialog::runRequested, &m_frame.requests(),
            &ConsoleRequests::batchRunRequested);
    // During the run the change watcher shows the rows as they are made; at its end the lists
    // are read once more, so a window without the watcher shows them too.
    connect(dialog, &BatchImportDialog::rowsChanged, &m_frame, &MainWindow::reloadAll);
    // Not on destroyed: that also fires while the window itself is being torn down.
    connect(dialog, &QDialog::finished, this, [this] {
        m_dialog = nullptr;
        update();
    });
    update();
    dialog->open();
    dialog->startCheck();
    return dialog;
}

} // namespace ops::ui
