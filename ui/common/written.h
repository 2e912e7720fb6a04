#pragma once

// A write's answer as it reaches the UI thread (consolewrites.h): the value the store returned,
// or the exception it threw, carried across the thread and thrown again by get(). The caller
// keeps the catch clauses it would have written around the store call itself: an ActionRefused
// said in the person's words, any other StoreError as a failure.

#include <exception>
#include <optional>
#include <utility>

namespace ops::ui {

template<typename T> class Written
{
public:
    static Written value(T v)
    {
        Written w;
        w.m_value = std::move(v);
        return w;
    }
    static Written failure(std::exception_ptr error)
    {
        Written w;
        w.m_error = std::move(error);
        return w;
    }

    // The value; throws what the write threw.
    const T &get() const
    {
        if (m_error)
            std::rethrow_exception(m_error);
        return *m_value;
    }

private:
    Written() = default;
    std::optional<T> m_value;
    std::exception_ptr m_error;
};

} // namespace ops::ui
