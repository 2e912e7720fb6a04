#include "dialogs/composedialog.h"

#include "domain/truthguard.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QUrl>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

QString stateAdvice(OperationState state, const QString &providerStatus)
{
    if (isPendingAtProvider(state, providerStatus))
        return ComposeDialog::tr("The provider accepted this refund but still reports it "
                                 "<b>pending</b>: say it is issued and on its way, not that it is "
                                 "completed or has arrived.");
    if (isFinal(state))
        return ComposeDialog::tr("The operation is <b>%1</b>: the message may say so.")
            .arg(stateLabel(state));
    return ComposeDialog::tr("The operation is <b>%1</b>: the customer may only hear that we are "
                             "checking. Claims that the money moved, or did not, are refused.")
        .arg(stateLabel(state));
}

} // namespace

ComposeDialog::ComposeDialog(const Operation &op, QString actor, Submit onSubmit, QWidget *parent)
    : QDialog(parent)
    , m_operation(op)
    , m_actor(std::move(actor))
    , m_submit(std::move(onSubmit))
{
    setObjectName(u"composeDialog"_s);
    setWindowTitle(tr("Message the customer about %1").arg(op.id));
    auto *intro = new QLabel(u"%1 · %2 · %3<br>%4"_s.arg(op.id, kindLabel(op.kind),
                                                         formatMoney(op.amount, QLocale()),
                                                         stateAdvice(op.state, op.providerStatus)),
                             this);
    intro->setObjectName(u"composeIntro"_s);
    intro->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(buildForm());
    layout->addWidget(m_reason);
    layout->addWidget(buildButtons());
    fillTemplates();
    connectInputs();
    refresh();
    resize(560, 420);
}

QFormLayout *ComposeDialog::buildForm()
{
    m_template = new QComboBox(this);
    m_template->setObjectName(u"template"_s);
    m_language = new QComboBox(this);
    m_language->setObjectName(u"language"_s);
    for (const QString &code : messageLanguages())
        m_language->addItem(u"%1 (%2)"_s.arg(languageName(code), code), code);
    // A message starts in the console's language (the default QLocale that applyLanguage set);
    // English when the console speaks one no template has.
    const int own = m_language->findData(QLocale::languageToCode(QLocale().language()));
    m_language->setCurrentIndex(own >= 0 ? own : 0);
    // The row's linked ticket first (§17), else the one remembered for the order, else the
    // customer.
    const QString remembered = rememberedConversation(m_operation);
    m_conversation = new QLineEdit(!m_operation.ticket.isEmpty() ? m_operation.ticket
                                   : remembered.isEmpty()        ? m_operation.customerId
                                                                 : remembered,
                                   this);
    m_conversation->setObjectName(u"conversation"_s);
    m_conversation->setPlaceholderText(tr("from the helpdesk ticket; remembered for this order"));
    m_conversation->setToolTip(
        tr("The conversation id of the customer's helpdesk ticket (Send needs it; Copy does "
           "not). The console remembers it for this order."));
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(u"messageText"_s);
    m_text->setTabChangesFocus(true);
    m_text->setMinimumHeight(110);
    m_reason = new QLabel(this);
    m_reason->setObjectName(u"guardReason"_s);
    m_reason->setWordWrap(true);
    m_reason->setStyleSheet(u"color: #b71c1c; background: #fdecea; padding: 4px;"_s);
    // Room for a three-line reason, so the layout never squeezes the why out of sight.
    m_reason->setMinimumHeight(m_reason->fontMetrics().lineSpacing() * 3 + 10);
    m_reason->setAlignment(Qt::AlignLeft | Qt::AlignTop);

    auto *form = new QFormLayout;
    form->addRow(tr("&Template"), m_template);
    form->addRow(tr("&Language"), m_language);
    form->addRow(tr("Helpdesk c&onversation"), m_conversation);
    form->addRow(tr("&Preview"), m_text);
    return form;
}

QDialogButtonBox *ComposeDialog::buildButtons()
{
    auto *buttons = new QDialogButtonBox(this);
    m_send = buttons->addButton(tr("&Send"), QDialogButtonBox::AcceptRole);
    m_send->setObjectName(u"send"_s);
    m_copy = buttons->addButton(tr("Copy to &clipboard"), QDialogButtonBox::ActionRole);
    m_copy->setObjectName(u"copy"_s);
    buttons->addButton(QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_send, &QPushButton::clicked, this, [this] { submit(Action::Send); });
    connect(m_copy, &QPushButton::clicked, this, [this] { submit(Action::Copy); });
    return buttons;
}

void ComposeDialog::connectInputs()
{
    connect(m_template, &QComboBox::currentIndexChanged, this, [this] {
        // Free text starts from the template the operator was reading, not from nothing.
        if (currentTemplate() == MessageTemplate::Custom && m_freeText.isEmpty())
            m_freeText = m_lastTemplateBody;
        refresh();
    });
    connect(m_language, &QComboBox::currentIndexChanged, this, [this] {
        fillTemplates();
        refresh();
    });
    connect(m_conversation, &QLineEdit::textChanged, this, &ComposeDialog::refresh);
    connect(m_text, &QPlainTextEdit::textChanged, this, [this] {
        if (currentTemplate() != MessageTemplate::Custom)
            return;
        m_freeText = m_text->toPlainText();
        refresh();
    });
}

void ComposeDialog::fillTemplates()
{
    const QSignalBlocker block(m_template);
    const QVariant current = m_template->currentData();
    m_template->clear();
    for (const MessageTemplate t :
         allowedTemplates(m_operation.state, m_operation.kind, m_operation.providerStatus))
        m_template->addItem(MessageTemplates::title(t, currentLanguage(), m_operation.kind),
                            int(t));
    const int keep = m_template->findData(current);
    m_template->setCurrentIndex(keep >= 0 ? keep : 0);
}

