#pragma once

// Message the customer (docs/design.md rule 11): pick a template the row's state allows (or write
// free text), a language, the conversation; the preview shows exactly what the customer will read.
// The truth guard runs on every change: a text that claims success or failure the row cannot
// back is refused with the reason shown, and Send and Copy stay disabled. The dialog writes
// nothing itself: it hands the draft to `submit`, which queues it and returns the refusal text
// (empty when queued); on refusal the dialog stays open and shows why.

#include "domain/messagetypes.h"

#include <QDialog>
#include <functional>

class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;

namespace ops::ui {

class ComposeDialog final : public QDialog
{
    Q_OBJECT
public:
    enum class Action
    {
        Send, // queue and deliver to the helpdesk
        Copy  // queue and copy to the clipboard; the operator pastes it
    };
    // The refusal in the person's words ('' when queued); the dialog accepts on ''.
    using Answer = std::function<void(const QString &refusal)>;
    // Carries the draft out (off the UI thread) and calls the answer later; until then the
    // dialog's buttons are off.
    using Submit = std::function<void(const MessageDraft &, Action, const Answer &)>;

    ComposeDialog(const Operation &op, QString actor, Submit onSubmit, QWidget *parent = nullptr);

    // Why the helpdesk cannot be used (not configured); Copy stays available.
    void setSendBlockedReason(const QString &reason);
    void setTemplate(MessageTemplate t);
    void setLanguage(const QString &language);
    void setFreeText(const QString &text);

    MessageDraft draft() const;
    // What blocks Send and Copy now (guard, missing value, conversation); empty when none.
    QString problem() const;
    QString preview() const;

    QComboBox *templateBox() const { return m_template; }
    QComboBox *languageBox() const { return m_language; }
    QLineEdit *conversationEdit() const { return m_conversation; }
    QPlainTextEdit *textEdit() const { return m_text; }
    QLabel *reasonLabel() const { return m_reason; }
    QPushButton *sendButton() const { return m_send; }
    QPushButton *copyButton() const { return m_copy; }

    void submit(Action action);

    // The conversation stored for a copy made without one.
    static constexpr auto kClipboardConversation = "clipboard";
    // The helpdesk conversation last used for this order (QSettings), '' when none.
    static QString rememberedConversation(const Operation &op);
    static void rememberConversation(const Operation &op, const QString &conversation);

private:
    QFormLayout *buildForm();
    QDialogButtonBox *buildButtons();
    void connectInputs();
    void fillTemplates();
    void refresh();
    MessageTemplate currentTemplate() const;
    QString currentLanguage() const;

    Operation m_operation;
    QString m_actor;
    Submit m_submit;
    bool m_submitting = false;
    QString m_sendBlocked;
    QString m_problem;
    QString m_freeText;
    QString m_lastTemplateBody; // what Free text starts from
    QString m_sendProblem;      // what blocks Send only (conversation, helpdesk)
    QComboBox *m_template = nullptr;
    QComboBox *m_language = nullptr;
    QLineEdit *m_conversation = nullptr;
    QPlainTextEdit *m_text = nullptr;
    QLabel *m_reason = nullptr;
    QPushButton *m_send = nullptr;
    QPushButton *m_copy = nullptr;
};

} // namespace ops::ui
