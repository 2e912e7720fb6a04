#include "dialogs/batchimportdialog.h"

#include "itemmodels/localeformat.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSaveFile>
#include <QTableView>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

BatchImportDialog::BatchImportDialog(QString path, QString actor, const QString &name,
                                     QWidget *parent)
    : QDialog(parent)
    , m_path(std::move(path))
    , m_actor(std::move(actor))
{
    setObjectName(u"batchImportDialog"_s);
    setWindowTitle(tr("Import refunds"));
    m_model = new BatchPreviewModel(this);
    m_name = new QLineEdit(name.isEmpty() ? nameFromFile(m_path) : name, this);
    m_name->setObjectName(u"batchName"_s);
    m_name->setMaxLength(64);
    m_name->setToolTip(tr("Part of every row's unit of work: run the same file under the same "
                          "name again and nothing is refunded twice."));
    auto *form = new QFormLayout;
    auto *fileLabel = new QLabel(QFileInfo(m_path).fileName(), this);
    fileLabel->setToolTip(m_path);
    form->addRow(tr("File:"), fileLabel);
    form->addRow(tr("Batch &name:"), m_name);

    m_heading = new QLabel(this);
    m_heading->setObjectName(u"batchHeading"_s);
    m_heading->setWordWrap(true);
    m_heading->setTextFormat(Qt::PlainText);
    buildTable();
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(u"batchProgress"_s);
    m_progress->setFormat(tr("%v of %m rows"));
    m_summary = new QLabel(this);
    m_summary->setObjectName(u"batchSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_summary->hide();

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_heading);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_progress);
    layout->addWidget(m_summary);
    buildButtons();
    const QSize room = (parent ? parent->size() : QSize(1040, 700)) - QSize(60, 80);
    resize(qBound(600, room.width(), 1280), qBound(380, room.height(), 760));
}

QString BatchImportDialog::nameFromFile(const QString &path)
{
    QString name;
    for (const QChar c : QFileInfo(path).completeBaseName()) {
        if (c.isLetterOrNumber() && c.unicode() < 128)
            name += c;
        else if (c == u'.' || c == u'-' || c == u'_')
            name += c;
        else if (c.isSpace() && !name.endsWith(u'-'))
            name += u'-';
    }
    return name.left(64);
}

