#pragma once

// provider-sim as a child process on 127.0.0.1 with a free port; killed when this object
// goes. Used by opschaos and opsbench.

#include <QProcess>
#include <QString>

namespace ops::chaos {

class SimChild
{
public:
    // Throws std::runtime_error when the simulator does not start or report its port.
    // logFile: where the simulator's stderr goes; empty: discarded.
    SimChild(const QString &simPath, quint32 faultSeed, const QString &logFile = {});
    ~SimChild();
    SimChild(const SimChild &) = delete;
    SimChild &operator=(const SimChild &) = delete;

    quint16 port() const { return m_port; }

private:
    QProcess m_process;
    quint16 m_port = 0;
};

} // namespace ops::chaos
