#pragma once

// application/x-www-form-urlencoded as stripe-node writes it: pairs joined by '&', '=' between
// name and value, UTF-8 percent-encoding, '+' for a space, nested names spelled with brackets
// (metadata[operation_id]). Also used for query strings.

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>
#include <utility>

namespace ops::sim {

using FormPairs = QList<std::pair<QString, QString>>;

// nullopt when the input is malformed: a bad percent escape, invalid UTF-8, or an empty name.
std::optional<FormPairs> parseForm(const QByteArray &encoded);

// Percent-decodes one component ('+' → space); nullopt on a bad escape or invalid UTF-8.
std::optional<QString> decodeFormComponent(const QByteArray &component);

} // namespace ops::sim

namespace ops::sim {

// Glob match where only '*' is special and matches any run of characters ('/' and '.'
// included): "POST /v1/customers/*/topup", "charge.refund.*", "*".
bool globMatches(const QString &pattern, const QString &text);

} // namespace ops::sim
