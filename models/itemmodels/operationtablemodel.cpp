#include "itemmodels/operationtablemodel.h"

#include "domain/operatoraccess.h"
#include "domain/storeerror.h"
#include "itemmodels/itemmodellogging.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationlabels.h"
#include "itemmodels/waitingtext.h"

#include <QScopedValueRollback>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QString localTime(const std::optional<QDateTime> &t)
{
    return t ? formatDateTime(*t, QLocale()) : QString();
}

std::optional<SortKey> sortKeyFor(int column)
{
    switch (column) {
    case OperationTableModel::OperationColumn:
        return SortKey::Id;
    case OperationTableModel::AmountColumn:
        return SortKey::Amount;
    case OperationTableModel::LastAttemptColumn:
        return SortKey::LastAttempt;
    case OperationTableModel::WindowLeftColumn:
        return SortKey::Deadline;
    case OperationTableModel::AgeColumn:
        return SortKey::Created;
    default:
        return std::nullopt;
    }
}

qint64 msOr(const std::optional<QDateTime> &t, qint64 none)
{
    return t ? t->toMSecsSinceEpoch() : none;
}

int compareSortValues(const QVariant &a, const QVariant &b)
{
    if (a.typeId() == QMetaType::QString || b.typeId() == QMetaType::QString)
        return a.toString().compare(b.toString());
    const qint64 x = a.toLongLong();
    const qint64 y = b.toLongLong();
    return x < y ? -1 : (x > y ? 1 : 0);
}

// The page query's order: ORDER BY the sort value, then id, both the filter's way.
bool listedBefore(const QueryFilter &f, const OperationSummary &a, const OperationSummary &b)
{
    int c = f.sort == SortKey::Id ? 0 : compareSortValues(a.sortValue, b.sortValue);
    if (c == 0)
        c = a.id.compare(b.id);
    return f.descending ? c > 0 : c < 0;
}

} // namespace

TargetSubject targetSubjectOf(const OperationSummary &row)
{
    return {row.state, row.createdAt, row.ownedBy, row.deadline};
}

OperationSummary summaryOf(const Operation &op, int evidenceCount, const QueryFilter &filter)
{
    OperationSummary s;
    s.id = op.id;
    s.kind = op.kind;
    s.provider = op.provider;
    s.orderId = op.orderId;
    s.customerId = op.customerId;
    s.chargeId = op.chargeId;
    s.amount = op.amount;
    s.state = op.state;
    s.providerStatus = op.providerStatus;
    s.attempts = op.attempts;
    s.attemptCap = op.attemptCap;
    s.operatorAttempts = op.operatorAttempts;
    s.idempotencyKey = op.idempotencyKey;
    s.lastAttemptAt = op.lastAttemptAt;
    s.deadline = op.deadline;
    s.marginSeconds = op.marginSeconds;
    s.providerRef = op.providerRef;
    s.createdAt = op.createdAt;
    s.updatedAt = op.updatedAt;
    s.evidenceCount = evidenceCount;
    s.ownedBy = op.ownedBy;
    s.ownedSince = op.ownedSince;
    switch (filter.sort) { // as sortExpression() in operationquery.cpp reads it
    case SortKey::Created:
        s.sortValue = qlonglong(op.createdAt.toMSecsSinceEpoch());
        break;
    case SortKey::Id:
        s.sortValue = op.id;
        break;
    case SortKey::Amount:
        s.sortValue = qlonglong(op.amount.minor);
        break;
    case SortKey::Deadline:
        s.sortValue = qlonglong(msOr(op.deadline, std::numeric_limits<qint64>::max()));
        break;
    case SortKey::LastAttempt:
        s.sortValue = qlonglong(msOr(op.lastAttemptAt, 0));
        break;
    case SortKey::Due:
        s.sortValue = qlonglong(
            msOr(queueDue(targetSubjectOf(s), filter.targets), std::numeric_limits<qint64>::max()));
        break;
    }
    return s;
}