MessageTemplate ComposeDialog::currentTemplate() const
{
    return MessageTemplate(m_template->currentData().toInt());
}

QString ComposeDialog::currentLanguage() const
{
    const QString code = m_language->currentData().toString();
    return code.isEmpty() ? u"en"_s : code;
}

void ComposeDialog::setSendBlockedReason(const QString &reason)
{
    m_sendBlocked = reason;
    refresh();
}

void ComposeDialog::setTemplate(MessageTemplate t)
{
    const int index = m_template->findData(int(t));
    if (index >= 0)
        m_template->setCurrentIndex(index);
}

void ComposeDialog::setLanguage(const QString &language)
{
    const int index = m_language->findData(language);
    if (index >= 0)
        m_language->setCurrentIndex(index);
}

void ComposeDialog::setFreeText(const QString &text)
{
    setTemplate(MessageTemplate::Custom);
    m_text->setPlainText(text);
}

MessageDraft ComposeDialog::draft() const
{
    MessageDraft d;
    d.operationId = m_operation.id;
    d.tmpl = currentTemplate();
    d.language = currentLanguage();
    d.conversation = m_conversation->text().trimmed();
    d.customBody = d.tmpl == MessageTemplate::Custom ? m_freeText : QString();
    d.actor = m_actor;
    return d;
}

QString ComposeDialog::problem() const
{
    return m_problem;
}

QString ComposeDialog::preview() const
{
    return m_text->toPlainText();
}

void ComposeDialog::refresh()
{
    const MessageTemplate t = currentTemplate();
    const bool custom = t == MessageTemplate::Custom;
    QString body = m_freeText;
    m_problem.clear();
    if (!custom) {
        const RenderedMessage r =
            MessageTemplates::render(t, currentLanguage(), factsFor(m_operation));
        body = r.body;
        m_problem = r.error;
        if (r.error.isEmpty())
            m_lastTemplateBody = r.body;
    }
    if (m_text->isReadOnly() == custom || m_text->toPlainText() != body) {
        const QSignalBlocker block(m_text);
        m_text->setReadOnly(!custom);
        if (!custom || m_text->toPlainText() != body)
            m_text->setPlainText(body);
    }
    m_text->setPlaceholderText(custom ? tr("Write to the customer…") : QString());
    if (m_problem.isEmpty() && body.trimmed().isEmpty())
        m_problem = tr("The message is empty.");
    if (m_problem.isEmpty()) {
        const GuardVerdict v = TruthGuard::check(m_operation.state, m_operation.providerStatus,
                                                 body, currentLanguage());
        m_problem = v.reason;
    }
    // Only Send needs the conversation: a copied message goes wherever the operator pastes it.
    const QString conversation = m_conversation->text().trimmed();
    const QString conversationProblem =
        conversation.isEmpty() ? tr("Send needs the helpdesk conversation id; Copy does not")
                               : ops::conversationProblem(conversation);
    const auto sentence = [](QString text) {
        if (!text.isEmpty() && !text.endsWith(u'.'))
            text = text.at(0).toUpper() + text.mid(1) + u'.';
        return text;
    };
    m_problem = sentence(m_problem);
    m_sendProblem = m_problem.isEmpty() ? sentence(conversationProblem) : m_problem;
    if (m_sendProblem.isEmpty())
        m_sendProblem = m_sendBlocked;
    const QString shown = !m_problem.isEmpty() ? m_problem : m_sendProblem;
    m_reason->setText(shown);
    m_reason->setVisible(!shown.isEmpty());
    m_send->setEnabled(m_sendProblem.isEmpty());
    m_send->setToolTip(m_sendBlocked.isEmpty() ? tr("Deliver it through the helpdesk")
                                               : m_sendBlocked);
    m_copy->setEnabled(m_problem.isEmpty());
}

void ComposeDialog::submit(Action action)
{
    refresh();
    if (!m_problem.isEmpty())
        return;
    if (action == Action::Send && !m_sendProblem.isEmpty())
        return;
    MessageDraft d = draft();
    // The outbox records a conversation for every message; a copy without one says so.
    if (action == Action::Copy && d.conversation.isEmpty())
        d.conversation = QString::fromLatin1(kClipboardConversation);
    if (m_submitting)
        return;
    m_submitting = true;
    m_send->setEnabled(false);
    m_copy->setEnabled(false);
    m_submit(d, action, [dialog = QPointer<ComposeDialog>(this)](const QString &refusal) {
        if (!dialog)
            return;
        dialog->m_submitting = false;
        dialog->refresh();
        if (!refusal.isEmpty()) {
            dialog->m_reason->setText(refusal);
            dialog->m_reason->setVisible(true);
            return;
        }
        if (!dialog->draft().conversation.isEmpty())
            rememberConversation(dialog->m_operation, dialog->draft().conversation);
        dialog->accept();
    });
}

namespace {

QString conversationKey(const Operation &op)
{
    // Per order (refunds), else per unit of work (credits and executions have no order).
    const QString subject = op.orderId.isEmpty() ? op.unitOfWork : op.orderId;
    return u"compose/conversation/"_s + QString::fromLatin1(QUrl::toPercentEncoding(subject));
}

} // namespace

QString ComposeDialog::rememberedConversation(const Operation &op)
{
    return QSettings().value(conversationKey(op)).toString();
}

void ComposeDialog::rememberConversation(const Operation &op, const QString &conversation)
{
    QSettings().setValue(conversationKey(op), conversation);
}

} // namespace ops::ui
