#include "common/teamtext.h"

#include "domain/operation.h"
#include "itemmodels/localeformat.h"
#include "itemmodels/operationlabels.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

constexpr const char *kContext = "ops::ui::TeamText";

// `text` is marked with QT_TRANSLATE_NOOP in this file's context, where lupdate finds it.
QString translated(const char *text)
{
    return QCoreApplication::translate(kContext, text);
}

QString duration(std::chrono::milliseconds ms)
{
    return formatMargin(std::chrono::duration_cast<std::chrono::seconds>(ms).count());
}

// The store's sentence matched whole, or no match.
QRegularExpressionMatch matchWhole(const QString &pattern, const QString &text)
{
    const QRegularExpression re(u"^"_s + pattern + u"$"_s);
    return re.match(text);
}

} // namespace

QString lateText(LateReason reason, const ServiceTargets &targets)
{
    switch (reason) {
    case LateReason::None:
        break;
    case LateReason::NoOwner:
        return translated(QT_TRANSLATE_NOOP("ops::ui::TeamText", "no owner after %1"))
            .arg(duration(targets.unowned));
    case LateReason::NoDecision:
        return translated(QT_TRANSLATE_NOOP("ops::ui::TeamText", "undecided after %1"))
            .arg(duration(targets.undecided));
    case LateReason::Approval:
        return translated(QT_TRANSLATE_NOOP("ops::ui::TeamText", "approval waiting over %1"))
            .arg(duration(targets.approval));
    }
    return {};
}

QString ownerChangeText(const QString &storeReason)
{
    // The sentences of TeamStore::setOwner and assign (storage/team/teamstore.cpp).
    if (const auto m = matchWhole(u"(\\S+) took (\\S+) meanwhile"_s, storeReason); m.hasMatch())
        return translated(QT_TRANSLATE_NOOP("ops::ui::TeamText", "%1 took %2 meanwhile"))
            .arg(m.captured(1), m.captured(2));
    if (const auto m = matchWhole(u"(\\S+) was released meanwhile"_s, storeReason); m.hasMatch())
        return translated(QT_TRANSLATE_NOOP("ops::ui::TeamText", "%1 was released meanwhile"))
            .arg(m.captured(1));
    if (const auto m = matchWhole(u"no operation (\\S+)"_s, storeReason); m.hasMatch())
        return translated(QT_TRANSLATE_NOOP("ops::ui::TeamText", "there is no operation %1"))
            .arg(m.captured(1));
    if (const auto m = matchWhole(u"(\\S+) is (\\S+): a closed row needs no owner"_s, storeReason);
        m.hasMatch()) {
        const auto state = stateFromString(m.captured(2));
        return translated(QT_TRANSLATE_NOOP("ops::ui::TeamText",
                                            "%1 is closed (%2): a closed row needs "
                                            "no owner"))
            .arg(m.captured(1), state ? stateLabel(*state) : m.captured(2));
    }
    if (const auto m = matchWhole(u"(\\S+) is not a person \\(operator:NAME\\)"_s, storeReason);
        m.hasMatch())
        return translated(
                   QT_TRANSLATE_NOOP("ops::ui::TeamText", "%1 is not a person who may own a row"))
            .arg(m.captured(1));
    return storeReason;
}

QString noteProblemText(const QString &problem)
{
    // The sentences of noteProblem() (domain/teamday.cpp).
    if (problem.isEmpty())
        return {};
    if (problem == u"a note needs some text"_s)
        return translated(QT_TRANSLATE_NOOP("ops::ui::TeamText", "A note needs some text."));
    if (const auto m =
            matchWhole(u"a note is at most (\\d+) characters \\(this one has (\\d+)\\)"_s, problem);
        m.hasMatch())
        return translated(QT_TRANSLATE_NOOP("ops::ui::TeamText",
                                            "A note is at most %1 characters; this one has %2."))
            .arg(QLocale().toString(m.captured(1).toLongLong()),
                 QLocale().toString(m.captured(2).toLongLong()));
    if (problem == u"a note has no control characters but line breaks and tabs"_s)
        return translated(QT_TRANSLATE_NOOP(
            "ops::ui::TeamText", "A note holds no control characters but line breaks and "
                                 "tabs."));
    return problem;
}

QString sinceText(const QDateTime &since, const QDateTime &now)
{
    if (!since.isValid())
        return {};
    const QDateTime local = since.toLocalTime();
    if (local.date() == now.toLocalTime().date())
        return QLocale().toString(local.time(), QLocale::ShortFormat);
    return formatDateTime(since, QLocale());
}

} // namespace ops::ui
