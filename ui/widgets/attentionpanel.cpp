#include "widgets/attentionpanel.h"

#include "itemmodels/attentionmodel.h"
#include "widgets/rowtableview.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

AttentionPanel::AttentionPanel(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(u"attentionPanel"_s);
    m_model = new AttentionModel(this);
    m_table = rowTableView(m_model, u"attentionTable"_s, {260, 100, 100, 480, 188}, this);
    m_empty = new QLabel(tr("No row waits for a person: nothing needs Attention."), this);
    m_empty->setObjectName(u"attentionEmpty"_s);
    m_note = new QLineEdit(this);
    m_note->setObjectName(u"attentionNote"_s);
    m_clear = new QPushButton(tr("C&lear Attention"), this);
    m_clear->setObjectName(u"clearAttention"_s);
    m_outcome = new QLabel(this);
    m_outcome->setObjectName(u"attentionOutcome"_s);
    m_outcome->setWordWrap(true);
    m_outcome->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_outcome->hide();
    auto *row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Note"), this));
    row->addWidget(m_note, 1);
    row->addWidget(m_clear);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addWidget(m_empty);
    layout->addWidget(m_table, 1);
    layout->addLayout(row);
    layout->addWidget(m_outcome);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] {
        updateButton();
        emit currentOperationChanged();
    });
    // The note is checked by the store (an empty one is refused with the reason), not here.
    connect(m_clear, &QPushButton::clicked, this, [this] {
        const QString id = currentOperationId();
        if (!id.isEmpty())
            emit clearRequested(id, m_note->text());
    });
    connect(m_note, &QLineEdit::returnPressed, m_clear, &QPushButton::click);
    setItems({});
}

int AttentionPanel::count() const
{
    return m_model->rowCount();
}

QString AttentionPanel::currentOperationId() const
{
    return m_table->currentIndex().data(AttentionModel::OperationIdRole).toString();
}

bool AttentionPanel::selectOperation(const QString &operationId)
{
    const int row = m_model->rowOf(operationId);
    if (row < 0)
        return false;
    m_table->setCurrentIndex(m_model->index(row, 0));
    return true;
}

void AttentionPanel::setItems(std::vector<AttentionItem> items)
{
    const QString keep = currentOperationId();
    const int keepRow = m_table->currentIndex().row();
    const QSignalBlocker quiet(m_table->selectionModel());
    m_model->setRows(std::move(items));
    m_empty->setVisible(m_model->rowCount() == 0);
    if (!selectOperation(keep) && m_model->rowCount() > 0)
        m_table->setCurrentIndex(m_model->index(qBound(0, keepRow, m_model->rowCount() - 1), 0));
    updateButton();
}

void AttentionPanel::setClearAllowed(bool allowed, const QString &reason)
{
    m_allowed = allowed;
    m_deniedReason = reason;
    updateButton();
}

void AttentionPanel::updateButton()
{
    const bool row = !currentOperationId().isEmpty();
    m_clear->setEnabled(m_allowed && row);
    m_note->setEnabled(m_allowed);
    // Without the right the reason stays readable where the note would go.
    m_note->setPlaceholderText(
        m_allowed ? tr("What was done (told the customer, opened a new refund, …) — required")
                  : m_deniedReason);
    if (!m_allowed)
        m_clear->setToolTip(m_deniedReason);
    else if (!row)
        m_clear->setToolTip(tr("Select a row to clear its Attention."));
    else
        m_clear->setToolTip(tr("Clear Attention on %1 with the note (needs the Close right; "
                               "written to the audit trail)")
                                .arg(currentOperationId()));
}

void AttentionPanel::showOutcome(const QString &text, bool ok)
{
    m_outcome->setText(text);
    m_outcome->setVisible(!text.isEmpty());
    m_outcome->setStyleSheet(ok ? u"color: #13532a; background: #dff3e4; padding: 4px;"_s
                                : u"color: #8e1b1b; background: #fde2e2; padding: 4px;"_s);
}

} // namespace ops::ui
