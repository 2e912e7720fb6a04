#pragma once

// The Attention tab beside Checking (docs/design.md §10): rows a person must act on, with the
// reason, and the way to clear one with a note. Shows what it is given; the window asks the
// event store to clear (clearRequested), and the store checks the Close right itself too.

#include "domain/eventtypes.h"

#include <QWidget>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace ops {
class AttentionModel;
}

namespace ops::ui {

class AttentionPanel final : public QWidget
{
    Q_OBJECT
public:
    explicit AttentionPanel(QWidget *parent = nullptr);

    // Keeps the selected operation when it is still waiting; else the row that took its place.
    void setItems(std::vector<AttentionItem> items);
    // Without the right the button is off and says why (`reason`).
    void setClearAllowed(bool allowed, const QString &reason);
    // The outcome of the last clear, until the next one; `ok` false paints it as an error.
    void showOutcome(const QString &text, bool ok);

    int count() const;
    QString currentOperationId() const;
    bool selectOperation(const QString &operationId);

    AttentionModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QLineEdit *noteEdit() const { return m_note; }
    QPushButton *clearButton() const { return m_clear; }
    QLabel *outcomeLabel() const { return m_outcome; }

signals:
    void currentOperationChanged();
    void clearRequested(const QString &operationId, const QString &note);

private:
    void updateButton();

    AttentionModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QLineEdit *m_note = nullptr;
    QPushButton *m_clear = nullptr;
    QLabel *m_outcome = nullptr;
    QLabel *m_empty = nullptr;
    bool m_allowed = true;
    QString m_deniedReason;
};

} // namespace ops::ui
