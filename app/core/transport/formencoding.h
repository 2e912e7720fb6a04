#pragma once

// application/x-www-form-urlencoded as Stripe reads it: UTF-8, every byte outside the unreserved
// set percent-encoded, nested keys written as metadata[k]=v, pairs in the given order.

#include <QByteArray>
#include <QList>
#include <QString>
#include <optional>
#include <utility>

namespace ops {

using FormFields = QList<std::pair<QString, QString>>;

QByteArray formEncode(const FormFields &fields);
// Strict decoding: refuses a pair without '=', bad percent escapes and invalid UTF-8.
std::optional<FormFields> formDecode(const QByteArray &body);

} // namespace ops
