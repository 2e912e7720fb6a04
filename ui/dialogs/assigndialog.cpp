#include "dialogs/assigndialog.h"

#include "itemmodels/approvallistmodel.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

AssignDialog::AssignDialog(const QString &operationId, const QString &owner, const QString &since,
                           const std::vector<OperatorRecord> &people, QWidget *parent)
    : QDialog(parent)
    , m_operationId(operationId)
    , m_owner(owner)
{
    setObjectName(u"assignDialog"_s);
    setWindowTitle(tr("Assign %1").arg(operationId));
    auto *now = new QLabel(
        owner.isEmpty() ? tr("%1 has no owner.").arg(operationId)
                        : tr("%1 owns %2 since %3.").arg(operatorName(owner), operationId, since),
        this);
    now->setObjectName(u"assignNow"_s);
    now->setWordWrap(true);
    m_person = new QComboBox(this);
    m_person->setObjectName(u"assignPerson"_s);
    for (const OperatorRecord &p : people) {
        const QString actor = u"operator:"_s + p.name;
        if (p.disabled || actor == owner)
            continue;
        m_person->addItem(tr("%1 (%2)").arg(p.name, roleLabel(p.role)), actor);
    }
    auto *form = new QFormLayout;
    form->addRow(tr("&Give it to"), m_person);
    auto *hint = new QLabel(m_person->count() == 0
                                ? tr("Nobody else is enabled in the operator directory.")
                                : tr("An owner is a name, not a lock: anyone with the rights may "
                                     "still act on the row."),
                            this);
    hint->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_ok = buttons->addButton(tr("&Assign"), QDialogButtonBox::AcceptRole);
    m_ok->setObjectName(u"assignButton"_s);
    m_ok->setDefault(true);
    m_ok->setEnabled(m_person->count() > 0);
    connect(buttons, &QDialogButtonBox::accepted, this, &AssignDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &AssignDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(now);
    layout->addLayout(form);
    layout->addWidget(hint);
    layout->addStretch(1);
    layout->addWidget(buttons);
    resize(440, 200);
}

QString AssignDialog::chosenOwner() const
{
    return m_person->currentData().toString();
}

bool AssignDialog::choose(const QString &actor)
{
    const int i = m_person->findData(actor);
    if (i < 0)
        return false;
    m_person->setCurrentIndex(i);
    return true;
}

void AssignDialog::accept()
{
    const QString owner = chosenOwner();
    if (owner.isEmpty())
        return;
    QDialog::accept();
    emit chosen(m_operationId, owner, m_owner);
}

} // namespace ops::ui
