#pragma once

// Concurrent callers for the rule tests: each on its own thread with its own connection, released
// together once every connection is open (tst_teammode, tst_agentlimits).

#include "domain/storeerror.h"
#include "storage/db/database.h"

#include <QSemaphore>
#include <QSqlDatabase>
#include <mutex>
#include <thread>
#include <vector>

namespace ops::test {

// Runs `work(db, index)` on `n` threads at once, each with its own connection to `location`.
// Returns the errors the threads reported (StoreError messages).
template<typename Work> QStringList onThreads(const QString &location, int n, Work work)
{
    QSemaphore ready;
    QSemaphore go;
    std::mutex mutex;
    QStringList errors;
    std::vector<std::thread> threads;
    for (int i = 0; i < n; ++i) {
        threads.emplace_back([&, i] {
            const QString name = QStringLiteral("onthreads-%1-%2").arg(quintptr(&ready)).arg(i);
            {
                Connection db;
                try {
                    db = Database::open(location, name);
                } catch (const StoreError &e) {
                    ready.release();
                    std::lock_guard lock(mutex);
                    errors << e.message();
                    return;
                }
                ready.release();
                go.acquire();
                try {
                    work(db, i);
                } catch (const StoreError &e) {
                    std::lock_guard lock(mutex);
                    errors << e.message();
                }
            }
            QSqlDatabase::removeDatabase(name);
        });
    }
    ready.acquire(n);
    go.release(n); // every connection is open: start them together
    for (auto &t : threads)
        t.join();
    return errors;
}

} // namespace ops::test
