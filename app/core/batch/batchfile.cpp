#include "batchfile.h"

#include "domain/csv.h"
#include "domain/money.h"

#include <QHash>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

const QStringList kColumns = {u"order"_s,         u"charge"_s,    u"payment_intent"_s,
                              u"adyen_payment"_s, u"amount"_s,    u"currency"_s,
                              u"reason"_s,        u"reference"_s, u"ticket"_s};
const QStringList kRequired = {u"order"_s, u"amount"_s, u"currency"_s};
const QStringList kTargets = {u"charge"_s, u"payment_intent"_s, u"adyen_payment"_s};

// Whichever of ',' and ';' the header line uses more.
QChar separatorOf(const QByteArray &bytes)
{
    const QByteArray header = bytes.left(bytes.indexOf('\n'));
    return header.count(';') > header.count(',') ? u';' : u',';
}

class RowReader
{
public:
    RowReader(QString name, QChar separator, std::vector<BatchProblem> &problems)
        : m_name(std::move(name))
        , m_separator(separator)
        , m_problems(problems)
    {}

    bool readHeader(const csv::Record &header);
    std::optional<BatchRow> readRow(const csv::Record &record);

private:
    QString cell(const QStringList &fields, const QString &column) const
    {
        const int i = m_index.value(column, -1);
        return i < 0 ? QString() : fields.value(i).trimmed();
    }
    void problem(int line, const QString &message) { m_problems.push_back({line, message}); }
    std::optional<qint64> readAmount(int line, const QString &text, const QString &currency);
    bool duplicate(const BatchRow &row);

    QString m_name;
    QChar m_separator;
    std::vector<BatchProblem> &m_problems;
    QHash<QString, int> m_index;                  // column → field
    QHash<QPair<QString, QString>, int> m_orders; // (order, reference) → its first line
};

bool RowReader::readHeader(const csv::Record &header)
{
    for (int i = 0; i < header.fields.size(); ++i) {
        const QString column = header.fields.at(i).trimmed().toLower();
        if (!kColumns.contains(column))
            problem(header.line, u"unknown column '%1'; the columns are %2"_s.arg(
                                     column.left(40), kColumns.join(u", "_s)));
        else if (m_index.contains(column))
            problem(header.line, u"column '%1' appears twice"_s.arg(column));
        m_index.insert(column, i);
    }
    for (const QString &column : kRequired) {
        if (!m_index.contains(column))
            problem(header.line, u"column '%1' is missing"_s.arg(column));
    }
    if (std::none_of(kTargets.begin(), kTargets.end(),
                     [&](const QString &c) { return m_index.contains(c); }))
        problem(header.line,
                u"no column names what to refund: give charge, payment_intent or adyen_payment"_s);
    return m_problems.empty();
}

std::optional<qint64> RowReader::readAmount(int line, const QString &text, const QString &currency)
{
    // A semicolon file comes from a locale that writes 12,50; no file groups thousands.
    const QChar point = m_separator == u';' ? u',' : u'.';
    const UnitsReading read = readUnits(text, currency, point, {});
    const int digits = minorDigits(currency);
    switch (read.problem) {
    case UnitsProblem::None:
        if (read.minor > 0)
            return read.minor;
        problem(line, u"amount must be more than zero"_s);
        return std::nullopt;
    case UnitsProblem::Unreadable:
        problem(line, u"amount '%1' is not an amount in %2 such as %3"_s.arg(
                          text.left(40), currency.toUpper(),
                          digits == 0 ? u"1250"_s
                                      : u"12%1"_s.arg(point) + u'5' + QString(digits - 1, u'0')));
        return std::nullopt;
    case UnitsProblem::TooManyDecimals:
        problem(line, digits == 0
                          ? u"amount '%1': %2 has no decimals"_s.arg(text, currency.toUpper())
                          : u"amount '%1': %2 has %3 decimals at most"_s.arg(
                                text, currency.toUpper(), QString::number(digits)));
        return std::nullopt;
    case UnitsProblem::TooLarge:
        break;
    }
    problem(line, u"amount '%1' is too large"_s.arg(text.left(40)));
    return std::nullopt;
}

bool RowReader::duplicate(const BatchRow &row)
{
    const QPair<QString, QString> key{row.input.orderId, row.rowReference};
    const int first = m_orders.value(key, 0);
    if (first == 0) {
        m_orders.insert(key, row.line);
        return false;
    }
    problem(row.line,
            u"order %1 with %2 is already on line %3; give each refund of one order its "
            "own reference"_s
                .arg(row.input.orderId.left(40),
                     row.rowReference.isEmpty() ? u"no reference"_s
                                                : u"reference %1"_s.arg(row.rowReference.left(40)))
                .arg(first));
    return true;
}

