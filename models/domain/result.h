#pragma once

// One error style for calls that can fail on what they were given (issue 25 item 5): a Result<T>
// holds either a value or a reason written for the operator. A failing database or a refused rule
// still throws (domain/storeerror.h); a Result is an answer the caller shows and carries on from.
//
//   Result<qint64> parseAmount(QStringView text)
//   {
//       if (text.isEmpty())
//           return Failure{u"amount is empty"_s};
//       return 42;
//   }
//   const auto amount = parseAmount(text);
//   if (!amount)
//       return ctx.usage(amount.error());
//   use(*amount);

#include <QString>
#include <QtGlobal>
#include <optional>
#include <utility>

namespace ops {

// Converts to any Result<T>: `return Failure{u"why"_s};`.
struct Failure
{
    QString why;
};

template<typename T> class [[nodiscard]] Result
{
public:
    Result(T value)
        : m_value(std::move(value))
    {}
    Result(Failure failure)
        : m_error(std::move(failure.why))
    {}
    static Result failure(QString why) { return Result(Failure{std::move(why)}); }

    bool ok() const { return m_value.has_value(); }
    explicit operator bool() const { return ok(); }

    // Only on ok().
    const T &operator*() const &
    {
        Q_ASSERT(ok());
        return *m_value;
    }
    const T *operator->() const
    {
        Q_ASSERT(ok());
        return &*m_value;
    }
    T value() &&
    {
        Q_ASSERT(ok());
        return std::move(*m_value);
    }
    T valueOr(T fallback) const { return m_value ? *m_value : std::move(fallback); }
    // The value where a struct keeps a setting beside its problem text (config read once, the
    // failure shown later): `c.stripe = r.optional(); c.stripeProblem = r.error();`.
    const std::optional<T> &optional() const { return m_value; }

    // Empty on ok().
    const QString &error() const { return m_error; }

private:
    std::optional<T> m_value;
    QString m_error;
};

// Success carries nothing; a failure, its reason.
template<> class [[nodiscard]] Result<void>
{
public:
    Result() = default;
    Result(Failure failure)
        : m_error(std::move(failure.why))
        , m_failed(true)
    {}
    static Result failure(QString why) { return Result(Failure{std::move(why)}); }

    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    const QString &error() const { return m_error; }

private:
    QString m_error;
    bool m_failed = false;
};

} // namespace ops
