#pragma once

// The queue's area of the console window: the Operations and Checking lists (the frame's first
// two tabs) and Mine (the rows this person owns, DESIGN §18), their models, the counts in the tab
// titles ("Checking (12, 3 late)", "Mine (4)") and the countdowns. Lists are re-read when the
// frame reloads, with the service targets the late marks are measured by (read once per
// reload); a row changed by this console's own job is replaced by value instead (applyRow), and
// the change feed's report of that job's commits is then recognised by the data version and not
// read again (isOwnChange).

#include "domain/operation.h"
#include "domain/teamday.h"
#include "mainwindow/layoutmemory.h"

#include <QObject>
#include <optional>

class QSplitter;

namespace ops {
class OperationTableModel;
} // namespace ops

namespace ops::ui {

class MainWindow;
class OperationListView;

class QueuePresenter final : public QObject
{
    Q_OBJECT
public:
    // Adds the three lists to the frame's tabs (its first widgets after the tab bar, so Tab
    // leaves a list for the detail; Attention goes in before Mine later). Nothing is read before
    // start().
    explicit QueuePresenter(MainWindow &frame);

    // The operator's column widths and the splitter's sizes, before any row is loaded
    // (restoring a header resets its sections); saveLayout stores them in the same splitter.
    void restoreLayout(QSplitter *split);
    void saveLayout() const;
    // First read: the filters, the count, and Checking shown first when it holds rows.
    void start();
    // The selected operations a reload took out of each list.
    struct Left
    {
        QStringList operations;
        QStringList checking;
        QStringList mine;
    };
    // Re-reads the service targets and the lists (each keeps its selection and current row on
    // their operations) and the counts.
    Left reload();
    // In the status bar (and the log): which selected rows another desk's change took out of
    // which list, so a pick never shrinks unseen. This window's own actions say what they did.
    void reportLeft(const Left &left);
    // An own job's row, by value: no list is re-read. `evidence`: the count as the detail just
    // read it (nullopt keeps the lists'). `onlyWriter`: the change feed's next report of this
    // data version is the job's own commits (isOwnChange).
    void applyRow(const Operation &row, OperationState stateBefore, std::optional<int> evidence,
                  bool onlyWriter);
    // Whether the database holds only what this window applied itself since applyRow.
    bool isOwnChange() const;
    void tick();

    OperationListView *operationsView() const { return m_operationsView; }
    OperationListView *checkingView() const { return m_checkingView; }
    OperationListView *mineView() const { return m_mineView; }
    // The list on show; Operations when the current tab is no list.
    OperationListView *currentView() const;
    OperationTableModel *operationsModel() const { return m_operationsModel; }
    OperationTableModel *checkingModel() const { return m_checkingModel; }
    OperationTableModel *mineModel() const { return m_mineModel; }
    // The service targets the lists mark late rows by, as last read (defaults before start()).
    const ServiceTargets &targets() const { return m_targets; }
    // Selects `id` in the list shown, else on the Operations tab; false when neither has it.
    bool reveal(const QString &id);
    // Tests: how many times reload ran (a resend's result must not need one).
    int reloadCount() const { return m_reloads; }

signals:
    // The current row of the list on show changed (or the tab moved to the other list).
    void currentOperationChanged();
    // Enter or a double-click on a row.
    void operationActivated();

private:
    OperationListView *addList(OperationTableModel *model, const QString &title);
    LayoutMemory::Headers headers() const;
    QList<OperationTableModel *> models() const;
    // Reads the targets; true when they changed since the last read.
    bool readTargets();
    // Hands the targets to every model's filter (each reads its first page again).
    void applyTargets();
    void setCheckingCount(qint64 count);
    void updateCheckingTitle();
    void updateMineTitle();
    // The tab titles with the late rows the Checking model has loaded now.
    void showCheckingTitle();

    MainWindow &m_frame;
    QSplitter *m_split = nullptr;
    OperationTableModel *m_operationsModel = nullptr;
    OperationTableModel *m_checkingModel = nullptr;
    OperationListView *m_operationsView = nullptr;
    OperationListView *m_checkingView = nullptr;
    OperationTableModel *m_mineModel = nullptr;
    OperationListView *m_mineView = nullptr;
    ServiceTargets m_targets;
    qint64 m_checkingCount = -1; // -1: not read yet
    qint64 m_mineCount = -1;
    int m_reloads = 0;
    // The data version (ConsoleReads::dataVersion) when an own job's row was applied; empty
    // when the next change must reload.
    std::optional<qint64> m_appliedVersion;
};

} // namespace ops::ui
