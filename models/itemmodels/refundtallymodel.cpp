#include "itemmodels/refundtallymodel.h"

#include "domain/csv.h"
#include "itemmodels/localeformat.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QLocale>

using namespace Qt::StringLiterals;

namespace ops {

QString reasonCodeLabel(const QString &code)
{
    static const QMap<QString, const char *> labels = {
        {QString(), QT_TRANSLATE_NOOP("ops::RefundTallyModel", "No reason code")},
        {u"duplicate"_s, QT_TRANSLATE_NOOP("ops::RefundTallyModel", "Duplicate")},
        {u"fraudulent"_s, QT_TRANSLATE_NOOP("ops::RefundTallyModel", "Fraudulent")},
        {u"requested_by_customer"_s,
         QT_TRANSLATE_NOOP("ops::RefundTallyModel", "Requested by the customer")},
        {u"product_not_received"_s,
         QT_TRANSLATE_NOOP("ops::RefundTallyModel", "Product not received")},
        {u"price_adjustment"_s, QT_TRANSLATE_NOOP("ops::RefundTallyModel", "Price adjustment")},
    };
    const auto it = labels.constFind(code);
    return it == labels.constEnd() ? code
                                   : QCoreApplication::translate("ops::RefundTallyModel", *it);
}

RefundTallyModel::RefundTallyModel(Key key, QObject *parent)
    : RowTableModel(parent)
    , m_key(key)
{}

QStringList RefundTallyModel::columnTitles() const
{
    return {m_key == Key::Reason ? tr("Reason") : tr("Batch"),
            tr("Refunds"),
            tr("Refunded"),
            tr("Failed"),
            tr("Checking"),
            tr("Money refunded"),
            tr("Last")};
}

QVariant RefundTallyModel::rowData(const RefundTally &row, int column, int role) const
{
    if (role == KeyRole)
        return row.key;
    if (role == Qt::TextAlignmentRole && column != KeyColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    const QLocale locale;
    switch (column) {
    case KeyColumn:
        return m_key == Key::Reason ? reasonCodeLabel(row.key) : row.key;
    case RefundsColumn:
        return locale.toString(row.refunds);
    case SucceededColumn:
        return locale.toString(row.succeeded);
    case FailedColumn:
        return locale.toString(row.failed);
    case UnsettledColumn:
        return locale.toString(row.unsettled);
    case RefundedColumn: {
        QStringList sums;
        for (auto it = row.refunded.begin(); it != row.refunded.end(); ++it)
            sums << formatMoney({it.value(), it.key()}, locale);
        return sums.join(u", "_s);
    }
    case LastColumn:
        return row.lastMs > 0
                   ? formatDateTime(QDateTime::fromMSecsSinceEpoch(row.lastMs, Qt::UTC), locale)
                   : QString();
    default:
        return {};
    }
}

QByteArray RefundTallyModel::csv() const
{
    QStringList currencies;
    for (const RefundTally &t : rows()) {
        for (auto it = t.refunded.begin(); it != t.refunded.end(); ++it) {
            if (!currencies.contains(it.key()))
                currencies << it.key();
        }
    }
    currencies.sort();
    QStringList header = {m_key == Key::Reason ? u"reason_code"_s : u"batch"_s, u"refunds"_s,
                          u"refunded"_s, u"failed"_s, u"checking"_s};
    for (const QString &c : currencies)
        header << u"refunded_minor_"_s + c.toLower();
    header << u"first_at"_s << u"last_at"_s;
    QByteArray out = csv::record(header);
    const auto iso = [](qint64 ms) {
        return ms > 0 ? QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate)
                      : QString();
    };
    for (const RefundTally &t : rows()) {
        QStringList fields = {t.key, QString::number(t.refunds), QString::number(t.succeeded),
                              QString::number(t.failed), QString::number(t.unsettled)};
        for (const QString &c : currencies)
            fields << QString::number(t.refunded.value(c));
        fields << iso(t.firstMs) << iso(t.lastMs);
        out += csv::record(fields);
    }
    return out;
}

} // namespace ops
