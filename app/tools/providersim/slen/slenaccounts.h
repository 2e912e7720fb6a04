#pragma once

// Customers of the Slen simulator and their credit balances, one balance per credit type.
// Customers belong to a project: an API key of another project cannot see or move them.

#include "providersim/simtypes.h"

#include <QMap>

namespace ops::sim {

struct SlenCustomer
{
    QString id; // external user id
    QString project;
    QMap<QString, qint64> balances; // credit type -> credits, ordered for stable JSON
};

class SlenAccounts
{
public:
    enum class Outcome
    {
        Applied,
        NotFound,
        Insufficient,
        OutOfRange
    };

    // Upserts {"id","project","balances":{type:int}} entries; entries without id/project are
    // skipped, balances that are not integers are ignored.
    void seed(const nlohmann::json &customers);

    const SlenCustomer *find(const QString &project, const QString &id) const;

    // Applies one movement: topup adds, charge subtracts, adjust adds a signed amount. A balance
    // never goes below zero (charge/adjust → Insufficient) nor above kMaxBalance.
    Outcome apply(const QString &project, const QString &id, const QString &kind,
                  const QString &creditType, qint64 amount);

    static nlohmann::json toJson(const SlenCustomer &customer);

    static constexpr qint64 kMaxBalance = 1'000'000'000'000'000LL;

private:
    QHash<std::pair<QString, QString>, SlenCustomer> m_customers; // (project, id)
};

} // namespace ops::sim
