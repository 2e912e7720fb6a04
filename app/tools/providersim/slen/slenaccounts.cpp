#include "providersim/slen/slenaccounts.h"

#include "providersim/slen/slenlog.h"

namespace ops::sim {

namespace {

QString stringField(const nlohmann::json &object, const char *name)
{
    const auto it = object.find(name);
    if (it == object.end() || !it->is_string())
        return {};
    return QString::fromStdString(it->get<std::string>());
}

} // namespace

void SlenAccounts::seed(const nlohmann::json &customers)
{
    if (!customers.is_array())
        return;
    for (const auto &entry : customers) {
        if (!entry.is_object())
            continue;
        SlenCustomer customer;
        customer.id = stringField(entry, "id");
        customer.project = stringField(entry, "project");
        if (customer.id.isEmpty() || customer.project.isEmpty()) {
            qCWarning(lcSlen) << "seed: customer without id or project skipped";
            continue;
        }
        const auto balances = entry.find("balances");
        if (balances != entry.end() && balances->is_object()) {
            for (const auto &[type, value] : balances->items()) {
                if (value.is_number_integer())
                    customer.balances.insert(QString::fromStdString(type), value.get<qint64>());
            }
        }
        m_customers.insert({customer.project, customer.id}, customer);
    }
}

const SlenCustomer *SlenAccounts::find(const QString &project, const QString &id) const
{
    const auto it = m_customers.constFind({project, id});
    return it == m_customers.constEnd() ? nullptr : &*it;
}

SlenAccounts::Outcome SlenAccounts::apply(const QString &project, const QString &id,
                                          const QString &kind, const QString &creditType,
                                          qint64 amount)
{
    const auto it = m_customers.find({project, id});
    if (it == m_customers.end())
        return Outcome::NotFound;
    const qint64 current = it->balances.value(creditType, 0);
    const qint64 delta = kind == QLatin1String("charge") ? -amount : amount;
    // Amounts are validated to |amount| <= kMaxBalance, so this sum cannot overflow.
    const qint64 next = current + delta;
    if (next < 0)
        return Outcome::Insufficient;
    if (next > kMaxBalance)
        return Outcome::OutOfRange;
    it->balances.insert(creditType, next);
    return Outcome::Applied;
}

nlohmann::json SlenAccounts::toJson(const SlenCustomer &customer)
{
    nlohmann::json balances = nlohmann::json::object();
    for (auto it = customer.balances.cbegin(); it != customer.balances.cend(); ++it)
        balances[it.key().toStdString()] = it.value();
    return {{"external_user_id", customer.id.toStdString()}, {"balances", balances}};
}

} // namespace ops::sim
