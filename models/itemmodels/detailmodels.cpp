#include "itemmodels/detailmodels.h"

#include "itemmodels/localeformat.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QStringDecoder>
#include <QUrlQuery>
#include <nlohmann/json.hpp>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

QString localTime(const QDateTime &t)
{
    return formatDateTime(t, QLocale());
}

QString formFields(const QByteArray &body)
{
    QStringList lines;
    const QUrlQuery query(QString::fromUtf8(body));
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded))
        lines << key + u" = "_s + value;
    return lines.join(u'\n');
}

} // namespace

QString readableBody(const QByteArray &body, const QString &contentType)
{
    if (contentType.contains(u"json"_s)) {
        const auto parsed = nlohmann::json::parse(body.toStdString(), nullptr, false);
        if (!parsed.is_discarded())
            return QString::fromStdString(parsed.dump(2));
    }
    if (contentType.contains(u"x-www-form-urlencoded"_s))
        return formFields(body);
    auto decoder = QStringDecoder(QStringDecoder::Utf8);
    const QString text = decoder.decode(body);
    if (contentType.startsWith(u"text/"_s) && !decoder.hasError())
        return text;
    return QCoreApplication::translate("ops::DetailModels", "%1 bytes of %2\nSHA-256 %3")
        .arg(body.size())
        .arg(contentType, QString::fromLatin1(
                              QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex()));
}

QString auditSummary(const QString &detail)
{
    const auto parsed = nlohmann::json::parse(detail.toStdString(), nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object())
        return detail.section(u'\n', 0, 0);
    QStringList parts;
    for (const auto &[key, value] : parsed.items()) {
        QString shown;
        if (value.is_string())
            shown = QString::fromStdString(value.get<std::string>());
        else if (value.is_object())
            shown = u"{%1}"_s.arg(value.size());
        else if (value.is_array())
            shown = u"[%1]"_s.arg(value.size());
        else
            shown = QString::fromStdString(value.dump());
        parts << QString::fromStdString(key).replace(u'_', u' ') + u' ' + shown;
    }
    return parts.join(u"  ·  "_s);
}

QString auditDetailPretty(const QString &detail)
{
    return readableBody(detail.toUtf8(), u"application/json"_s);
}

// --- attempts ----------------------------------------------------------------------------------

void AttemptTableModel::setRows(std::vector<Attempt> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int AttemptTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AttemptTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AttemptTableModel::display(const Attempt &a, int column) const
{
    switch (column) {
    case SeqColumn:
        return a.seq;
    case TimeColumn:
        return localTime(a.startedAt);
    case ActorColumn:
        return a.byOperator ? tr("%1 (operator resend)").arg(a.actor) : a.actor;
    case HttpColumn:
        return a.httpStatus == 0 ? u"—"_s : QString::number(a.httpStatus);
    case OutcomeColumn:
        return a.providerCode.isEmpty() ? toString(a.outcome)
                                        : u"%1 (%2)"_s.arg(toString(a.outcome), a.providerCode);
    case LatencyColumn:
        return a.finishedAt ? tr("%1 ms").arg(a.latencyMs) : QString();
    case ReplayedColumn:
        return a.replayed ? tr("replayed") : QString();
    case RequestIdColumn:
        return a.providerRequestId;
    case ErrorColumn:
        return a.transportError;
    }
    return {};
}

QVariant AttemptTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Attempt &a = m_rows[size_t(index.row())];
    if (role == Qt::DisplayRole)
        return display(a, index.column());
    if (role == Qt::ToolTipRole && index.column() == TimeColumn)
        return formatUtc(a.startedAt);
    if (role == Qt::ToolTipRole && !a.responseExcerpt.isEmpty())
        return a.responseExcerpt;
    return {};
}

QVariant AttemptTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QStringList titles = {
        u"#"_s,         tr("Time"),    tr("Actor"),    tr("HTTP"),
        tr("Outcome"),  tr("Latency"), tr("Replayed"), tr("Provider request"),
        tr("Transport")};
    return section >= 0 && section < titles.size() ? QVariant(titles.at(section)) : QVariant();
}

// --- evidence ----------------------------------------------------------------------------------

void EvidenceListModel::setRows(std::vector<Evidence> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    QSet<qint64> still;
    for (const Evidence &e : m_rows) {
        if (m_checked.contains(e.id))
            still.insert(e.id);
    }
    m_checked = still;
    endResetModel();
}

void EvidenceListModel::setCheckable(bool checkable)
{
    if (checkable == m_checkable)
        return;
    m_checkable = checkable;
    if (!m_rows.empty())
        emit dataChanged(index(0), index(rowCount() - 1), {Qt::CheckStateRole});
}

QList<qint64> EvidenceListModel::checkedIds() const
{
    QList<qint64> ids;
    for (const Evidence &e : m_rows) {
        if (m_checked.contains(e.id))
            ids << e.id;
    }
    return ids;
}

int EvidenceListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

QVariant EvidenceListModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Evidence &e = m_rows[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        // Numbered within the operation (1, 2, 3 in the order attached), not by the global id.
        return tr("%1. %2 — %3, %4 by %5")
            .arg(index.row() + 1)
            .arg(e.title, e.kind, localTime(e.createdAt), e.createdBy);
    case Qt::ToolTipRole:
        return tr("%1 · %2 bytes · SHA-256 %3").arg(e.contentType).arg(e.body.size()).arg(e.sha256);
    case Qt::CheckStateRole:
        if (!m_checkable)
            return {};
        return m_checked.contains(e.id) ? Qt::Checked : Qt::Unchecked;
    case EvidenceIdRole:
        return e.id;
    case BodyRole:
        return e.body;
    case ContentTypeRole:
        return e.contentType;
    case Sha256Role:
        return e.sha256;
    case ReadableBodyRole:
        return readableBody(e.body, e.contentType);
    }
    return {};
}

bool EvidenceListModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (!m_checkable || role != Qt::CheckStateRole ||
        !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    const qint64 id = m_rows[size_t(index.row())].id;
    if (value.value<Qt::CheckState>() == Qt::Checked)
        m_checked.insert(id);
    else
        m_checked.remove(id);
    emit dataChanged(index, index, {Qt::CheckStateRole});
    return true;
}

Qt::ItemFlags EvidenceListModel::flags(const QModelIndex &index) const
{
    Qt::ItemFlags f = QAbstractListModel::flags(index);
    if (m_checkable && index.isValid())
        f |= Qt::ItemIsUserCheckable;
    return f;
}

// --- audit -------------------------------------------------------------------------------------

void AuditTableModel::setRows(std::vector<AuditEntry> rows)
{
    beginResetModel();
    m_rows = std::move(rows);
    endResetModel();
}

int AuditTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int AuditTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AuditTableModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const AuditEntry &e = m_rows[size_t(index.row())];
    if (role == Qt::ToolTipRole && index.column() == TimeColumn)
        return formatUtc(e.at);
    if (role == Qt::ToolTipRole && index.column() == DetailColumn)
        return auditDetailPretty(e.detail);
    if (role == Qt::ToolTipRole)
        return tr("hash %1\nprevious %2").arg(e.hash, e.prevHash);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case TimeColumn:
        return localTime(e.at);
    case ActorColumn:
        return e.actor;
    case ActionColumn:
        return e.action;
    case DetailColumn:
        return auditSummary(e.detail);
    }
    return {};
}

QVariant AuditTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const QStringList titles = {tr("Time"), tr("Actor"), tr("Action"), tr("Detail")};
    return section >= 0 && section < titles.size() ? QVariant(titles.at(section)) : QVariant();
}

} // namespace ops
