#pragma once

// SIGTERM and SIGINT as a callback on the event loop (a self-pipe: the handler only writes one
// byte). The servers use it to stop taking work, finish the calls in flight and exit 0.

#include <QObject>
#include <functional>

class QSocketNotifier;

namespace ops {

class SignalWatch final : public QObject
{
public:
    explicit SignalWatch(std::function<void()> onSignal, QObject *parent = nullptr);
    ~SignalWatch() override;

private:
    std::function<void()> m_onSignal;
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace ops
