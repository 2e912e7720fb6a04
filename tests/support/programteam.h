#pragma once

// A team whose members run opsctl as programs (rolesfixture.h, ForPrograms) against one
// provider-sim: the agent's refunds, alice's (supervisor) and carol's (support) person commands,
// the service's servers. On SQLite alice adds herself and carol to the directory first
// (addPeople); on PostgreSQL the team fixture has them, each logging in as their own login.

#include "support/processrun.h"
#include "support/rolesfixture.h"
#include "support/simprocess.h"
#include "support/testpaths.h"

namespace ops::test {

struct ProgramTeam
{
    RolesFixture db{RolesFixture::ForPrograms{}};

    // The environment `who` (alice, carol, agent, svc) runs opsctl in, against `sim`'s Stripe;
    // no alert, helpdesk, Slen or ticket view settings from the caller's environment.
    QProcessEnvironment env(const QString &who, const SimProcess &sim) const
    {
        QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
        e.insert(QStringLiteral("OPS_STRIPE_URL"), sim.baseUrl().toString());
        e.insert(QStringLiteral("OPS_STRIPE_KEY"), QStringLiteral("sk_test_demo"));
        e.insert(QStringLiteral("OPS_STRIPE_WEBHOOK_SECRET"), QStringLiteral("whsec_test_team"));
        e.insert(QStringLiteral("XDG_CONFIG_HOME"), QStringLiteral("/nonexistent-programteam"));
        for (const QString &name : e.keys())
            if (name.startsWith(QStringLiteral("OPS_ALERT_")) ||
                name.startsWith(QStringLiteral("OPS_HELPDESK_")) ||
                name == QStringLiteral("OPS_SLEN_URL") ||
                name == QStringLiteral("OPS_TICKET_VIEW_KEY"))
                e.remove(name);
        e.remove(QStringLiteral("OPS_OPERATOR"));
        if (who == QStringLiteral("alice") || who == QStringLiteral("carol"))
            e.insert(QStringLiteral("OPS_OPERATOR"), who); // their login's name on PostgreSQL
        return db.programEnv(who, e);
    }
    ProcessRun opsctl(const QString &who, const QStringList &args, const SimProcess &sim) const
    {
        return runProcess(opsctlPath(), args, env(who, sim));
    }
    // SQLite: alice (supervisor) and carol (support) in the directory; the error, or empty.
    QString addPeople(const SimProcess &sim) const
    {
        if (db.onTeam())
            return {};
        for (const auto &[who, role] : {std::pair{QStringLiteral("alice"), "supervisor"},
                                        std::pair{QStringLiteral("carol"), "support"}}) {
            const ProcessRun r = opsctl(QStringLiteral("alice"),
                                        {QStringLiteral("operator"), QStringLiteral("add"), who,
                                         QStringLiteral("--role"), QString::fromLatin1(role)},
                                        sim);
            if (r.exitCode != 0)
                return r.errText();
        }
        return {};
    }
    // The agent's refund of 5.00 on the demo seed's ch_4417 for order 4417, lost to a stored
    // 500 (unknown) with `lost`; its operation id, or empty.
    QString refund(SimProcess &sim, bool lost = true) const
    {
        if (lost)
            sim.addFault({{"route", "POST /v1/refunds"}, {"mode", "stored_500"}, {"count", 1}});
        const ProcessRun r =
            opsctl(QStringLiteral("agent"),
                   {QStringLiteral("refund"), QStringLiteral("--order"), QStringLiteral("4417"),
                    QStringLiteral("--charge"), QStringLiteral("ch_4417"),
                    QStringLiteral("--amount"), QStringLiteral("500")},
                   sim);
        return QString::fromStdString(r.result().value("operation_id", ""));
    }
};

} // namespace ops::test
