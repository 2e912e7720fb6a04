#include "dialogs/firstrundialog.h"

#include "common/consolewrites.h"
#include "common/refusaltext.h"
#include "domain/dblocation.h"
#include "domain/operatoraccess.h"
#include "domain/storeerror.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

FirstRunDialog::FirstRunDialog(const QString &location, QString actor, ConsoleWrites &writes,
                               QWidget *parent)
    : QDialog(parent)
    , m_actor(std::move(actor))
    , m_writes(writes)
{
    setObjectName(u"firstRunDialog"_s);
    setWindowTitle(tr("A new database"));
    const QString name = operatorName(m_actor);
    auto *text = new QLabel(
        tr("<p><b>%1</b> has no operations and no operators yet.</p>"
           "<p>Become its first <b>supervisor</b> as <b>%2</b>? A supervisor may do everything, "
           "including adding the other operators (<tt>opsctl operator add</tt>). The first "
           "operator of a database is always a supervisor; after that only "
           "a supervisor adds people.</p>"
           "<p>Not now: the console opens with view rights only.</p>")
            .arg(DbLocation::parse(location).display().toHtmlEscaped(), name.toHtmlEscaped()),
        this);
    text->setObjectName(u"firstRunText"_s);
    text->setWordWrap(true);
    m_message = new QLabel(this);
    m_message->setObjectName(u"firstRunMessage"_s);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(u"color: #c62828;"_s);
    auto *buttons = new QDialogButtonBox(this);
    m_become = buttons->addButton(tr("&Become supervisor"), QDialogButtonBox::AcceptRole);
    m_become->setObjectName(u"becomeSupervisorButton"_s);
    buttons->addButton(tr("&Not now"), QDialogButtonBox::RejectRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &FirstRunDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &FirstRunDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(text);
    layout->addWidget(m_message);
    layout->addWidget(buttons);
    setMinimumWidth(460);
}

void FirstRunDialog::accept()
{
    if (m_adding)
        return;
    m_adding = true;
    m_become->setEnabled(false);
    m_writes.addOperator(m_actor, operatorName(m_actor), Role::Supervisor, this,
                         [this](const Written<OperatorRecord> &w) {
                             m_adding = false;
                             m_become->setEnabled(true);
                             try {
                                 w.get();
                             } catch (const StoreError &e) { // ActionRefused: someone was first
                                 m_message->setText(tr("Not added: %1").arg(storeErrorText(e)));
                                 return;
                             }
                             QDialog::accept();
                         });
}

} // namespace ops::ui
