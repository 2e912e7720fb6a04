#pragma once

// Refunds from a file in the console window (docs/design.md §19): Operation → Import refunds…
// (Ctrl+Shift+I) picks a CSV file and opens its check (BatchImportDialog). The console checks and
// runs it off the UI thread (ConsoleRequests::batchCheckRequested, batchRunRequested); the rows a
// run opens reach the lists through the change watcher, as any other connection's commits do.
// A batch sends refunds, so the action needs what a person's refund needs (maySendMoney).

#include <QObject>
#include <QPointer>

class QAction;
class QMenu;

namespace ops::ui {

class BatchImportDialog;
class MainWindow;

class BatchActions final : public QObject
{
    Q_OBJECT
public:
    BatchActions(MainWindow &frame, QMenu *operation);

    // Enables the action for the operator's rights and an open import.
    void update();
    // Why Import refunds… is off now; '' when it is on.
    QString blockedReason() const;
    QAction *importAction() const { return m_import; }
    // The import of the file at `path` as the batch `name` ('': named after the file; the action
    // asks for a file first), checking it; nullptr, with the reason in the status bar, when the
    // action is off.
    BatchImportDialog *openImport(const QString &path, const QString &name = {});
    BatchImportDialog *dialog() const;

private:
    void chooseFile();

    MainWindow &m_frame;
    QAction *m_import = nullptr;
    QPointer<BatchImportDialog> m_dialog;
};

} // namespace ops::ui
