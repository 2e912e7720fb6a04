#pragma once

// Close as succeeded / failed (docs/design.md rule 8): a reason, the evidence that supports the
// close, and for succeeded the provider's reference. The dialog checks what it can before
// submitting and then hands the close to `submit`, which carries it out off the UI thread and
// calls the answer it is given, later, with the store's refusal text (empty when the close was
// recorded). Until then the dialog waits with its buttons off; on refusal it stays open and shows
// why, on success it accepts.

#include "domain/manualclose.h"
#include "domain/operation.h"

#include <QDialog>
#include <functional>

class QButtonGroup;
class QLabel;
class QLineEdit;
class QListView;
class QPlainTextEdit;
class QPushButton;
class QRadioButton;

namespace ops {
class EvidenceListModel;
}

namespace ops::ui {

class CloseDialog final : public QDialog
{
    Q_OBJECT
public:
    // The refusal in the person's words; '' when the close (or its approval request) is stored.
    using Answer = std::function<void(const QString &refusal)>;
    using Submit = std::function<void(const ManualClose &, const Answer &)>;

    CloseDialog(const Operation &op, std::vector<Evidence> evidence, OperationState outcome,
                QString actor, Submit submit, QWidget *parent = nullptr);

    void setProviderRef(const QString &ref);
    void setReason(const QString &reason);
    void checkEvidence(qint64 evidenceId);
    // The operation's evidence as it is now (after an attach from this dialog); ticks kept.
    void setEvidence(std::vector<Evidence> evidence);
    // Four-eyes, said before the person confirms: `exceeded` is the threshold this operation's
    // amount is above (AccessStore::approvalThresholdExceeded, read by whoever opens the
    // dialog), nullopt when the close needs no second person. With a threshold the dialog shows
    // why approval is needed and its confirm button reads "Ask for approval".
    void setApprovalThreshold(const std::optional<Money> &exceeded);
    bool asksForApproval() const { return m_approvalThreshold.has_value(); }
    QLabel *approvalLabel() const { return m_approvalLabel; }
    ManualClose request() const;
    QString refusal() const;
    // Everything the form still lacks, all at once; empty when it is complete.
    QStringList missing() const;
    QLabel *missingLabel() const { return m_missingLabel; }
    QPushButton *attachButton() const { return m_attach; }

    QLineEdit *providerRefEdit() const { return m_ref; }
    QPlainTextEdit *reasonEdit() const { return m_reason; }
    QListView *evidenceView() const { return m_evidenceView; }
    QPushButton *closeButton() const { return m_ok; }
    QRadioButton *succeededButton() const { return m_succeeded; }
    QRadioButton *failedButton() const { return m_failed; }

    void accept() override;
    // A close handed to `submit` and not answered yet.
    bool isSubmitting() const { return m_submitting; }

signals:
    // "Attach evidence…" from the dialog: the window attaches it and calls setEvidence.
    void attachEvidenceRequested();

private:
    // The constructor's steps: the inputs, then the form and buttons around them.
    void buildInputs(OperationState outcome);
    QLayout *buildForm();
    void updateOutcome();
    void showMissing();
    void showRefusal(const QString &refusal);

    Operation m_operation;
    QString m_actor;
    Submit m_submit;
    EvidenceListModel *m_evidence = nullptr;
    QRadioButton *m_succeeded = nullptr;
    QRadioButton *m_failed = nullptr;
    QLineEdit *m_ref = nullptr;
    QLabel *m_refLabel = nullptr;
    QPlainTextEdit *m_reason = nullptr;
    QListView *m_evidenceView = nullptr;
    QLabel *m_refusal = nullptr;
    QPushButton *m_ok = nullptr;
    QPushButton *m_attach = nullptr;
    QLabel *m_missingLabel = nullptr;
    QLabel *m_approvalLabel = nullptr;
    std::optional<Money> m_approvalThreshold;
    bool m_submitting = false;
};

} // namespace ops::ui
