#pragma once

// The provider events' area of the console window (issue 13): the Attention tab beside Checking,
// clearing Attention with a note, and the status bar's receiver line. Everything is re-read when
// the frame reloads; the receiver's staleness is re-evaluated on the frame's one-second tick,
// against the reads' clock, since a receiver that stopped beating writes nothing that the change
// feed could notice.

#include "domain/eventtypes.h"
#include "domain/operatoraccess.h"

#include <QObject>

class QLabel;

namespace ops::ui {

class AttentionPanel;
class MainWindow;

class EventsPresenter final : public QObject
{
    Q_OBJECT
public:
    // Adds the Attention tab to the frame's tabs and the receiver line to its status bar.
    explicit EventsPresenter(MainWindow &frame);

    // Re-reads Attention and the receiver's heartbeats; `access` decides whether Clear is
    // offered. False, with what was shown kept, when the database could not be read.
    bool reload(const OperatorAccess &access);
    // The clock moved: a receiver that stopped beating turns stale.
    void tick();

    AttentionPanel *panel() const { return m_panel; }
    QString receiverText() const;
    QLabel *receiverLabel() const { return m_receiverLabel; }

signals:
    // The Attention row selected changed (the detail follows it while the tab is shown).
    void currentOperationChanged();

private:
    void clearAttention(const QString &operationId, const QString &note);
    void updateReceiverLine();

    MainWindow &m_frame;
    AttentionPanel *m_panel = nullptr;
    QLabel *m_receiverLabel = nullptr;
    ReceiverStatus m_receiverStatus;
};

} // namespace ops::ui
