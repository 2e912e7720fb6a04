#include "dialogs/newrefunddialog.h"

#include "common/amountunits.h"
#include "itemmodels/localeformat.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

QLabel *fixedValue(const QString &text, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

NewRefundDialog::NewRefundDialog(const RefundDraft &draft, std::optional<qint64> thresholdMinor,
                                 QWidget *parent)
    : QDialog(parent)
    , m_draft(draft)
    , m_threshold(thresholdMinor)
{
    setObjectName(u"newRefundDialog"_s);
    setWindowTitle(tr("New refund for order %1").arg(draft.orderId));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("This refund replaces %1, which is closed as failed: no money "
                                "moved for it. It is a new operation with a new idempotency key; "
                                "the two rows name each other.")
                                 .arg(draft.replaces),
                             this);
    intro->setObjectName(u"newRefundIntro"_s);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    layout->addLayout(buildForm(this));

    // Adyen cannot be asked for a payment's balance (docs/adyen.md, rule 9): say what bounds it.
    auto *rule9 = new QLabel(
        m_draft.adyenPaymentId.isEmpty()
            ? tr("Before anything is stored, the provider's refundable balance of the charge is "
                 "checked: a refund above what is left is refused, and nothing is stored or sent.")
            : tr("Adyen cannot be asked for the payment's balance: the refund is bounded by the "
                 "payment's stored notifications and this product's refunds of it, and Adyen's "
                 "notification refuses a refund above what is left."),
        this);
    rule9->setObjectName(u"newRefundBalance"_s);
    rule9->setWordWrap(true);
    layout->addWidget(rule9);
    m_approval = new QLabel(this);
    m_approval->setObjectName(u"newRefundApproval"_s);
    m_approval->setWordWrap(true);
    layout->addWidget(m_approval);
    m_problem = new QLabel(this);
    m_problem->setObjectName(u"newRefundProblem"_s);
    m_problem->setWordWrap(true);
    m_problem->setStyleSheet(u"color: #c62828"_s);
    layout->addWidget(m_problem);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_start = buttons->addButton(tr("&Start the refund"), QDialogButtonBox::AcceptRole);
    m_start->setObjectName(u"newRefundStart"_s);
    m_start->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &NewRefundDialog::start);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(m_amount, &QLineEdit::textChanged, this, &NewRefundDialog::updateState);
    updateState();
    setMinimumWidth(480); // an operation id and the rule-9 note read on few lines
    m_amount->setFocus();
    m_amount->selectAll();
}

QFormLayout *NewRefundDialog::buildForm(QWidget *parent)
{
    auto *form = new QFormLayout;
    form->addRow(tr("Order:"), fixedValue(m_draft.orderId, parent));
    if (!m_draft.adyenPaymentId.isEmpty())
        form->addRow(tr("Adyen payment:"), fixedValue(m_draft.adyenPaymentId, parent));
    else if (!m_draft.chargeId.isEmpty())
        form->addRow(tr("Charge:"), fixedValue(m_draft.chargeId, parent));
    else
        form->addRow(tr("Payment intent:"), fixedValue(m_draft.paymentIntentId, parent));
    m_amount = new QLineEdit(
        amountUnitsText(m_draft.amount.minor, m_draft.amount.currency, QLocale()), parent);
    m_amount->setObjectName(u"newRefundAmount"_s);
    auto *amountRow = new QHBoxLayout;
    amountRow->addWidget(m_amount, 1);
    amountRow->addWidget(new QLabel(m_draft.amount.currency.toUpper(), parent));
    auto *amountLabel = new QLabel(tr("&Amount:"), parent);
    amountLabel->setBuddy(m_amount);
    form->addRow(amountLabel, amountRow);
    m_reference = new QLineEdit(m_draft.reference, parent);
    m_reference->setObjectName(u"newRefundReference"_s);
    m_reference->setPlaceholderText(tr("none"));
    auto *referenceLabel = new QLabel(tr("&Reference:"), parent);
    referenceLabel->setBuddy(m_reference);
    form->addRow(referenceLabel, m_reference);
    m_reason = new QComboBox(parent);
    m_reason->setObjectName(u"newRefundReason"_s);
    m_reason->addItem(tr("none given"), QString());
    m_reason->addItem(tr("requested by the customer"), u"requested_by_customer"_s);
    m_reason->addItem(tr("duplicate"), u"duplicate"_s);
    m_reason->addItem(tr("fraudulent"), u"fraudulent"_s);
    m_reason->setCurrentIndex(qMax(0, m_reason->findData(m_draft.reason)));
    auto *reasonLabel = new QLabel(tr("R&eason:"), parent);
    reasonLabel->setBuddy(m_reason);
    form->addRow(reasonLabel, m_reason);
    // Adyen refuses Stripe's reasons (docs/adyen.md): none is sent rather than a wrong one.
    if (!m_draft.adyenPaymentId.isEmpty())
        form->setRowVisible(m_reason, false);
    return form;
}

RefundDraft NewRefundDialog::draft() const
{
    RefundDraft d = m_draft;
    d.amount.minor =
        parseAmountUnits(m_amount->text(), m_draft.amount.currency, QLocale()).valueOr(0);
    d.reference = m_reference->text().trimmed();
    d.reason = m_reason->currentData().toString();
    return d;
}

QString NewRefundDialog::problem() const
{
    const auto minor = parseAmountUnits(m_amount->text(), m_draft.amount.currency, QLocale());
    if (!minor)
        return tr("Amount: %1.").arg(minor.error());
    if (*minor <= 0)
        return tr("Amount: a refund is above zero.");
    if (*minor > kMaxMinorUnits)
        return tr("Amount: one refund is at most %1.")
            .arg(formatMoney({kMaxMinorUnits, m_draft.amount.currency}, QLocale()));
    return {};
}

bool NewRefundDialog::needsSecondPerson() const
{
    return m_threshold && problem().isEmpty() && draft().amount.minor > *m_threshold;
}

void NewRefundDialog::updateState()
{
    const QString why = problem();
    m_problem->setText(why);
    m_problem->setVisible(!why.isEmpty());
    m_start->setEnabled(why.isEmpty());
    const bool second = needsSecondPerson();
    m_approval->setVisible(second);
    m_approval->setText(
        second ? tr("Above the four-eyes threshold of %1: the refund waits until another person "
                    "with the approve right sends it.")
                     .arg(formatMoney({*m_threshold, m_draft.amount.currency}, QLocale()))
               : QString());
    m_start->setText(second ? tr("&Start and ask for approval") : tr("&Start the refund"));
}

void NewRefundDialog::start()
{
    if (!problem().isEmpty())
        return; // the button is off; Enter in a field must not slip past the checks
    accept();
    emit startRequested(draft());
}

} // namespace ops::ui
