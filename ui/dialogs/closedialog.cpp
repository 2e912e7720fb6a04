#include "dialogs/closedialog.h"

#include "itemmodels/detailmodels.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationtablemodel.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPlainTextEdit>
#include <QPointer>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

// A wrapped note under the outcome or above the buttons; `style` sets its colours.
QLabel *noteLabel(QWidget *parent, const QString &name, const QString &style, bool hidden)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setStyleSheet(style);
    if (hidden)
        label->hide();
    return label;
}

} // namespace

CloseDialog::CloseDialog(const Operation &op, std::vector<Evidence> evidence,
                         OperationState outcome, QString actor, Submit submit, QWidget *parent)
    : QDialog(parent)
    , m_operation(op)
    , m_actor(std::move(actor))
    , m_submit(std::move(submit))
{
    setObjectName(u"closeDialog"_s);
    setWindowTitle(tr("Close %1").arg(op.id));
    m_evidence = new EvidenceListModel(this);
    m_evidence->setRows(std::move(evidence));
    m_evidence->setCheckable(true);
    buildInputs(outcome);

    auto *intro = new QLabel(tr("Close <b>%1</b> (%2, %3) by hand. Every close records who, when, "
                                "why and which evidence.")
                                 .arg(op.id, kindLabel(op.kind), formatMoney(op.amount, QLocale())),
                             this);
    intro->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_ok = buttons->addButton(tr("&Close operation"), QDialogButtonBox::AcceptRole);
    m_ok->setObjectName(u"closeButton"_s);
    connect(buttons, &QDialogButtonBox::accepted, this, &CloseDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &CloseDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_succeeded);
    layout->addWidget(m_failed);
    layout->addWidget(m_approvalLabel);
    layout->addWidget(m_missingLabel);
    layout->addLayout(buildForm());
    layout->addWidget(m_refusal);
    layout->addWidget(buttons);
    resize(560, 460);
    updateOutcome();
    // Said up front and kept current, so the operator learns everything before pressing Close.
    connect(m_reason, &QPlainTextEdit::textChanged, this, &CloseDialog::showMissing);
    connect(m_ref, &QLineEdit::textChanged, this, &CloseDialog::showMissing);
    connect(m_evidence, &QAbstractItemModel::dataChanged, this, &CloseDialog::showMissing);
    connect(m_succeeded, &QRadioButton::toggled, this, &CloseDialog::showMissing);
    showMissing();
}

void CloseDialog::buildInputs(OperationState outcome)
{
    m_succeeded = new QRadioButton(tr("&Succeeded — the provider moved the money"), this);
    m_failed = new QRadioButton(tr("&Failed — no money moved"), this);
    auto *group = new QButtonGroup(this);
    group->addButton(m_succeeded);
    group->addButton(m_failed);
    (outcome == OperationState::Succeeded ? m_succeeded : m_failed)->setChecked(true);
    connect(m_succeeded, &QRadioButton::toggled, this, &CloseDialog::updateOutcome);

    m_ref = new QLineEdit(this);
    m_ref->setObjectName(u"providerRef"_s);
    m_ref->setPlaceholderText(tr("re_… as the provider shows it"));
    m_reason = new QPlainTextEdit(this);
    m_reason->setObjectName(u"reason"_s);
    m_reason->setPlaceholderText(tr("Why: what you checked and what it showed"));
    m_reason->setTabChangesFocus(true);
    m_reason->setFixedHeight(70);
    m_evidenceView = new QListView(this);
    m_evidenceView->setObjectName(u"closeEvidence"_s);
    m_evidenceView->setModel(m_evidence);
    m_evidenceView->setWordWrap(true);
    m_evidenceView->setMinimumHeight(90);
    m_attach = new QPushButton(tr("&Attach evidence…"), this);
    m_attach->setObjectName(u"attachEvidence"_s);
    m_attach->setAutoDefault(false); // Enter still means "Close operation"
    connect(m_attach, &QPushButton::clicked, this, &CloseDialog::attachEvidenceRequested);

    m_refusal = noteLabel(this, u"refusal"_s, u"color: #a11b1b; font-weight: bold;"_s, true);
    m_missingLabel = noteLabel(this, u"missing"_s,
                               u"color: #6b4e00; background: #fff4d6; padding: 4px;"_s, false);
    m_missingLabel->setTextFormat(Qt::RichText);
    m_approvalLabel = noteLabel(this, u"approvalNote"_s,
                                u"color: #1f3d7a; background: #e6eefc; padding: 4px;"_s, true);
}

QLayout *CloseDialog::buildForm()
{
    auto *form = new QFormLayout;
    m_refLabel = new QLabel(tr("Provider &reference"), this);
    m_refLabel->setBuddy(m_ref);
    form->addRow(m_refLabel, m_ref);
    auto *reasonLabel = new QLabel(tr("R&eason"), this);
    reasonLabel->setBuddy(m_reason);
    form->addRow(reasonLabel, m_reason);
    auto *evidenceLabel = new QLabel(tr("E&vidence (tick at least one)"), this);
    evidenceLabel->setBuddy(m_evidenceView);
    auto *evidenceColumn = new QVBoxLayout;
    evidenceColumn->addWidget(m_evidenceView, 1);
    evidenceColumn->addWidget(m_attach, 0, Qt::AlignLeft);
    form->addRow(evidenceLabel, evidenceColumn);
    return form;
}