bool matchesFilter(const QueryFilter &f, const OperationSummary &row, qint64 nowMs)
{
    if ((f.state && row.state != *f.state) || (f.kind && row.kind != *f.kind) ||
        (f.provider && row.provider != *f.provider))
        return false;
    if (f.maxAgeSeconds && row.createdAt.toMSecsSinceEpoch() < nowMs - *f.maxAgeSeconds * 1000)
        return false;
    if (!f.ownedBy.isEmpty() && row.ownedBy != f.ownedBy)
        return false;
    const QString text = f.search.trimmed();
    if (text.isEmpty())
        return true;
    // The query's prefix ranges, column by column (case-sensitive, as SQLite's BINARY order).
    for (const QString *column : {&row.id, &row.idempotencyKey, &row.orderId, &row.customerId,
                                  &row.chargeId, &row.providerRef}) {
        if (column->startsWith(text))
            return true;
    }
    return false;
}

OperationTableModel::OperationTableModel(OperationPages &pages, Scope scope, QObject *parent)
    : QAbstractTableModel(parent)
    , m_pages(pages)
    , m_scope(scope)
    , m_filter(scope == Scope::CheckingQueue ? QueryFilter::checkingQueue() : QueryFilter{})
{}

std::optional<std::vector<OperationSummary>>
OperationTableModel::fetch(const std::optional<PageCursor> &after, int limit)
{
    try {
        return m_pages.page(m_filter, after, limit);
    } catch (const StoreError &e) {
        qCWarning(lcModels) << "page query failed:" << e.message();
        emit loadFailed(e.message());
        return std::nullopt;
    }
}

void OperationTableModel::resetTo(std::vector<OperationSummary> rows, int requested)
{
    const QScopedValueRollback notifying(m_notifying, true);
    beginResetModel();
    m_exhausted = int(rows.size()) < requested;
    m_rows = std::move(rows);
    endResetModel();
}

void OperationTableModel::setFilter(QueryFilter filter)
{
    if (m_scope == Scope::CheckingQueue)
        filter.state = OperationState::Unknown;
    m_filter = std::move(filter);
    auto rows = fetch(std::nullopt, m_pageSize);
    resetTo(rows ? std::move(*rows) : std::vector<OperationSummary>{}, m_pageSize);
}

void OperationTableModel::refreshCountdown()
{
    if (m_rows.empty())
        return;
    const QList<int> roles = {Qt::DisplayRole, UrgentRole, WindowLeftRole};
    emit dataChanged(index(0, WindowLeftColumn), index(rowCount() - 1, WindowLeftColumn), roles);
    emit dataChanged(index(0, AgeColumn), index(rowCount() - 1, AgeColumn), roles);
    emit dataChanged(index(0, WaitingColumn), index(rowCount() - 1, WaitingColumn),
                     {Qt::DisplayRole, Qt::ToolTipRole});
    // A row turns late as the clock passes its target.
    emit dataChanged(index(0, StateColumn), index(rowCount() - 1, StateColumn), {LateRole});
}

LateReason OperationTableModel::lateReasonOf(const OperationSummary &row) const
{
    return lateReason(targetSubjectOf(row), m_filter.targets,
                      QDateTime::fromMSecsSinceEpoch(m_pages.clock().nowMs(), Qt::UTC));
}

int OperationTableModel::lateCount() const
{
    return int(std::count_if(m_rows.begin(), m_rows.end(), [this](const OperationSummary &row) {
        return lateReasonOf(row) != LateReason::None;
    }));
}

