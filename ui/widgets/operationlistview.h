#pragma once

// One list of operations: a search box, filter combos and the table. Used three times by the
// main window: all operations, the checking queue and Mine. Filtering and sorting are passed to
// the model (which asks SQL); the view never filters rows itself. An empty list says why, over
// the table: "Nothing to check" when the queue is empty, or that nothing matches the search and
// filters, with a button that clears them.

#include "common/keyhint.h"

#include <QHash>
#include <QWidget>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTimer;

namespace ops {
class OperationTableModel;
}

namespace ops::ui {

class OperationListView final : public QWidget
{
    Q_OBJECT
public:
    // Search waits this long after the last key before asking the database.
    static constexpr int kSearchDelayMs = 250;

    explicit OperationListView(OperationTableModel *model, QWidget *parent = nullptr);

    // The keys the list handles itself, not through actions (for Help → Keyboard shortcuts).
    static QList<KeyHint> keyHints();

    void focusSearch();
    QString currentOperationId() const;
    // Selects the row of `operationId` when it is loaded; returns whether it was.
    bool selectOperation(const QString &operationId);
    void selectFirstRowIfNone();
    // Re-reads the rows loaded (OperationTableModel::reload, which never resets) keeping the
    // selection and the current row on their operations; a row that came in between selected
    // rows is not selected. A current row that left hands over to the row that took its place
    // (selected too when no other row is), so triage goes on with the next one. At most one
    // currentOperationChanged, after the reload. Returns the selected operations that left.
    QStringList reload();
    // The selected rows' operation ids, in list order, each once.
    QStringList selectedOperationIds() const;

    QTableView *table() const { return m_table; }
    QLineEdit *searchBox() const { return m_search; }
    QComboBox *stateFilter() const { return m_state; }
    QComboBox *kindFilter() const { return m_kind; }
    QComboBox *providerFilter() const { return m_provider; }
    QComboBox *ageFilter() const { return m_age; }
    OperationTableModel *model() const { return m_model; }

    // Applies the search box and combos to the model now (the search timer does it later).
    void applyFilter();
    // Whether the search box or a combo narrows the list.
    bool filterActive() const;
    // Empties the search box and sets every combo back to "any", then applies.
    void clearFilter();

    // What the list says when it is empty without a search or filter, instead of its scope's
    // words (the Mine list: nothing is yours yet).
    void setEmptyText(const QString &title, const QString &detail);

    QWidget *emptyState() const { return m_empty; }
    QLabel *emptyTitle() const { return m_emptyTitle; }
    QLabel *emptyDetail() const { return m_emptyDetail; }
    QPushButton *clearFilterButton() const { return m_clearFilter; }

signals:
    void currentOperationChanged(const QString &operationId);
    // Enter or double-click on a row.
    void operationActivated(const QString &operationId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void buildFilters();
    void buildTable();
    void layOutColumns();
    void layOutWaiting();
    QComboBox *addCombo(const QString &name, const QList<std::pair<QString, QVariant>> &items);
    void emitCurrent();
    void buildEmptyState();
    void updateEmptyState();
    void placeEmptyState();
    // The selected rows, ascending, each once, read from the selection's ranges.
    std::vector<int> selectedRows() const;
    void restoreSelection(const QStringList &ids, const QHash<QString, int> &rowOf);
    void replaceCurrent(int row);

    OperationTableModel *m_model = nullptr;
    QLineEdit *m_search = nullptr;
    QComboBox *m_state = nullptr;
    QComboBox *m_kind = nullptr;
    QComboBox *m_provider = nullptr;
    QComboBox *m_age = nullptr;
    QTableView *m_table = nullptr;
    QTimer *m_searchTimer = nullptr;
    QString m_lastEmitted;
    QWidget *m_empty = nullptr;
    QLabel *m_emptyTitle = nullptr;
    QLabel *m_emptyDetail = nullptr;
    QPushButton *m_clearFilter = nullptr;
    bool m_reloading = false; // emitCurrent waits for the end of reload()
    QString m_emptyTitleText; // setEmptyText's; '' for the scope's own
    QString m_emptyDetailText;
};

} // namespace ops::ui
