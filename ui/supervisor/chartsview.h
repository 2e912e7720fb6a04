#pragma once

// Supervisors' charts (docs/design.md §6 "Audit"): operations that became unknown per day, attempts
// per operation, and how long unknown operations took to be closed. The figures come from
// AuditStats; this widget only draws them. Attempts are two labelled series: automation's and
// operators' resends, counted apart as the engine counts them (issue 31 item 7).

#include "domain/audittypes.h"

#include <QWidget>

class QChart;
class QChartView;
class QComboBox;

namespace ops::ui {

class ConsoleReads;

class ChartsView final : public QWidget
{
    Q_OBJECT
public:
    // Reads the audit's figures through `reads`, which must outlive the view.
    explicit ChartsView(ConsoleReads &reads, QWidget *parent = nullptr);

    // Re-reads the figures (the range combo picks how many days of unknowns to show).
    void reload();
    int days() const;

    QChart *unknownChart() const { return m_unknown; }
    QChart *attemptsChart() const { return m_attempts; }
    QChart *durationChart() const { return m_durations; }
    QComboBox *rangeCombo() const { return m_range; }

    // What the charts show, for tests and for the status line.
    std::vector<DayCount> unknownData() const { return m_unknownData; }
    std::vector<Bin> attemptsData() const { return m_attemptsData; }
    std::vector<Bin> operatorAttemptsData() const { return m_operatorAttemptsData; }
    std::vector<Bin> durationData() const { return m_durationData; }

    // One bar set per series, named in the legend when there is more than one; whole-number
    // counts on the vertical axis. The supervisor's other figures (refundsview.h) draw the same.
    struct Series
    {
        QString name;
        QList<qreal> values;
    };
    static void drawBars(QChart *chart, const QList<Series> &series, const QStringList &labels,
                         const QString &axisTitle);

private:
    QChartView *addChart(QChart *chart, const QString &name);
    void drawAttempts();

    ConsoleReads &m_reads;
    QComboBox *m_range = nullptr;
    QChart *m_unknown = nullptr;
    QChart *m_attempts = nullptr;
    QChart *m_durations = nullptr;
    std::vector<DayCount> m_unknownData;
    std::vector<Bin> m_attemptsData;
    std::vector<Bin> m_operatorAttemptsData;
    std::vector<Bin> m_durationData;
};

} // namespace ops::ui
