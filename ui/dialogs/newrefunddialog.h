#pragma once

// Start a new refund that replaces a failed one (DESIGN §16, issue 31 item 2), without a
// terminal. Prefilled from the failed row: its order, charge (or payment intent) and currency are
// fixed, because a replacement refunds the same order in the same currency; the amount, the
// reference and the reason may change. The form checks what it can (an amount in currency units,
// above zero, within one request's limit) and says in advance when a second person must send it
// (four-eyes). Rule 9 and the replacement rules are the engine's and the store's, checked when the
// job opens the row; a refusal there stores and sends nothing.

#include "domain/refunddraft.h"

#include <QDialog>
#include <optional>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace ops::ui {

class NewRefundDialog final : public QDialog
{
    Q_OBJECT
public:
    // thresholdMinor: the four-eyes threshold of the draft's currency (nullopt: none).
    NewRefundDialog(const RefundDraft &draft, std::optional<qint64> thresholdMinor,
                    QWidget *parent = nullptr);

    // The refund as the form stands; valid when problem() is empty.
    RefundDraft draft() const;
    // Why the form cannot start the refund yet ('' when it can).
    QString problem() const;
    bool needsSecondPerson() const;

    QLineEdit *amountEdit() const { return m_amount; }
    QLineEdit *referenceEdit() const { return m_reference; }
    QComboBox *reasonBox() const { return m_reason; }
    QLabel *problemLabel() const { return m_problem; }
    QLabel *approvalLabel() const { return m_approval; }
    QPushButton *startButton() const { return m_start; }

signals:
    // Accepted with a complete form: the controller runs the refund on a worker thread.
    void startRequested(const ops::RefundDraft &draft);

private:
    QFormLayout *buildForm(QWidget *parent);
    void updateState();
    void start();

    RefundDraft m_draft;
    std::optional<qint64> m_threshold;
    QLineEdit *m_amount = nullptr;
    QLineEdit *m_reference = nullptr;
    QComboBox *m_reason = nullptr;
    QLabel *m_problem = nullptr;
    QLabel *m_approval = nullptr;
    QPushButton *m_start = nullptr;
};

} // namespace ops::ui
