#pragma once

// Customer message templates (docs/design.md rule 11), shipped as
// resources/messages/<language>.json and compiled into ops_models under :/messages/. One template
// per operation state family: checking and not_confirmed while a row is open or unknown, refunded /
// credited after a confirmed refund / credit movement, failed after a definite refusal. Bodies
// carry the placeholders {amount} (with currency), {order} and {reference}.

#include "domain/operation.h"

#include <QString>
#include <QStringList>
#include <optional>

namespace ops {

enum class MessageTemplate
{
    Checking,
    NotConfirmed,
    Refunded,
    Issued, // a confirmed refund the provider still reports pending: issued, on its way
    Credited,
    Failed,
    Custom // free text written by the operator, checked by the truth guard
};

QString toString(MessageTemplate t);
std::optional<MessageTemplate> messageTemplateFromString(QStringView text);

// The languages shipped: "en", "ru", "uk".
const QStringList &messageLanguages();
// "English", "Русский", "Українська"; empty for an unknown code.
QString languageName(const QString &language);

// Which templates may be sent for a row in `state` of `kind` (rule 11): open/unknown → checking
// and not_confirmed; succeeded → refunded (refunds) or credited (credit movements, executions),
// but a refund still `pending` at the provider gets issued instead of refunded; failed →
// failed. Custom text is always offered; the truth guard decides on its words.
QList<MessageTemplate> allowedTemplates(OperationState state, OperationKind kind,
                                        const QString &providerStatus = {});
// Whether `t` has a body for `kind` at all (refunded and issued are for refunds only, credited
// for everything else).
bool templateFitsKind(MessageTemplate t, OperationKind kind);

// The facts a template's placeholders are filled from.
struct MessageFacts
{
    OperationKind kind = OperationKind::Refund; // picks the body
    Money amount;
    QString order;     // order id, or the unit of work of rows without an order
    QString work;      // the work name of credit movements and executions
    QString reference; // the provider's reference
};

MessageFacts factsFor(const Operation &op);

struct RenderedMessage
{
    QString body;  // empty when error is set
    QString error; // operator-readable: unknown template or language, a missing value
};

class MessageTemplates
{
public:
    // The template's title in `language` ("Checking (outcome unknown)"), for `kind`.
    static QString title(MessageTemplate t, const QString &language,
                         OperationKind kind = OperationKind::Refund);
    // The raw body for `kind` with its placeholders; empty when the template or language is
    // unknown or the template has no body for that kind.
    static QString rawBody(MessageTemplate t, const QString &language,
                           OperationKind kind = OperationKind::Refund);
    // The body with every placeholder filled. A placeholder whose value is empty is an error
    // (a customer must never read "{reference}" or a blank where a fact belongs).
    static RenderedMessage render(MessageTemplate t, const QString &language,
                                  const MessageFacts &facts);
};

} // namespace ops
