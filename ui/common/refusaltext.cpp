#include "common/refusaltext.h"

#include "domain/storeerror.h"

#include <QCoreApplication>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

constexpr const char *kContext = "ops::ui::Refusal";

struct CodeText
{
    const char *code;
    const char *text; // English source; translated when shown
};

// One sentence per code of migration 0011's ops_refuse() (and 0023's "owner") and for a missing
// grant ("actor" is said with the login, below).
constexpr CodeText kTexts[] = {
    {"close",
     QT_TRANSLATE_NOOP("ops::ui::Refusal", "Only a supervisor closes an operation by hand.")},
    {"approval", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                                   "No approval allows this: a close after four-eyes needs a "
                                   "second supervisor's approval, and a decided approval is not "
                                   "decided again.")},
    {"state",
     QT_TRANSLATE_NOOP("ops::ui::Refusal", "An operation does not change state this way; a closed "
                                           "operation is never reopened.")},
    {"approve", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                                  "Support may not approve; a supervisor decides approvals.")},
    {"own", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                              "You asked for this yourself; another supervisor must decide it.")},
    {"person", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                                 "Only a person (support or supervisor) asks for or decides an "
                                 "approval.")},
    {"supervisor",
     QT_TRANSLATE_NOOP("ops::ui::Refusal", "Only a supervisor changes the settings, the operator "
                                           "directory and the agents.")},
    {"agent", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                                "An agent does not attach evidence or write to customers; a "
                                "person does.")},
    {"service", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                                  "Only a service login (the webhook receiver, the reconciler) "
                                  "writes provider events and service leases.")},
    {"delete", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                                 "Nothing is deleted here: the database keeps every row.")},
    {"disabled", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                                   "Your login is disabled; ask a supervisor. Your history is "
                                   "kept.")},
    {"group", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                                "Your login is in no ops group; a DBA grants it ops_support or "
                                "ops_supervisor (docs/team.md).")},
    {"owner", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                                "A person takes a row for themselves and gives back their own; "
                                "only a supervisor gives a row to someone else or releases "
                                "another person's row, and only to an enabled person.")},
    {"grant", QT_TRANSLATE_NOOP("ops::ui::Refusal",
                                "Your login has no privilege for this change; the database "
                                "refused it.")},
};

// "you are logged in as bob; the audit.actor names operator:alice" (ops_require_actor): the
// login is worth repeating, the column is not.
QString actorText(const QString &english)
{
    static const QRegularExpression login(u"^you are logged in as ([^;\\s]+);"_s);
    const auto m = login.match(english);
    if (!m.hasMatch())
        return QCoreApplication::translate("ops::ui::Refusal",
                                           "The database refuses a change made in the name of "
                                           "someone other than your login.");
    return QCoreApplication::translate("ops::ui::Refusal",
                                       "You are logged in as %1; the database refuses a change "
                                       "made in someone else's name.")
        .arg(m.captured(1));
}

} // namespace

QStringList knownRefusalCodes()
{
    QStringList codes{u"actor"_s};
    for (const CodeText &t : kTexts)
        codes << QString::fromLatin1(t.code);
    return codes;
}

QString refusalText(const ActionRefused &refused)
{
    const QString code = refused.databaseCode();
    if (code == u"actor")
        return actorText(refused.message());
    for (const CodeText &t : kTexts) {
        if (code == QLatin1StringView(t.code))
            return QCoreApplication::translate(kContext, t.text);
    }
    return refused.message(); // a rule of storage, or a code this console does not know
}

QString storeErrorText(const StoreError &error)
{
    if (const auto *refused = dynamic_cast<const ActionRefused *>(&error))
        return refusalText(*refused);
    return error.message();
}

QString rightRefusal(const QString &who, Right right)
{
    QString what;
    switch (right) {
    case Right::Attach:
        what = QCoreApplication::translate("ops::ui::Refusal", "attach evidence");
        break;
    case Right::Close:
        what = QCoreApplication::translate("ops::ui::Refusal", "close operations");
        break;
    case Right::Message:
        what = QCoreApplication::translate("ops::ui::Refusal", "message customers");
        break;
    case Right::Resend:
        what = QCoreApplication::translate("ops::ui::Refusal", "resend");
        break;
    default:
        what = toString(right);
        break;
    }
    return QCoreApplication::translate("ops::ui::Refusal", "%1 may not %2; ask a supervisor.")
        .arg(who, what);
}

} // namespace ops::ui