void CloseDialog::updateOutcome()
{
    const bool succeeded = m_succeeded->isChecked();
    m_ref->setEnabled(succeeded);
    m_refLabel->setEnabled(succeeded);
}

void CloseDialog::setApprovalThreshold(const std::optional<Money> &exceeded)
{
    m_approvalThreshold = exceeded;
    m_approvalLabel->setVisible(exceeded.has_value());
    if (!exceeded) {
        m_approvalLabel->clear();
        m_ok->setText(tr("&Close operation"));
        return;
    }
    const QLocale locale;
    m_approvalLabel->setText(
        tr("Closing this %1 of %2 needs a supervisor's approval: it is above the %3 threshold. "
           "Confirming asks for that approval; the operation stays as it is until a second "
           "person approves.")
            .arg(kindLabel(m_operation.kind), formatMoney(m_operation.amount, locale),
                 formatMoney(*exceeded, locale)));
    m_ok->setText(tr("Ask for a&pproval"));
}

void CloseDialog::setProviderRef(const QString &ref)
{
    m_ref->setText(ref);
}
void CloseDialog::setReason(const QString &reason)
{
    m_reason->setPlainText(reason);
}

void CloseDialog::checkEvidence(qint64 evidenceId)
{
    for (int r = 0; r < m_evidence->rowCount(); ++r) {
        const QModelIndex index = m_evidence->index(r);
        if (index.data(EvidenceListModel::EvidenceIdRole).toLongLong() == evidenceId)
            m_evidence->setData(index, Qt::Checked, Qt::CheckStateRole);
    }
}

ManualClose CloseDialog::request() const
{
    ManualClose c;
    c.operationId = m_operation.id;
    c.outcome = m_succeeded->isChecked() ? OperationState::Succeeded : OperationState::Failed;
    c.providerRef = m_succeeded->isChecked() ? m_ref->text().trimmed() : QString();
    c.evidenceIds = m_evidence->checkedIds();
    c.actor = m_actor;
    c.reason = m_reason->toPlainText().trimmed();
    return c;
}

QString CloseDialog::refusal() const
{
    return m_refusal->isVisible() ? m_refusal->text() : QString();
}

QStringList CloseDialog::missing() const
{
    const ManualClose c = request();
    QStringList lacking;
    if (c.reason.isEmpty())
        lacking << tr("the reason: what you checked and what it showed");
    if (m_evidence->rowCount() == 0)
        lacking << (c.outcome == OperationState::Succeeded
                        ? tr("evidence that the provider moved the money; this operation has no "
                             "evidence yet (look it up at the provider, or Attach evidence…)")
                        : tr("evidence that no money moved; this operation has no evidence yet "
                             "(look it up at the provider, or Attach evidence…)"));
    else if (c.evidenceIds.isEmpty())
        lacking << tr("a tick on the evidence that supports this close");
    if (c.outcome == OperationState::Succeeded && c.providerRef.isEmpty())
        lacking << tr("the provider's reference (re_…)");
    return lacking;
}

void CloseDialog::showMissing()
{
    const QStringList lacking = missing();
    m_missingLabel->setVisible(!lacking.isEmpty());
    QString items;
    for (const QString &item : lacking)
        items += u"<li>"_s + item.toHtmlEscaped() + u"</li>"_s;
    m_missingLabel->setText(tr("Still needed before this close:") + u"<ul style='margin:0'>"_s +
                            items + u"</ul>"_s);
}

void CloseDialog::setEvidence(std::vector<Evidence> evidence)
{
    m_evidence->setRows(std::move(evidence));
    showMissing();
}

void CloseDialog::accept()
{
    if (m_submitting)
        return; // one close at a time: the first one's answer decides
    if (const QStringList lacking = missing(); !lacking.isEmpty())
        return showRefusal(tr("it still needs %1.").arg(lacking.join(u"; "_s)));
    m_submitting = true;
    m_ok->setEnabled(false);
    m_attach->setEnabled(false);
    m_submit(request(), [dialog = QPointer<CloseDialog>(this)](const QString &refusal) {
        if (!dialog)
            return;
        dialog->m_submitting = false;
        dialog->m_ok->setEnabled(true);
        dialog->m_attach->setEnabled(true);
        if (refusal.isEmpty())
            return dialog->QDialog::accept();
        dialog->showRefusal(refusal);
    });
}

void CloseDialog::showRefusal(const QString &refusal)
{
    m_refusal->setText(tr("Not closed: ") + refusal);
    m_refusal->show();
    showMissing();
}

} // namespace ops::ui
