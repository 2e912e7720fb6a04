#include "dialogs/nextstepdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

QString shellQuoted(const QString &value)
{
    static const QRegularExpression plain(u"^[A-Za-z0-9_.:/@%+=-]+$"_s);
    if (plain.match(value).hasMatch())
        return value;
    QString quoted = value;
    quoted.replace(u"'"_s, u"'\\''"_s);
    return u"'"_s + quoted + u"'"_s;
}

} // namespace

QString newRefundCommand(const Operation &op)
{
    if (op.kind != OperationKind::Refund)
        return {};
    QStringList args = {u"opsctl"_s, u"refund"_s, u"--order"_s, shellQuoted(op.orderId)};
    // A refund by PaymentIntent stores no charge id (rule 13 tests): the request names it.
    if (!op.chargeId.isEmpty()) {
        args << u"--charge"_s << shellQuoted(op.chargeId);
    } else {
        static const QRegularExpression pi(u"payment_intent=([A-Za-z0-9_]+)"_s);
        const auto m = pi.match(QString::fromUtf8(op.request.body));
        if (m.hasMatch())
            args << u"--payment-intent"_s << m.captured(1);
    }
    args << u"--amount"_s << QString::number(op.amount.minor) << u"--currency"_s
         << shellQuoted(op.amount.currency.toLower());
    if (!op.reference.isEmpty())
        args << u"--reference"_s << shellQuoted(op.reference);
    return args.join(u' ');
}

NextStepDialog::NextStepDialog(const Operation &op, QWidget *parent)
    : QDialog(parent)
    , m_operationId(op.id)
{
    setObjectName(u"nextStepDialog"_s);
    setWindowTitle(tr("Next step for %1").arg(op.id));
    auto *intro = new QLabel(tr("%1 is closed as failed: no money moved for it, and the customer "
                                "is still waiting. Tell them, or start again.")
                                 .arg(op.id),
                             this);
    intro->setObjectName(u"nextStepIntro"_s);
    intro->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_messageButton =
        buttons->addButton(tr("&Message the customer…"), QDialogButtonBox::ActionRole);
    m_messageButton->setObjectName(u"nextStepMessage"_s);
    m_messageButton->setDefault(true);
    connect(m_messageButton, &QPushButton::clicked, this, [this] {
        accept();
        emit messageRequested(m_operationId);
    });

    const QString command = newRefundCommand(op);
    if (!command.isEmpty()) {
        auto *explain = new QLabel(
            tr("To refund again: a new refund is a new operation with a new idempotency key; "
               "the failed one stays closed with its evidence. The console has no form that "
               "starts a refund: run this command (or ask the agent to refund again)."),
            this);
        explain->setObjectName(u"nextStepExplain"_s);
        explain->setWordWrap(true);
        m_command = new QLineEdit(command, this);
        m_command->setObjectName(u"nextStepCommand"_s);
        m_command->setReadOnly(true);
        m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        m_command->setCursorPosition(0);
        layout->addWidget(explain);
        layout->addWidget(m_command);
        m_copyButton =
            buttons->addButton(tr("&Copy the new refund command"), QDialogButtonBox::ActionRole);
        m_copyButton->setObjectName(u"nextStepCopyCommand"_s);
        connect(m_copyButton, &QPushButton::clicked, this, &NextStepDialog::copyCommand);
    }
    m_status = new QLabel(this);
    m_status->setObjectName(u"nextStepStatus"_s);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    setMinimumWidth(520);
}

QString NextStepDialog::statusText() const
{
    return m_status->text();
}

void NextStepDialog::copyCommand()
{
    QApplication::clipboard()->setText(m_command->text());
    m_status->setText(tr("Copied: paste it into a terminal where opsctl reaches this database."));
}

} // namespace ops::ui
