#pragma once

// The detail's area of the console window: the pane under the lists and the row it shows, with
// that row's resend lease as last read. The row is read again whenever the frame's current row
// changes or the frame reloads; an own job's row is shown by value (show with Reread::Changes).
// A read that fails is said in the frame's banner and leaves what was shown.

#include "domain/leases.h"
#include "domain/operation.h"
#include "widgets/detailpane.h"

#include <QObject>
#include <optional>

namespace ops::ui {

class MainWindow;

class DetailPresenter final : public QObject
{
    Q_OBJECT
public:
    // What show() reads for the row: Everything, or Changes only, keeping the messages, events,
    // notes and replacement links already shown for it (an own resend writes none of them).
    enum class Reread
    {
        Everything,
        Changes
    };

    // Creates the pane (a child of the frame, for its splitter).
    explicit DetailPresenter(MainWindow &frame);

    // Shows operation `id` as it is now; empty, or a row that is gone, clears the pane.
    void load(const QString &id);
    // Shows `op` with its attempts, evidence, audit and lease, read now. `leaseFree`: this
    // window's own job released the row's lease and no other connection has committed since,
    // so nobody holds it and it is not read.
    void show(const Operation &op, Reread what, bool leaseFree = false);
    // The clock moved: the resend window's countdown.
    void tick();

    DetailPane *pane() const { return m_pane; }
    // The row shown, as last read; nullopt when none is.
    const std::optional<Operation> &current() const { return m_current; }
    // Everything the pane shows of it (the attempts decide what Resend says of the key).
    const OperationDetail &shown() const { return m_shown; }
    // The current row's lease as last read (nullopt: free, or no row).
    const std::optional<ResendLease> &lease() const { return m_lease; }
    // The evidence count the pane read for `operationId`; nullopt when it shows another row.
    std::optional<int> evidenceCountOf(const QString &operationId) const;

private:
    void clear();

    MainWindow &m_frame;
    DetailPane *m_pane = nullptr;
    std::optional<Operation> m_current;
    OperationDetail m_shown;
    std::optional<ResendLease> m_lease;
};

} // namespace ops::ui
