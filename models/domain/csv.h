#pragma once

// RFC 4180 CSV: records end with CRLF; a field containing '"', ',', CR or LF is quoted and its
// quotes doubled; text is UTF-8 without a byte-order mark.

#include "domain/result.h"

#include <QByteArray>
#include <QStringList>
#include <vector>

namespace ops::csv {

QByteArray field(const QString &text);
// field() of text that is already UTF-8, appended to `out`.
void appendField(QByteArray &out, QByteArrayView utf8);
// One record, CRLF included.
QByteArray record(const QStringList &fields);

// One parsed record and the line of the document it starts on (1-based; a quoted line break
// makes a record span lines, so the next one starts further down).
struct Record
{
    int line = 0;
    QStringList fields;
};

// Parses a whole document. Accepts CRLF or bare LF record ends (a CR or LF inside quotes is
// data). A failure, naming its line, for a stray quote in an unquoted field, text after a
// closing quote, an unterminated quoted field, or bytes that are not UTF-8.
Result<std::vector<QStringList>> parse(const QByteArray &utf8);
// The same with each record's first line (a failure's text starts "line N: "), fields split at
// `separator` (',' or ';', as the spreadsheets of some locales write it). A leading byte-order mark
// is skipped: spreadsheets write one into "CSV UTF-8" files.
Result<std::vector<Record>> parseRecords(const QByteArray &utf8, QChar separator = u',');

} // namespace ops::csv
