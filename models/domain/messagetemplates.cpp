#include "domain/messagetemplates.h"

#include "domain/domainlogging.h"

#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

// A title or body: one text for every kind, or one per kind (keys as toString(OperationKind)).
struct PerKind
{
    QString common;
    QHash<QString, QString> byKind;
    QString forKind(OperationKind kind) const { return byKind.value(toString(kind), common); }
};

PerKind perKind(const QJsonValue &v)
{
    PerKind out;
    if (v.isString()) {
        out.common = v.toString();
        return out;
    }
    const QJsonObject o = v.toObject();
    for (auto it = o.begin(); it != o.end(); ++it)
        out.byKind.insert(it.key(), it.value().toString());
    return out;
}

struct Language
{
    QString name;
    QHash<QString, std::pair<PerKind, PerKind>> templates; // key → (title, body)
};

QHash<QString, Language> loadLanguages()
{
    QHash<QString, Language> out;
    for (const QString &code : messageLanguages()) {
        QFile file(u":/messages/%1.json"_s.arg(code));
        if (!file.open(QIODevice::ReadOnly)) {
            qCWarning(lcDomain) << "message templates missing for" << code;
            continue;
        }
        const QJsonObject root = QJsonDocument::fromJson(file.readAll()).object();
        Language lang;
        lang.name = root.value(u"name"_s).toString();
        const QJsonObject templates = root.value(u"templates"_s).toObject();
        for (auto it = templates.begin(); it != templates.end(); ++it) {
            const QJsonObject t = it.value().toObject();
            lang.templates.insert(it.key(),
                                  {perKind(t.value(u"title"_s)), perKind(t.value(u"body"_s))});
        }
        out.insert(code, lang);
    }
    return out;
}

// Loaded once; read-only afterwards, so every thread may read it.
const QHash<QString, Language> &languages()
{
    static const QHash<QString, Language> loaded = loadLanguages();
    return loaded;
}

const std::pair<PerKind, PerKind> *entry(MessageTemplate t, const QString &language)
{
    const auto lang = languages().constFind(language);
    if (lang == languages().cend())
        return nullptr;
    const auto it = lang->templates.constFind(toString(t));
    return it == lang->templates.cend() ? nullptr : &it.value();
}

} // namespace

QString toString(MessageTemplate t)
{
    switch (t) {
    case MessageTemplate::Checking:
        return u"checking"_s;
    case MessageTemplate::NotConfirmed:
        return u"not_confirmed"_s;
    case MessageTemplate::Refunded:
        return u"refunded"_s;
    case MessageTemplate::Issued:
        return u"issued"_s;
    case MessageTemplate::Credited:
        return u"credited"_s;
    case MessageTemplate::Failed:
        return u"failed"_s;
    case MessageTemplate::Custom:
        return u"custom"_s;
    }
    return {};
}

std::optional<MessageTemplate> messageTemplateFromString(QStringView text)
{
    for (const auto t :
         {MessageTemplate::Checking, MessageTemplate::NotConfirmed, MessageTemplate::Refunded,
          MessageTemplate::Issued, MessageTemplate::Credited, MessageTemplate::Failed,
          MessageTemplate::Custom})
        if (text == toString(t))
            return t;
    return std::nullopt;
}

const QStringList &messageLanguages()
{
    static const QStringList codes = {u"en"_s, u"ru"_s, u"uk"_s};
    return codes;
}

QString languageName(const QString &language)
{
    return languages().value(language).name;
}

bool templateFitsKind(MessageTemplate t, OperationKind kind)
{
    switch (t) {
    case MessageTemplate::Refunded:
    case MessageTemplate::Issued:
        return kind == OperationKind::Refund;
    case MessageTemplate::Credited:
        return kind != OperationKind::Refund;
    case MessageTemplate::Checking:
    case MessageTemplate::NotConfirmed:
    case MessageTemplate::Failed:
    case MessageTemplate::Custom:
        return true;
    }
    return false;
}

QList<MessageTemplate> allowedTemplates(OperationState state, OperationKind kind,
                                        const QString &providerStatus)
{
    switch (state) {
    case OperationState::Open:
    case OperationState::Unknown:
    case OperationState::AwaitingApproval:
        return {MessageTemplate::Checking, MessageTemplate::NotConfirmed, MessageTemplate::Custom};
    case OperationState::Succeeded:
        if (kind != OperationKind::Refund)
            return {MessageTemplate::Credited, MessageTemplate::Custom};
        return {isPendingAtProvider(state, providerStatus) ? MessageTemplate::Issued
                                                           : MessageTemplate::Refunded,
                MessageTemplate::Custom};
    case OperationState::Failed:
        return {MessageTemplate::Failed, MessageTemplate::Custom};
    }
    return {};
}

MessageFacts factsFor(const Operation &op)
{
    MessageFacts f;
    f.kind = op.kind;
    f.amount = op.amount;
    f.order = op.orderId.isEmpty() ? op.unitOfWork : op.orderId;
    if (op.kind != OperationKind::Refund)
        f.work = op.unitOfWork;
    f.reference = op.providerRef;
    return f;
}

QString MessageTemplates::title(MessageTemplate t, const QString &language, OperationKind kind)
{
    if (t == MessageTemplate::Custom)
        return u"Free text"_s;
    const auto *e = entry(t, language);
    return e ? e->first.forKind(kind) : QString();
}

QString MessageTemplates::rawBody(MessageTemplate t, const QString &language, OperationKind kind)
{
    const auto *e = entry(t, language);
    return e && templateFitsKind(t, kind) ? e->second.forKind(kind) : QString();
}

RenderedMessage MessageTemplates::render(MessageTemplate t, const QString &language,
                                         const MessageFacts &facts)
{
    if (!messageLanguages().contains(language))
        return {{},
                u"unknown language '%1' (shipped: %2)"_s.arg(language,
                                                             messageLanguages().join(u", "_s))};
    if (t == MessageTemplate::Custom)
        return {{}, u"free text has no template to render"_s};
    if (!templateFitsKind(t, facts.kind))
        return {{},
                u"template '%1' does not apply to a %2"_s.arg(toString(t), toString(facts.kind))};
    const QString raw = rawBody(t, language, facts.kind);
    if (raw.isEmpty())
        return {{},
                u"template '%1' is missing for language '%2' and kind %3"_s.arg(
                    toString(t), language, toString(facts.kind))};
    const QHash<QString, QString> values = {
        {u"amount"_s, facts.amount.currency.isEmpty() ? QString() : formatMoney(facts.amount)},
        {u"order"_s, facts.order.trimmed()},
        {u"work"_s, facts.work.trimmed()},
        {u"reference"_s, facts.reference.trimmed()},
    };
    static const QRegularExpression placeholder(u"\\{([a-z_]+)\\}"_s);
    QString body;
    qsizetype from = 0;
    for (auto it = placeholder.globalMatch(raw); it.hasNext();) {
        const auto match = it.next();
        const QString name = match.captured(1);
        if (!values.contains(name))
            return {{}, u"template '%1' uses an unknown placeholder {%2}"_s.arg(toString(t), name)};
        if (values.value(name).isEmpty())
            return {{},
                    u"no value for {%1}: the operation has no %2 yet"_s.arg(
                        name, name == u"reference"_s ? u"provider reference"_s
                              : name == u"work"_s    ? u"work name"_s
                                                     : name)};
        body += raw.mid(from, match.capturedStart() - from) + values.value(name);
        from = match.capturedEnd();
    }
    body += raw.mid(from);
    return {body, {}};
}

} // namespace ops
