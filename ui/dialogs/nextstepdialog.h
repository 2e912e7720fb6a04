#pragma once

// After a close as failed from the look-up (issue 18 item 6): no money moved, and the customer
// still waits. Offers the next step: message the customer (the compose dialog with the "failed"
// template), and for a refund, start a new one (DESIGN §16): the new-refund form, prefilled and
// linked to the failed row, or its `opsctl refund … --replaces` twin to copy. Either opens a new
// operation with a new key, while the failed one stays closed with its evidence.

#include "domain/operation.h"

#include <QDialog>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QVBoxLayout;

namespace ops::ui {

// The command that starts the refund replacing `op` (refundCommand(replacementDraft(op))). Empty
// for other kinds.
QString newRefundCommand(const Operation &op);

class NextStepDialog final : public QDialog
{
    Q_OBJECT
public:
    explicit NextStepDialog(const Operation &op, QWidget *parent = nullptr);

    QString operationId() const { return m_operationId; }
    QPushButton *messageButton() const { return m_messageButton; }
    QPushButton *newRefundButton() const { return m_newRefundButton; } // null: not a refund
    QPushButton *copyCommandButton() const { return m_copyButton; }    // null: not a refund
    QLineEdit *commandField() const { return m_command; }              // null: not a refund
    QString statusText() const;
    // The person may not start a refund (no resend right): the button stays, off, with `why`;
    // Enter messages the customer instead.
    void refuseNewRefund(const QString &why);

signals:
    // Open the compose dialog for this operation with the "failed" template.
    void messageRequested(const QString &operationId);
    // Open the new-refund form replacing this operation.
    void newRefundRequested(const QString &operationId);

private:
    void offerNewRefund(const QString &command, QVBoxLayout &layout, QDialogButtonBox &buttons);
    void copyCommand();

    QString m_operationId;
    QPushButton *m_messageButton = nullptr;
    QPushButton *m_newRefundButton = nullptr;
    QPushButton *m_copyButton = nullptr;
    QLineEdit *m_command = nullptr;
    QLabel *m_status = nullptr;
};

} // namespace ops::ui