std::optional<BatchRow> RowReader::readRow(const csv::Record &record)
{
    const int line = record.line;
    if (record.fields.size() != m_index.size()) {
        problem(line,
                u"%1 fields; the header has %2"_s.arg(record.fields.size()).arg(m_index.size()));
        return std::nullopt;
    }
    for (const QString &field : record.fields) {
        if (field.contains(u'\n') || field.contains(u'\r')) {
            problem(line, u"a field holds a line break"_s);
            return std::nullopt;
        }
    }
    BatchRow row;
    row.line = line;
    RefundInput &in = row.input;
    in.currency = cell(record.fields, u"currency"_s).toLower();
    if (!isKnownCurrency(in.currency)) {
        problem(line, u"unknown currency '%1'"_s.arg(in.currency.left(40)));
        return std::nullopt;
    }
    const auto amount = readAmount(line, cell(record.fields, u"amount"_s), in.currency);
    if (!amount)
        return std::nullopt;
    in.amountMinor = *amount;
    in.orderId = cell(record.fields, u"order"_s);
    in.chargeId = cell(record.fields, u"charge"_s);
    in.paymentIntentId = cell(record.fields, u"payment_intent"_s);
    in.adyenPaymentId = cell(record.fields, u"adyen_payment"_s);
    // One reason column: the code counted for the row; Stripe's three also go to Stripe.
    in.reasonCode = cell(record.fields, u"reason"_s);
    row.rowReference = cell(record.fields, u"reference"_s);
    row.ticket = cell(record.fields, u"ticket"_s);
    in.ticket = row.ticket;
    in.reference = batchReference(m_name, row.rowReference);
    if (auto invalid = validateRefund(in)) {
        problem(line, invalid->errorMessage);
        return std::nullopt;
    }
    if (duplicate(row))
        return std::nullopt;
    return row;
}

} // namespace

Result<void> checkBatchName(const QString &name)
{
    static const QRegularExpression shape(u"^[A-Za-z0-9._-]{1,64}$"_s);
    if (!shape.match(name).hasMatch())
        return Failure{u"a batch name is 1 to 64 letters, digits, '.', '-' and '_', not '%1'"_s.arg(
            name.left(70))};
    return {};
}

QString batchReference(const QString &name, const QString &rowReference)
{
    return rowReference.isEmpty() ? u"batch:"_s + name : u"batch:%1:%2"_s.arg(name, rowReference);
}

BatchFile readBatchFile(const QByteArray &bytes, const QString &name)
{
    BatchFile file;
    file.name = name;
    const auto fail = [&](const QString &message, int line = 0) {
        file.problems.push_back({line, message});
        return std::move(file);
    };
    if (const auto named = checkBatchName(name); !named)
        return fail(named.error());
    if (bytes.size() > kMaxBatchFileBytes)
        return fail(u"the file has %1 bytes; a batch file has at most %2"_s.arg(bytes.size())
                        .arg(kMaxBatchFileBytes));
    const QChar separator = separatorOf(bytes);
    const auto records = csv::parseRecords(bytes, separator);
    if (!records) {
        static const QRegularExpression where(u"^line (\\d+): (.*)$"_s);
        const auto at = where.match(records.error());
        return at.hasMatch() ? fail(at.captured(2), at.captured(1).toInt()) : fail(records.error());
    }
    std::vector<csv::Record> rows;
    for (const csv::Record &r : *records) {
        if (!(r.fields.size() == 1 && r.fields.first().trimmed().isEmpty()))
            rows.push_back(r); // blank lines are not rows
    }
    if (rows.empty())
        return fail(u"the file is empty: it needs a header line and at least one refund"_s);
    if (rows.size() > kMaxBatchRows + 1)
        return fail(u"the file has %1 rows; a batch has at most %2"_s.arg(rows.size() - 1)
                        .arg(kMaxBatchRows));
    RowReader reader(name, separator, file.problems);
    if (!reader.readHeader(rows.front()))
        return file;
    if (rows.size() == 1)
        return fail(u"the file has a header but no refunds"_s, rows.front().line);
    file.lines = int(rows.size()) - 1;
    for (auto it = rows.begin() + 1; it != rows.end(); ++it) {
        if (auto row = reader.readRow(*it))
            file.rows.push_back(std::move(*row));
    }
    return file;
}

} // namespace ops
