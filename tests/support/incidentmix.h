#pragma once

// Issue 31's incident, scaled down from 60 refunds to 16 (tst_incidentstory): the customers with
// their faults at provider-sim, the people (alice and bob supervisors, carol support, four-eyes
// above 1,000.00 USD), and the refunds made through `opsctl refund` as the agent makes them.
// Header-only: it needs ops_cli, which ops_testsupport does not link; the suite links it.

#include "cli/opsctl.h"
#include "support/simprocess.h"

#include <QDebug>
#include <QStringList>
#include <QTextStream>
#include <nlohmann/json.hpp>

namespace ops::test::incident {

using namespace Qt::StringLiterals;

inline const QString kAlice =
    u"alice"_s;                       // supervisor: runs the refunds' commands, applies proposals
inline const QString kBob = u"bob"_s; // second supervisor: four-eyes above the threshold
inline const QString kCarol = u"carol"_s;     // support
inline constexpr qint64 kThreshold = 100'000; // 1,000.00 USD (minor units)

enum class Fault
{
    None,        // confirmed at once
    MoneyMoved,  // stored 500 after the refund was applied: unknown, the money moved
    Stored500,   // stored 500, nothing applied: every resend replays the 500
    Unavailable, // 503 on all six attempts: nothing stored under the key
    Hang,        // six attempts that hung before commit (client timeout): nothing stored
};

struct Customer
{
    QString order;
    qint64 amount = 0;
    Fault fault = Fault::None;
    QString charge() const { return u"ch_"_s + order; }
};

// The mix, scaled down: 4 confirmed; 12 unknown, of which 3 where the money moved and 9
// where it did not (3 stored 500s, 3 × six 503s, 3 × six hangs before commit).
inline const QList<Customer> &incident()
{
    static const QList<Customer> mix = {
        {u"inc-01"_s, 4200, Fault::None},         {u"inc-02"_s, 1800, Fault::None},
        {u"inc-03"_s, 7500, Fault::None},         {u"inc-04"_s, 2600, Fault::None},
        {u"inc-05"_s, 5000, Fault::MoneyMoved},   {u"inc-06"_s, 3100, Fault::MoneyMoved},
        {u"inc-07"_s, 9900, Fault::MoneyMoved},   {u"inc-08"_s, 2900, Fault::Stored500},
        {u"inc-09"_s, 150'000, Fault::Stored500}, {u"inc-10"_s, 4400, Fault::Stored500},
        {u"inc-11"_s, 1000, Fault::Unavailable},  {u"inc-12"_s, 6400, Fault::Unavailable},
        {u"inc-13"_s, 2300, Fault::Unavailable},  {u"inc-14"_s, 3800, Fault::Hang},
        {u"inc-15"_s, 5600, Fault::Hang},         {u"inc-16"_s, 1200, Fault::Hang},
    };
    return mix;
}
inline const QString kAsked = u"inc-08"_s; // the row carol looks up and asks about
inline const QString kAbove = u"inc-09"_s; // above the four-eyes threshold

inline int countOf(Fault fault)
{
    return int(std::count_if(incident().begin(), incident().end(),
                             [fault](const Customer &c) { return c.fault == fault; }));
}

// One opsctl command in this process (cli::runOpsctl, as the demo story runs them).
inline int opsctl(const QString &db, const QString &who, const QStringList &args,
                  QString *output = {})
{
    QString out;
    QString err;
    QTextStream o(&out);
    QTextStream e(&err);
    const int code = cli::runOpsctl(QStringList{u"--db"_s, db, u"--operator"_s, who} + args, o, e);
    o.flush();
    e.flush();
    if (code != 0)
        qWarning().noquote() << u"opsctl %1 → %2: %3 %4"_s.arg(args.join(u' '))
                                    .arg(code)
                                    .arg(out.trimmed(), err.trimmed());
    if (output)
        *output = out;
    return code;
}

inline nlohmann::json faultRule(Fault fault)
{
    nlohmann::json rule = {{"route", "POST /v1/refunds"}};
    switch (fault) {
    case Fault::MoneyMoved:
        rule.update({{"mode", "stored_500"}, {"count", 1}, {"apply", true}});
        break;
    case Fault::Stored500:
        rule.update({{"mode", "stored_500"}, {"count", 1}});
        break;
    case Fault::Unavailable:
        rule["mode"] = "503";
        break;
    case Fault::Hang: // held until the client gives up, then dropped with nothing applied
        rule["mode"] = "hang_before_commit";
        break;
    case Fault::None:
        return nullptr;
    }
    return rule;
}

// Seeds one charge per customer, then makes each refund with its fault through `opsctl refund`
// (the agent's command). A 503 or hang row takes two calls of three attempts each, as the
// incident's "six times". '' or what failed.
inline QString makeRefunds(test::SimProcess &sim, const QString &db)
{
    nlohmann::json charges = nlohmann::json::array();
    for (const Customer &c : incident()) {
        nlohmann::json charge = nlohmann::json::object();
        charge["id"] = c.charge().toStdString();
        charge["amount"] = std::int64_t(c.amount);
        charge["currency"] = "usd";
        charge["payment_intent"] = QString(u"pi_"_s + c.order).toStdString();
        charges.push_back(charge);
    }
    sim.seed(
        {{"api_keys", {{{"key", "sk_test_demo"}, {"project", "demo"}}}}, {"charges", charges}});
    int toolCall = 0;
    for (const Customer &c : incident()) {
        sim.clearFaults();
        if (const nlohmann::json rule = faultRule(c.fault); !rule.is_null())
            sim.addFault(rule);
        if (!sim.error().isEmpty())
            return sim.error();
        // A hang is a client timeout: short here so that six of them take seconds, not minutes.
        qputenv("OPS_ATTEMPT_TIMEOUT_MS", c.fault == Fault::Hang ? "400" : "1500");
        const int calls = c.fault == Fault::Unavailable || c.fault == Fault::Hang ? 2 : 1;
        for (int i = 0; i < calls; ++i) {
            const QStringList args = {u"refund"_s,
                                      u"--order"_s,
                                      c.order,
                                      u"--charge"_s,
                                      c.charge(),
                                      u"--amount"_s,
                                      QString::number(c.amount),
                                      u"--currency"_s,
                                      u"usd"_s,
                                      u"--tool-call"_s,
                                      u"toolu_%1"_s.arg(++toolCall)};
            if (opsctl(db, kAlice, args) != 0)
                return u"opsctl refund for %1 failed"_s.arg(c.order);
        }
    }
    sim.clearFaults();
    qputenv("OPS_ATTEMPT_TIMEOUT_MS", "1500");
    return {};
}

// alice and bob supervisors, carol support, four-eyes above 1,000.00 USD: as the demo's roles.
inline QString addPeople(const QString &db)
{
    const QList<QStringList> commands = {
        {u"operator"_s, u"add"_s, kAlice, u"--role"_s, u"supervisor"_s},
        {u"operator"_s, u"add"_s, kBob, u"--role"_s, u"supervisor"_s},
        {u"operator"_s, u"add"_s, kCarol, u"--role"_s, u"support"_s},
        {u"settings"_s, u"set"_s, u"approval-threshold"_s, u"usd"_s, QString::number(kThreshold)},
    };
    for (const QStringList &args : commands)
        if (opsctl(db, kAlice, args) != 0)
            return u"opsctl %1 failed"_s.arg(args.join(u' '));
    return {};
}

} // namespace ops::test::incident