void OperationTableModel::updateRow(const Operation &op, std::optional<int> evidenceCount)
{
    const int at = rowOf(op.id);
    const int count = evidenceCount.value_or(at >= 0 ? m_rows[size_t(at)].evidenceCount : 0);
    OperationSummary row = summaryOf(op, count, m_filter);
    if (at >= 0)
        row.waiting = m_rows[size_t(at)].waiting;
    if (!matchesFilter(m_filter, row, m_pages.clock().nowMs())) {
        if (at >= 0)
            removeRowAt(at);
        return;
    }
    const std::optional<int> place = placeOf(row, at);
    if (at < 0) {
        if (!place)
            return;
        const QScopedValueRollback notifying(m_notifying, true);
        beginInsertRows({}, *place, *place);
        m_rows.insert(m_rows.begin() + *place, std::move(row));
        endInsertRows();
        return;
    }
    if (!place) {
        removeRowAt(at); // its place is past the loaded rows: fetchMore brings it back there
        return;
    }
    if (*place != at) {
        moveRowTo(at, *place, std::move(row));
        return;
    }
    if (m_rows[size_t(at)] == row)
        return;
    m_rows[size_t(at)] = std::move(row);
    emit dataChanged(index(at, 0), index(at, ColumnCount - 1));
}

std::optional<int> OperationTableModel::placeOf(const OperationSummary &row, int skip) const
{
    int place = 0;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (int(i) == skip)
            continue;
        if (!listedBefore(m_filter, m_rows[i], row))
            return place;
        ++place;
    }
    return m_exhausted ? std::optional<int>(place) : std::nullopt;
}

void OperationTableModel::removeRowAt(int row)
{
    const QScopedValueRollback notifying(m_notifying, true);
    beginRemoveRows({}, row, row);
    m_rows.erase(m_rows.begin() + row);
    endRemoveRows();
}

void OperationTableModel::moveRowTo(int from, int to, OperationSummary row)
{
    // beginMoveRows counts the destination before the move: moving down lands before to + 1.
    const QScopedValueRollback notifying(m_notifying, true);
    beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
    m_rows.erase(m_rows.begin() + from);
    m_rows.insert(m_rows.begin() + to, std::move(row));
    endMoveRows();
    emit dataChanged(index(to, 0), index(to, ColumnCount - 1));
}

const OperationSummary *OperationTableModel::summaryAt(int row) const
{
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &m_rows[size_t(row)];
}

int OperationTableModel::rowOf(const QString &operationId) const
{
    for (size_t i = 0; i < m_rows.size(); ++i) {
        if (m_rows[i].id == operationId)
            return int(i);
    }
    return -1;
}

int OperationTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int OperationTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

std::optional<qint64> OperationTableModel::windowLeft(const OperationSummary &row) const
{
    if (isFinal(row.state) || !row.deadline)
        return std::nullopt;
    return (row.deadline->toMSecsSinceEpoch() - m_pages.clock().nowMs()) / 1000;
}

QVariant OperationTableModel::display(const OperationSummary &row, int column) const
{
    switch (column) {
    case OperationColumn:
        return row.id;
    case KindColumn:
        return kindLabel(row.kind);
    case SubjectColumn:
        return row.subject();
    case AmountColumn:
        return formatMoney(row.amount, QLocale());
    case StateColumn:
        return stateBadgeLabel(row.state, row.providerStatus);
    case AttemptsColumn:
        return attemptsLabel(row.attempts, row.attemptCap, row.operatorAttempts);
    case KeyColumn:
        return row.idempotencyKey;
    case LastAttemptColumn:
        return localTime(row.lastAttemptAt);
    case WindowLeftColumn: {
        if (isFinal(row.state))
            return u"—"_s;
        const auto left = windowLeft(row);
        if (!left)
            return tr("not started");
        return *left <= 0 ? tr("closed") : formatDuration(*left);
    }
    case EvidenceColumn:
        return row.evidenceCount;
    case AgeColumn:
        return formatDuration((m_pages.clock().nowMs() - row.createdAt.toMSecsSinceEpoch()) / 1000);
    case WaitingColumn:
        return waitingLabel(row.waiting, m_pages.clock().nowMs());
    case OwnerColumn:
        return operatorName(row.ownedBy);
    }
    return {};
}

