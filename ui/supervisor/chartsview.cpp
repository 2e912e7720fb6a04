#include "supervisor/chartsview.h"

#include "common/consolereads.h"
#include "common/uilogging.h"
#include "domain/clock.h"
#include "domain/storeerror.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QValueAxis>
#include <QtMath>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

constexpr qint64 kDayMs = 86'400'000;

QString durationLabel(const QString &bin)
{
    // AuditStats hands out stable English labels; these are what the operator reads.
    if (bin == u"<1h"_s)
        return ChartsView::tr("under 1 h");
    if (bin == u"1-4h"_s)
        return ChartsView::tr("1–4 h");
    if (bin == u"4-12h"_s)
        return ChartsView::tr("4–12 h");
    if (bin == u"12-24h"_s)
        return ChartsView::tr("12–24 h");
    if (bin == u"1-3d"_s)
        return ChartsView::tr("1–3 days");
    if (bin == u"3d+"_s)
        return ChartsView::tr("3+ days");
    return bin;
}

} // namespace

ChartsView::ChartsView(ConsoleReads &reads, QWidget *parent)
    : QWidget(parent)
    , m_reads(reads)
{
    setObjectName(u"chartsView"_s);
    m_range = new QComboBox(this);
    m_range->setObjectName(u"rangeCombo"_s);
    m_range->addItem(tr("Last 14 days"), 14);
    m_range->addItem(tr("Last 30 days"), 30);
    m_range->addItem(tr("Last 90 days"), 90);
    connect(m_range, &QComboBox::currentIndexChanged, this, &ChartsView::reload);
    auto *refresh = new QPushButton(tr("&Reload"), this);
    connect(refresh, &QPushButton::clicked, this, &ChartsView::reload);

    m_unknown = new QChart;
    m_attempts = new QChart;
    m_durations = new QChart;
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Unknown outcomes over:"), this));
    top->addWidget(m_range);
    top->addStretch(1);
    top->addWidget(refresh);
    auto *grid = new QGridLayout(this);
    grid->addLayout(top, 0, 0, 1, 2);
    grid->addWidget(addChart(m_unknown, u"unknownChart"_s), 1, 0, 1, 2);
    grid->addWidget(addChart(m_attempts, u"attemptsChart"_s), 2, 0);
    grid->addWidget(addChart(m_durations, u"durationChart"_s), 2, 1);
    grid->setRowStretch(1, 1);
    grid->setRowStretch(2, 1);
    reload();
}

QChartView *ChartsView::addChart(QChart *chart, const QString &name)
{
    chart->legend()->hide();
    chart->setAnimationOptions(QChart::NoAnimation);
    auto *view = new QChartView(chart, this); // the view owns the chart
    view->setObjectName(name);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumHeight(200);
    return view;
}

int ChartsView::days() const
{
    return m_range->currentData().toInt();
}

void ChartsView::drawBars(QChart *chart, const QList<Series> &series, const QStringList &labels,
                          const QString &axisTitle)
{
    chart->removeAllSeries();
    auto *bars = new QBarSeries;
    QList<qreal> values;
    for (const Series &s : series) {
        auto *set = new QBarSet(s.name);
        set->append(s.values);
        bars->append(set);
        values += s.values;
    }
    bars->setLabelsVisible(true);
    // A lone series is named by the chart's title; several say which bars are which.
    chart->legend()->setVisible(series.size() > 1);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->addSeries(bars);
    // Each chart keeps its two axes from the first draw on: Qt Charts 6.4 leaves a removed axis's
    // labels on screen when the chart was hidden (a tab not shown), so a reload drew two scales.
    auto *x = qobject_cast<QBarCategoryAxis *>(chart->axes(Qt::Horizontal).value(0));
    if (!x) {
        x = new QBarCategoryAxis;
        chart->addAxis(x, Qt::AlignBottom);
    }
    x->clear();
    x->append(labels);
    x->setTitleText(axisTitle);
    bars->attachAxis(x);
    // Counts are whole numbers: ticks on integer steps, about five of them, with some headroom.
    auto *y = qobject_cast<QValueAxis *>(chart->axes(Qt::Vertical).value(0));
    if (!y) {
        y = new QValueAxis;
        chart->addAxis(y, Qt::AlignLeft);
    }
    y->setLabelFormat(u"%d"_s);
    const qreal top = values.isEmpty() ? 0 : *std::max_element(values.begin(), values.end());
    const qint64 ceiling = qMax<qint64>(1, qCeil(top * 1.15));
    const qint64 step = qMax<qint64>(1, (ceiling + 4) / 5);
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0);
    y->setTickInterval(qreal(step));
    y->setRange(0, qreal(step * ((ceiling + step - 1) / step)));
    bars->attachAxis(y);
}

void ChartsView::reload()
{
    const qint64 now = m_reads.clock().nowMs();
    const qint64 end = (now / kDayMs + 1) * kDayMs; // end of today, UTC
    try {
        m_unknownData = m_reads.unknownPerDay(end - days() * kDayMs, end);
        m_attemptsData = m_reads.attemptsPerOperation();
        m_operatorAttemptsData = m_reads.operatorAttemptsPerOperation();
        m_durationData = m_reads.unknownToClosed();
    } catch (const StoreError &e) {
        qCWarning(lcUi) << "cannot read chart figures:" << e.message();
        m_unknown->setTitle(tr("Could not read the figures: %1").arg(e.message()));
        return;
    }
    QStringList labels;
    QList<qreal> values;
    const QLocale locale;
    for (const DayCount &d : m_unknownData) {
        labels << locale.toString(d.day, u"d MMM"_s);
        values << qreal(d.count);
    }
    m_unknown->setTitle(tr("Operations that became unknown, per day (UTC)"));
    drawBars(m_unknown, {{tr("Unknown"), values}}, labels, {});
    drawAttempts();

    labels.clear();
    values.clear();
    for (const Bin &b : m_durationData) {
        labels << durationLabel(b.label);
        values << qreal(b.count);
    }
    m_durations->setTitle(tr("Time from unknown to closed"));
    drawBars(m_durations, {{tr("Operations"), values}}, labels, {});
}

void ChartsView::drawAttempts()
{
    // Both come in the same bins ("1" … "6+"), so the labels are automation's.
    QStringList labels;
    QList<qreal> automation;
    QList<qreal> operators;
    for (size_t i = 0; i < m_attemptsData.size(); ++i) {
        labels << m_attemptsData[i].label;
        automation << qreal(m_attemptsData[i].count);
        operators << qreal(i < m_operatorAttemptsData.size() ? m_operatorAttemptsData[i].count : 0);
    }
    m_attempts->setTitle(tr("Attempts per operation: automation and operators, counted apart"));
    drawBars(
        m_attempts,
        {{tr("Automatic (the engine)"), automation}, {tr("By operators (resends)"), operators}},
        labels, tr("attempts"));
}

} // namespace ops::ui
