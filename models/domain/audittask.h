#pragma once

// A long audit job (walking the chain, writing the export) as the supervisor window sees it:
// started, cancelled, reporting progress and one result. storage's AuditJob is the
// implementation; it runs on a thread and a connection of its own.

#include "domain/audittypes.h"

#include <QObject>

namespace ops {

class AuditTask : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    virtual void start() = 0;
    // Thread-safe; the job stops at its next progress point and finishes as cancelled.
    virtual void cancel() = 0;
    virtual bool isRunning() const = 0;

signals:
    // done of total entries, on the owner's thread; always once with the final figures before
    // finished.
    void progress(qint64 done, qint64 total);
    void finished(const ops::AuditJobResult &result);
};

} // namespace ops
