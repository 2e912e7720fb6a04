#include "dialogs/nextstepdialog.h"

#include "domain/refunddraft.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

QString newRefundCommand(const Operation &op)
{
    const auto draft = replacementDraft(op);
    return draft ? refundCommand(*draft) : QString();
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

    if (const QString command = newRefundCommand(op); !command.isEmpty())
        offerNewRefund(command, *layout, *buttons);
    m_status = new QLabel(this);
    m_status->setObjectName(u"nextStepStatus"_s);
    layout->addWidget(m_status);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // Wide enough for the command to read; never below what the buttons need.
    setMinimumWidth(qMax(520, layout->minimumSize().width()));
}

// A new refund with a new key, linked to this one: the button, and the same from a terminal.
void NextStepDialog::offerNewRefund(const QString &command, QVBoxLayout &layout,
                                    QDialogButtonBox &buttons)
{
    auto *explain = new QLabel(
        tr("To refund again, start a new refund: a new operation with a new idempotency key, "
           "linked to this one, which stays closed with its evidence. From a terminal, the "
           "same is:"),
        this);
    explain->setObjectName(u"nextStepExplain"_s);
    explain->setWordWrap(true);
    m_command = new QLineEdit(command, this);
    m_command->setObjectName(u"nextStepCommand"_s);
    m_command->setReadOnly(true);
    m_command->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_command->setCursorPosition(0);
    layout.addWidget(explain);
    layout.addWidget(m_command);
    m_newRefundButton = buttons.addButton(tr("Start a &new refund…"), QDialogButtonBox::ActionRole);
    m_newRefundButton->setObjectName(u"nextStepNewRefund"_s);
    m_newRefundButton->setDefault(true); // the step that finishes the customer's refund
    connect(m_newRefundButton, &QPushButton::clicked, this, [this] {
        accept();
        emit newRefundRequested(m_operationId);
    });
    m_copyButton = buttons.addButton(tr("&Copy the command"), QDialogButtonBox::ActionRole);
    m_copyButton->setObjectName(u"nextStepCopyCommand"_s);
    connect(m_copyButton, &QPushButton::clicked, this, &NextStepDialog::copyCommand);
}

void NextStepDialog::refuseNewRefund(const QString &why)
{
    if (!m_newRefundButton)
        return;
    m_newRefundButton->setEnabled(false);
    m_newRefundButton->setDefault(false);
    m_newRefundButton->setToolTip(why);
    m_messageButton->setDefault(true);
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
