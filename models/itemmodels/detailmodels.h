#pragma once

// Item models for the detail pane: an operation's attempts, evidence and audit trail. They hold
// what the store handed them (setRows) and format it; they run no queries themselves.

#include "domain/operation.h"

#include <QAbstractListModel>
#include <QAbstractTableModel>
#include <QSet>
#include <vector>

namespace ops {

class AttemptTableModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        SeqColumn,
        TimeColumn,
        ActorColumn,
        HttpColumn,
        OutcomeColumn,
        LatencyColumn,
        ReplayedColumn,
        RequestIdColumn,
        ErrorColumn,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<Attempt> rows);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QVariant display(const Attempt &a, int column) const;
    std::vector<Attempt> m_rows;
};

// Evidence items, newest last. Optionally checkable: the close dialog lets the operator pick
// which items support the close.
class EvidenceListModel final : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role
    {
        EvidenceIdRole = Qt::UserRole + 1,
        BodyRole,        // QByteArray as stored
        ContentTypeRole, // QString
        Sha256Role,      // QString hex
        ReadableBodyRole // QString: JSON pretty-printed, text as is, binary summarised
    };
    using QAbstractListModel::QAbstractListModel;

    void setRows(std::vector<Evidence> rows);
    void setCheckable(bool checkable);
    QList<qint64> checkedIds() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;

private:
    std::vector<Evidence> m_rows;
    QSet<qint64> m_checked;
    bool m_checkable = false;
};

class AuditTableModel final : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column
    {
        TimeColumn,
        ActorColumn,
        ActionColumn,
        DetailColumn,
        ColumnCount
    };
    using QAbstractTableModel::QAbstractTableModel;

    void setRows(std::vector<AuditEntry> rows);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<AuditEntry> m_rows;
};

// Stored bytes as a person should read them: JSON pretty-printed, form bodies one field per
// line, text as is, anything else as a size and hash summary.
QString readableBody(const QByteArray &body, const QString &contentType);
// An audit entry's JSON detail on one line, for a table cell: "http_status 500 · outcome
// undefined · attempt 2"; nested objects and lists are counted, not spelled out ("request {3}").
// Text that is not a JSON object comes back as its first line.
QString auditSummary(const QString &detail);
// The same detail pretty-printed for the side panel (as stored when it is not JSON).
QString auditDetailPretty(const QString &detail);

} // namespace ops