void BatchImportDialog::buildTable()
{
    m_table = new QTableView(this);
    m_table->setObjectName(u"batchPreview"_s);
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(24);
    QHeaderView *header = m_table->horizontalHeader();
    header->setResizeContentsPrecision(100); // measured on the first rows, once per check
    header->setSectionResizeMode(BatchPreviewModel::CheckColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(BatchPreviewModel::ResultColumn, QHeaderView::Stretch);
}

void BatchImportDialog::buildButtons()
{
    auto *buttons = new QDialogButtonBox(this);
    m_check = buttons->addButton(tr("Check &again"), QDialogButtonBox::ActionRole);
    m_check->setObjectName(u"batchCheck"_s);
    m_check->setToolTip(tr("Read and check the file again under the name above; nothing is sent"));
    m_save = buttons->addButton(tr("&Save results…"), QDialogButtonBox::ActionRole);
    m_save->setObjectName(u"batchSave"_s);
    m_save->setToolTip(
        tr("Save a CSV: line, ticket, operation, status, reason, provider reference"));
    m_save->setEnabled(false); // until a run wrote its results
    m_run = buttons->addButton(tr("&Run"), QDialogButtonBox::AcceptRole);
    m_run->setObjectName(u"batchRun"_s);
    m_run->setEnabled(false);
    m_close = buttons->addButton(tr("&Close"), QDialogButtonBox::RejectRole);
    m_close->setObjectName(u"batchClose"_s);
    connect(m_check, &QPushButton::clicked, this, &BatchImportDialog::startCheck);
    connect(m_name, &QLineEdit::returnPressed, this, &BatchImportDialog::startCheck);
    connect(m_name, &QLineEdit::textEdited, this, &BatchImportDialog::nameEdited);
    connect(m_run, &QPushButton::clicked, this, &BatchImportDialog::run);
    connect(m_save, &QPushButton::clicked, this, &BatchImportDialog::chooseResultFile);
    connect(m_close, &QPushButton::clicked, this, &BatchImportDialog::reject);
    layout()->addWidget(buttons);
}

BatchJob *BatchImportDialog::startCheck()
{
    if (m_phase == Phase::Running)
        return nullptr;
    delete m_job; // an earlier check's, with its worker
    m_phase = Phase::Checking;
    m_job = new BatchJob({m_path, m_name->text().trimmed(), m_actor}, this);
    connect(m_job, &BatchJob::checked, this, &BatchImportDialog::checked);
    connect(m_job, &BatchJob::checkFailed, this, &BatchImportDialog::checkFailed);
    connect(m_job, &BatchJob::rowsFinished, this, &BatchImportDialog::rowsFinished);
    connect(m_job, &BatchJob::runFinished, this, &BatchImportDialog::runFinished);
    connect(this, &BatchImportDialog::cancelRequested, m_job, &BatchJob::cancelRequested);
    m_model->setRows({});
    m_heading->setText(tr("Reading and checking %1…").arg(QFileInfo(m_path).fileName()));
    m_progress->setRange(0, 0);
    m_progress->show();
    m_summary->hide();
    m_run->setEnabled(false);
    m_check->setEnabled(false);
    m_name->setEnabled(false);
    m_save->setEnabled(false);
    m_ending = {};
    emit checkRequested(m_job);
    return m_job;
}

void BatchImportDialog::nameEdited()
{
    if (m_phase != Phase::Preview || !m_run->isEnabled())
        return;
    // Run would use the name checked, not the one in the field: check again first.
    m_run->setEnabled(false);
    m_run->setToolTip(tr("The name changed: check again under it first (Enter)."));
}

QString BatchImportDialog::headingText() const
{
    const BatchPreview &p = m_preview;
    QStringList totals;
    for (auto it = p.totals.begin(); it != p.totals.end(); ++it)
        totals << formatMoney({it.value(), it.key()}, QLocale());
    QString text = tr("Batch “%1”: %n row(s)", nullptr, p.lines).arg(p.name);
    text += u" · "_s + tr("%n problem(s)", nullptr, p.problems);
    if (p.alreadyRun > 0)
        text += u" · "_s + tr("%n already run", nullptr, p.alreadyRun);
    if (!totals.isEmpty())
        text += u" · "_s + tr("total %1").arg(totals.join(u", "_s));
    for (const QString &problem : p.fileProblems)
        text += u"\n"_s + problem;
    return text;
}

void BatchImportDialog::checked(const BatchPreview &preview)
{
    if (m_phase != Phase::Checking)
        return;
    m_phase = Phase::Preview;
    m_preview = preview;
    m_model->setRows(preview.rows);
    for (const int column : {BatchPreviewModel::LineColumn, BatchPreviewModel::OrderColumn,
                             BatchPreviewModel::TargetColumn, BatchPreviewModel::AmountColumn,
                             BatchPreviewModel::ReasonColumn, BatchPreviewModel::ReferenceColumn})
        m_table->resizeColumnToContents(column);
    m_table->setColumnHidden(BatchPreviewModel::ResultColumn, true);
    m_heading->setText(headingText());
    m_progress->hide();
    m_check->setEnabled(true);
    m_name->setEnabled(true);
    m_run->setEnabled(preview.runnable());
    m_run->setDefault(preview.runnable());
    m_run->setToolTip(preview.runnable()
                          ? tr("Send each row at the provider's pace; a second run of this file "
                               "sends nothing twice (Enter)")
                          : tr("Mend the file's problems first: a batch runs only when every "
                               "line reads well."));
    m_table->setFocus();
    if (m_model->rowCount() > 0)
        m_table->setCurrentIndex(m_model->index(0, 0));
}

void BatchImportDialog::checkFailed(const QString &error)
{
    if (m_phase != Phase::Checking)
        return;
    m_phase = Phase::Preview;
    m_progress->hide();
    m_check->setEnabled(true);
    m_name->setEnabled(true);
    m_heading->setText(tr("Could not check the file: %1").arg(error));
}

void BatchImportDialog::run()
{
    if (m_phase != Phase::Preview || !m_preview.runnable() || !m_job)
        return;
    m_phase = Phase::Running;
    m_done = 0;
    m_name->setEnabled(false);
    m_check->setEnabled(false);
    m_run->setEnabled(false);
    m_table->setColumnHidden(BatchPreviewModel::ResultColumn, false);
    m_progress->setRange(0, int(m_preview.rows.size()));
    m_progress->setValue(0);
    m_progress->show();
    m_close->setText(tr("&Stop"));
    m_close->setToolTip(tr("Stop before the next row; run the file again to go on (Esc)"));
    m_close->setFocus();
    emit runRequested(m_job);
}

void BatchImportDialog::rowsFinished(const std::vector<BatchRowUpdate> &updates)
{
    m_model->setOutcomes(updates); // a batch at a time: one dataChanged, one repaint
    m_done += int(updates.size());
    m_progress->setValue(std::min(m_done, m_progress->maximum()));
}

void BatchImportDialog::runFinished(const BatchRunEnding &ending)
{
    m_ending = ending;
    QString text;
    if (!ending.waitsFor.isEmpty())
        text = ending.waitsFor;
    else if (!ending.failure.isEmpty())
        text = tr("The run stopped: %1").arg(ending.failure);
    const QString counts = batchSummaryText(m_model->countByStatus());
    if (!counts.isEmpty())
        text += (text.isEmpty() ? QString() : u"\n"_s) + counts;
    if (ending.stopped && ending.waitsFor.isEmpty() && !counts.isEmpty())
        text += u"\n"_s + tr("Rows not run were left untouched: run the same file under the same "
                             "name again to go on.");
    finishWith(text);
}

void BatchImportDialog::finishWith(const QString &summary)
{
    m_phase = Phase::Done;
    m_progress->hide();
    m_summary->setText(summary);
    m_summary->show();
    m_save->setEnabled(!m_ending.resultCsv.isEmpty());
    // Going on after a stop or an approval: check again (what the database holds now), then run.
    m_check->setEnabled(true);
    m_name->setEnabled(true);
    m_stopping = false;
    m_close->setText(tr("&Close"));
    m_close->setToolTip(tr("Close the summary (Esc)"));
    m_close->setEnabled(true);
    m_close->setDefault(true);
    m_close->setFocus();
    emit rowsChanged();
}

void BatchImportDialog::chooseResultFile()
{
    const QFileInfo in(m_path);
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save the batch's results"),
        in.dir().filePath(in.completeBaseName() + u".result.csv"_s), tr("CSV files (*.csv)"));
    if (!path.isEmpty())
        saveResults(path);
}

bool BatchImportDialog::saveResults(const QString &path)
{
    QSaveFile out(path);
    if (out.open(QIODevice::WriteOnly) && out.write(m_ending.resultCsv) >= 0 && out.commit()) {
        m_summary->setText(m_summary->text() + u"\n"_s + tr("Results saved to %1.").arg(path));
        return true;
    }
    m_summary->setText(m_summary->text() + u"\n"_s +
                       tr("Could not save %1: %2").arg(path, out.errorString()));
    return false;
}

void BatchImportDialog::reject()
{
    if (m_phase != Phase::Running) {
        emit cancelRequested(); // a check still reading stops; nothing was stored
        QDialog::reject();
        return;
    }
    if (m_stopping)
        return;
    m_stopping = true;
    m_close->setEnabled(false);
    m_close->setText(tr("Stopping…"));
    emit cancelRequested();
}

} // namespace ops::ui