QVariant OperationTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const OperationSummary &row = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        return display(row, index.column());
    case Qt::ToolTipRole:
        if (index.column() == StateColumn && isPendingAtProvider(row.state, row.providerStatus))
            return tr("The provider accepted the refund and still reports it pending: the money "
                      "is on its way, not arrived.");
        if (index.column() == StateColumn && isReceivedAtProvider(row.state, row.providerStatus))
            return tr("The provider received the refund and will confirm it by notification: it "
                      "is being processed, not done.");
        if (index.column() == WindowLeftColumn && row.deadline)
            return windowTooltip(*row.deadline, row.marginSeconds);
        if (index.column() == LastAttemptColumn && row.lastAttemptAt)
            return formatUtc(*row.lastAttemptAt);
        if (index.column() == WaitingColumn)
            return waitingTooltip(row.waiting, m_pages.clock().nowMs());
        if (index.column() == OwnerColumn && row.ownedSince)
            return tr("%1 since %2").arg(operatorName(row.ownedBy), localTime(row.ownedSince));
        // Identifiers elide in the middle: the tooltip has them whole.
        if (index.column() == KeyColumn)
            return tr("%1\nIdempotency key — Ctrl+Shift+C copies it").arg(row.idempotencyKey);
        return index.column() == OperationColumn ? QVariant(row.id) : QVariant();
    case UrgentRole: {
        const auto left = windowLeft(row);
        return left && *left < kUrgentSeconds;
    }
    case MonospaceRole:
        return index.column() == KeyColumn || index.column() == OperationColumn;
    case Qt::TextAlignmentRole:
        if (index.column() == AmountColumn || index.column() == EvidenceColumn ||
            index.column() == AttemptsColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case OperationIdRole:
        return row.id;
    case StateRole:
        return toString(row.state);
    case ProviderStatusRole:
        return row.providerStatus;
    case BadgeRole:
        return stateBadgeKind(row.state, row.providerStatus);
    case WindowLeftRole: {
        const auto left = windowLeft(row);
        return left ? QVariant(*left) : QVariant();
    }
    case KeyRole:
        return row.idempotencyKey;
    case FinalRole:
        return isFinal(row.state);
    case LateRole:
        return int(lateReasonOf(row));
    case OwnerRole:
        return row.ownedBy;
    }
    return {};
}

QVariant OperationTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QStringList titles = {
        tr("Operation"), tr("Kind"),    tr("Subject"),      tr("Amount"),      tr("State"),
        tr("Attempts"),  tr("Key"),     tr("Last attempt"), tr("Window left"), tr("Evidence"),
        tr("Age"),       tr("Waiting"), tr("Owner")};
    return section >= 0 && section < titles.size() ? QVariant(titles.at(section)) : QVariant();
}

bool OperationTableModel::canFetchMore(const QModelIndex &parent) const
{
    // Not while a reset or insert is being announced: whoever reacts to the announcement must
    // not start the next insert inside it (views fetch again once the event loop turns).
    return !parent.isValid() && !m_exhausted && !m_notifying;
}

void OperationTableModel::fetchMore(const QModelIndex &parent)
{
    if (parent.isValid() || m_exhausted || m_notifying || m_rows.empty())
        return;
    auto more = fetch(cursorAfter(m_rows.back()), m_pageSize);
    if (!more)
        return;
    m_exhausted = int(more->size()) < m_pageSize;
    if (more->empty())
        return;
    const int first = rowCount();
    const QScopedValueRollback notifying(m_notifying, true);
    beginInsertRows({}, first, first + int(more->size()) - 1);
    std::move(more->begin(), more->end(), std::back_inserter(m_rows));
    endInsertRows();
}

void OperationTableModel::sort(int column, Qt::SortOrder order)
{
    const auto key = sortKeyFor(column);
    if (!key)
        return; // columns without an index keep the current order
    QueryFilter f = m_filter;
    f.sort = *key;
    // Age grows as creation time falls: ascending age is newest first.
    const bool ascending = order == Qt::AscendingOrder;
    f.descending = *key == SortKey::Created ? ascending : !ascending;
    if (f == m_filter)
        return;
    setFilter(std::move(f));
}

} // namespace ops
