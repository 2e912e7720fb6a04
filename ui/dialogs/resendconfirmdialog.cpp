#include "dialogs/resendconfirmdialog.h"

#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

const QString kConfirmKey = u"resend/confirmWithTestKey"_s;

QString windowLeftText(const Operation &op, const QDateTime &now)
{
    if (!op.deadline)
        return ResendConfirmDialog::tr("starts with this attempt");
    const qint64 left = now.secsTo(*op.deadline);
    if (left <= 0)
        return ResendConfirmDialog::tr("closed");
    return ResendConfirmDialog::tr("%1 (until %2)")
        .arg(formatDuration(left), formatDateTime(*op.deadline, QLocale()));
}

// Why this resend cannot finish the refund when the key already holds an answer, and the way on
// this person may take; '' when the key holds nothing.
QString replayWarning(KeyMemory memory, bool mayClose)
{
    if (memory == KeyMemory::Nothing)
        return {};
    const QString why =
        memory == KeyMemory::StoredAnswer
            ? ResendConfirmDialog::tr("Warning: the provider stored an answer under this key and "
                                      "replays it: this resend cannot finish the refund.")
            : ResendConfirmDialog::tr(
                  "Warning: the provider holds another request under this key "
                  "and refuses it again: this resend cannot finish the refund.");
    const QString next =
        mayClose ? ResendConfirmDialog::tr("Close it as failed with that answer as evidence, then "
                                           "start a new refund.")
                 : ResendConfirmDialog::tr("Ask a supervisor to close it as failed; a new refund "
                                           "can then be started.");
    return why + u' ' + next;
}

// The cap limits automation; this resend is the operator's, counted apart (rule 4).
QString attemptsText(const Operation &op)
{
    if (op.operatorAttempts > 0)
        return ResendConfirmDialog::tr("automation %1 of %2, operators %3; this resend is one more "
                                       "by an operator")
            .arg(op.attempts)
            .arg(op.attemptCap)
            .arg(op.operatorAttempts);
    return ResendConfirmDialog::tr("automation %1 of %2; this resend is one more by an operator")
        .arg(op.attempts)
        .arg(op.attemptCap);
}

} // namespace

bool isLiveApiKey(const QString &apiKey)
{
    const QString key = apiKey.trimmed();
    return key.startsWith(u"sk_live_"_s) || key.startsWith(u"rk_live_"_s);
}

bool confirmResendWithTestKey()
{
    return QSettings().value(kConfirmKey, true).toBool();
}

void storeConfirmResendWithTestKey(bool ask)
{
    QSettings().setValue(kConfirmKey, ask);
}

ResendConfirmDialog::ResendConfirmDialog(const Operation &op, bool live, const QDateTime &now,
                                         KeyMemory memory, bool mayClose, QWidget *parent)
    : QDialog(parent)
    , m_operationId(op.id)
{
    setObjectName(u"resendConfirmDialog"_s);
    setWindowTitle(tr("Resend %1?").arg(op.id));
    m_summary = new QLabel(this);
    m_summary->setObjectName(u"resendSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    const QString mode = live ? tr("<b style='color:#c62828'>LIVE key: real money moves.</b>")
                              : tr("Test key: no real money moves.");
    m_summary->setText(tr("%1<br>This sends the stored request once more, with the stored key "
                          "and the same bytes: one attempt.")
                           .arg(mode));
    m_warning = new QLabel(replayWarning(memory, mayClose), this);
    m_warning->setObjectName(u"resendReplayWarning"_s);
    m_warning->setWordWrap(true);
    m_warning->setStyleSheet(u"color: #b71c1c;"_s);
    m_warning->setVisible(memory != KeyMemory::Nothing);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_warning);
    layout->addLayout(buildFacts(op, now));
    layout->addWidget(buildButtons());
    setMinimumWidth(480);
}

QFormLayout *ResendConfirmDialog::buildFacts(const Operation &op, const QDateTime &now)
{
    m_key = new QLineEdit(op.idempotencyKey, this);
    m_key->setObjectName(u"resendKey"_s);
    m_key->setReadOnly(true);
    m_key->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_key->setCursorPosition(0);
    auto *amount = new QLabel(formatMoney(op.amount, QLocale()), this);
    amount->setObjectName(u"resendAmount"_s);
    auto *window = new QLabel(windowLeftText(op, now), this);
    window->setObjectName(u"resendWindow"_s);
    auto *attempts = new QLabel(attemptsText(op), this);
    // Russian and Ukrainian say these in longer words: they wrap inside the dialog rather than
    // being cut at its edge (issue 31 item 5).
    window->setWordWrap(true);
    attempts->setWordWrap(true);
    auto *form = new QFormLayout;
    form->addRow(tr("Amount:"), amount);
    form->addRow(tr("Key:"), m_key);
    form->addRow(tr("Window left:"), window);
    form->addRow(tr("Attempts:"), attempts);
    return form;
}

QDialogButtonBox *ResendConfirmDialog::buildButtons()
{
    auto *buttons = new QDialogButtonBox(this);
    m_resend = buttons->addButton(tr("&Resend once"), QDialogButtonBox::AcceptRole);
    m_resend->setObjectName(u"resendConfirmButton"_s);
    buttons->addButton(QDialogButtonBox::Cancel);
    // Safe default: Enter on a stray keypress cancels rather than resends.
    m_resend->setAutoDefault(false);
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    return buttons;
}

} // namespace ops::ui
