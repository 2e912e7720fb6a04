#pragma once

// Resend asks first (issue 18 item 5): the amount, the idempotency key and the window left are
// shown before the one operator attempt is made, so nobody resends money by a stray Ctrl+R.
// With a LIVE provider key (sk_live_… / rk_live_…) it always asks; with a test key it asks
// unless the operator turned that off in Tools → Settings (asked by default).

#include "domain/classification.h"
#include "domain/operation.h"

#include <QDateTime>
#include <QDialog>

class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;

namespace ops::ui {

// Whether `apiKey` is a live provider key: real money moves.
bool isLiveApiKey(const QString &apiKey);
// The stored preference for test keys (QSettings "resend/confirmWithTestKey", default true).
bool confirmResendWithTestKey();
void storeConfirmResendWithTestKey(bool ask);

class ResendConfirmDialog final : public QDialog
{
    Q_OBJECT
public:
    // `memory`: what the row's key holds (keyMemoryFor). A key holding an answer replays it, so
    // the dialog warns that this resend cannot finish the refund, and names the step that can:
    // a close as failed and a new refund (`mayClose`), or a supervisor's close.
    ResendConfirmDialog(const Operation &op, bool live, const QDateTime &now,
                        KeyMemory memory = KeyMemory::Nothing, bool mayClose = false,
                        QWidget *parent = nullptr);

    QString operationId() const { return m_operationId; }
    QLabel *summary() const { return m_summary; }
    QLabel *warning() const { return m_warning; }
    QLineEdit *keyField() const { return m_key; }
    QPushButton *resendButton() const { return m_resend; }

private:
    QFormLayout *buildFacts(const Operation &op, const QDateTime &now);
    QDialogButtonBox *buildButtons();

    QString m_operationId;
    QLabel *m_summary = nullptr;
    QLabel *m_warning = nullptr;
    QLineEdit *m_key = nullptr;
    QPushButton *m_resend = nullptr;
};

} // namespace ops::ui
