#include "itemmodels/reasontext.h"

#include <QCoreApplication>
#include <QRegularExpression>
#include <array>

using namespace Qt::StringLiterals;

namespace ops {

namespace {

struct KnownReason
{
    const char *pattern;    // the engine's sentence, anchored; (.+) is the part kept as stored
    const char *translated; // source text for the translation; %1 receives the kept part
};

// The sentences the engine (app/core/engine: settlement, refund/credit/execution policy) and the
// store (operationstore.cpp: markUnknownLocked) write. A new sentence there needs a line here, or
// it shows in English.
constexpr std::array kKnown{
    KnownReason{
        "^provider answered (.+); the outcome is undefined$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "provider answered %1; the outcome is undefined")},
    KnownReason{
        "^provider holds a different request under this key$",
        QT_TRANSLATE_NOOP("ops::ReasonText", "provider holds a different request under this key")},
    KnownReason{"^attempt cap reached without an answer$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "attempt cap reached without an answer")},
    KnownReason{"^attempt cap reached$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "attempt cap reached")},
    KnownReason{"^retention window closed$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "retention window closed")},
    KnownReason{"^provider answer could not be read$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "provider answer could not be read")},
    KnownReason{"^provider returned a refund that is not this operation's$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "provider returned a refund that is not this operation's")},
    KnownReason{"^provider returned a movement that is not this operation's$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "provider returned a movement that is not this operation's")},
    KnownReason{"^provider returned an execution that is not this operation's$",
                QT_TRANSLATE_NOOP("ops::ReasonText",
                                  "provider returned an execution that is not this operation's")},
    KnownReason{"^provider refused: (.+)$",
                QT_TRANSLATE_NOOP("ops::ReasonText", "provider refused: %1")},
};

} // namespace

QString reasonLabel(const QString &stored)
{
    for (const KnownReason &known : kKnown) {
        const QRegularExpression re(QString::fromLatin1(known.pattern));
        const QRegularExpressionMatch m = re.match(stored);
        if (!m.hasMatch())
            continue;
        const QString text = QCoreApplication::translate("ops::ReasonText", known.translated);
        return re.captureCount() > 0 ? text.arg(m.captured(1)) : text;
    }
    return stored;
}

} // namespace ops
