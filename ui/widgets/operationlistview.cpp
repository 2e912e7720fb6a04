#include "operationlistview.h"

#include "operationdelegate.h"
#include "operationtablemodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

template<typename Enum>
std::optional<Enum> comboValue(const QComboBox *combo, std::optional<Enum> (*parse)(QStringView))
{
    const QString text = combo->currentData().toString();
    return text.isEmpty() ? std::nullopt : parse(text);
}

} // namespace

OperationListView::OperationListView(OperationTableModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    m_search = new QLineEdit(this);
    m_search->setObjectName(u"search"_s);
    m_search->setPlaceholderText(
        tr("Search operation id, key, order, customer, charge or provider ref  ( / )"));
    m_search->setClearButtonEnabled(true);
    m_searchTimer = new QTimer(this);
    m_searchTimer->setSingleShot(true);
    m_searchTimer->setInterval(kSearchDelayMs);
    connect(m_search, &QLineEdit::textChanged, m_searchTimer, qOverload<>(&QTimer::start));
    connect(m_searchTimer, &QTimer::timeout, this, &OperationListView::applyFilter);
    connect(m_search, &QLineEdit::returnPressed, this, &OperationListView::applyFilter);
    m_search->installEventFilter(this);

    m_table = new QTableView(this);
    m_table->setObjectName(u"operations"_s);
    m_table->setModel(model);
    m_table->setItemDelegate(new OperationDelegate(m_table));
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setSortingEnabled(true);
    m_table->setWordWrap(false);
    m_table->setTextElideMode(Qt::ElideMiddle); // ids and keys differ at both ends
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(26);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSortIndicatorShown(true);
    m_table->installEventFilter(this);
    const QueryFilter &f = model->filter();
    const int sortColumn = f.sort == SortKey::Deadline ? OperationTableModel::WindowLeftColumn
                                                       : OperationTableModel::AgeColumn;
    const bool ascending = f.sort == SortKey::Deadline ? !f.descending : f.descending;
    m_table->horizontalHeader()->setSortIndicator(sortColumn, ascending ? Qt::AscendingOrder
                                                                        : Qt::DescendingOrder);

    const int widths[] = {150, 95, 110, 100, 150, 72, 290, 150, 100, 70, 70};
    for (int c = 0; c < OperationTableModel::ColumnCount; ++c)
        m_table->setColumnWidth(c, widths[c]);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 6, 0, 0);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_search, 1);
    layout->addLayout(bar);
    buildFilters();
    for (QComboBox *combo : {m_state, m_kind, m_provider, m_age}) {
        bar->addWidget(combo);
        connect(combo, &QComboBox::currentIndexChanged, this, &OperationListView::applyFilter);
    }
    m_state->setVisible(model->scope() == OperationTableModel::Scope::All);
    layout->addWidget(m_table, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &OperationListView::emitCurrent);
    connect(model, &QAbstractItemModel::modelReset, this, &OperationListView::emitCurrent);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        emit operationActivated(index.data(OperationTableModel::OperationIdRole).toString());
    });
}

QComboBox *OperationListView::addCombo(const QString &name,
                                       const QList<std::pair<QString, QVariant>> &items)
{
    auto *combo = new QComboBox(this);
    combo->setObjectName(name);
    for (const auto &[text, value] : items)
        combo->addItem(text, value);
    return combo;
}

void OperationListView::buildFilters()
{
    m_state = addCombo(u"stateFilter"_s, {{tr("Any state"), QString()},
                                          {tr("Open"), u"open"_s},
                                          {tr("Unknown"), u"unknown"_s},
                                          {tr("Succeeded"), u"succeeded"_s},
                                          {tr("Failed"), u"failed"_s}});
    m_kind = addCombo(u"kindFilter"_s, {{tr("Any kind"), QString()},
                                        {tr("Refund"), u"refund"_s},
                                        {tr("Credit top-up"), u"credit_topup"_s},
                                        {tr("Credit charge"), u"credit_charge"_s},
                                        {tr("Credit adjust"), u"credit_adjust"_s},
                                        {tr("Execution"), u"execution"_s}});
    m_provider = addCombo(
        u"providerFilter"_s,
        {{tr("Any provider"), QString()}, {tr("Stripe"), u"stripe"_s}, {tr("Slen"), u"slen"_s}});
    m_age = addCombo(u"ageFilter"_s, {{tr("Any age"), QVariant()},
                                      {tr("Last hour"), qint64(3600)},
                                      {tr("Last 24 hours"), qint64(86400)},
                                      {tr("Last 7 days"), qint64(7 * 86400)},
                                      {tr("Last 30 days"), qint64(30 * 86400)}});
}

void OperationListView::applyFilter()
{
    m_searchTimer->stop();
    const QString current = currentOperationId();
    QueryFilter f = m_model->filter();
    f.search = m_search->text().trimmed();
    f.state = comboValue<OperationState>(m_state, &stateFromString);
    f.kind = comboValue<OperationKind>(m_kind, &kindFromString);
    f.provider = comboValue<Provider>(m_provider, &providerFromString);
    const QVariant age = m_age->currentData();
    f.maxAgeSeconds = age.isValid() ? std::optional<qint64>(age.toLongLong()) : std::nullopt;
    if (f == m_model->filter())
        return;
    m_model->setFilter(f);
    if (!selectOperation(current))
        selectFirstRowIfNone();
}

void OperationListView::focusSearch()
{
    m_search->setFocus(Qt::ShortcutFocusReason);
    m_search->selectAll();
}

QString OperationListView::currentOperationId() const
{
    const QModelIndex current = m_table->currentIndex();
    return current.isValid() ? current.data(OperationTableModel::OperationIdRole).toString()
                             : QString();
}

bool OperationListView::selectOperation(const QString &operationId)
{
    const int row = operationId.isEmpty() ? -1 : m_model->rowOf(operationId);
    if (row < 0)
        return false;
    const int column = qMax(0, m_table->currentIndex().column());
    m_table->setCurrentIndex(m_model->index(row, column));
    m_table->scrollTo(m_model->index(row, column));
    return true;
}

void OperationListView::selectFirstRowIfNone()
{
    if (!m_table->currentIndex().isValid() && m_model->rowCount() > 0)
        m_table->setCurrentIndex(m_model->index(0, 0));
}

void OperationListView::emitCurrent()
{
    const QString id = currentOperationId();
    if (id == m_lastEmitted)
        return;
    m_lastEmitted = id;
    emit currentOperationChanged(id);
}

bool OperationListView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::KeyPress)
        return QWidget::eventFilter(watched, event);
    const auto *key = static_cast<QKeyEvent *>(event);
    const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
    if (watched == m_table && enter && m_table->currentIndex().isValid()) {
        emit operationActivated(currentOperationId());
        return true;
    }
    // Down from the search box goes to the list: search, arrow, read.
    if (watched == m_search && key->key() == Qt::Key_Down) {
        m_table->setFocus(Qt::TabFocusReason);
        selectFirstRowIfNone();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace ops::ui
