#include "dialogs/connectionsdialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QTabWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

QLabel *noteLabel(QWidget *parent, const QString &name)
{
    auto *label = new QLabel(parent);
    label->setObjectName(name);
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return label;
}

} // namespace

ConnectionsDialog::ConnectionsDialog(ConnectionsBackend &backend, QWidget *parent)
    : QDialog(parent)
    , m_backend(backend)
{
    setObjectName(u"connectionsDialog"_s);
    setWindowTitle(tr("Connections"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Secrets are saved to files only you can read (0600) in your "
                                "configuration folder, never in the settings or the database. "
                                "An empty secret field keeps the saved secret."),
                             this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(u"connectionsPages"_s);
    layout->addWidget(m_pages);
    for (const ConnectionRow &row : m_backend.rows())
        m_rows.push_back(RowWidgets{row});
    for (RowWidgets &w : m_rows) {
        QWidget *page = pageFor(w.row.page);
        page->layout()->addWidget(buildRow(w, page));
    }
    for (int i = 0; i < m_pages->count(); ++i)
        qobject_cast<QVBoxLayout *>(m_pages->widget(i)->layout())->addStretch(1);
    m_message = noteLabel(this, u"connectionsMessage"_s);
    layout->addWidget(m_message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_save = buttons->addButton(tr("&Save"), QDialogButtonBox::AcceptRole);
    m_save->setObjectName(u"connectionsSave"_s);
    connect(buttons, &QDialogButtonBox::accepted, this, &ConnectionsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &ConnectionsDialog::reject);
    layout->addWidget(buttons);
    setMinimumWidth(620);
}

QWidget *ConnectionsDialog::pageFor(const QString &title)
{
    for (int i = 0; i < m_pages->count(); ++i) {
        if (m_pages->tabText(i) == title)
            return m_pages->widget(i);
    }
    auto *page = new QWidget(m_pages);
    new QVBoxLayout(page);
    m_pages->addTab(page, title);
    return page;
}

void ConnectionsDialog::revealRow(const QString &id)
{
    if (const RowWidgets *w = find(id))
        m_pages->setCurrentIndex(m_pages->indexOf(pageFor(w->row.page)));
}

QWidget *ConnectionsDialog::buildRow(RowWidgets &w, QWidget *page)
{
    const QString id = w.row.id;
    auto *box = new QGroupBox(w.row.title, page);
    box->setObjectName(id + u"Box"_s);
    auto *form = new QFormLayout(box);
    addFields(w, form, true);
    if (w.row.hasUrl) {
        w.url = new QLineEdit(w.row.url, box);
        w.url->setObjectName(id + u"Url"_s);
        w.url->setPlaceholderText(w.row.urlPlaceholder.isEmpty() ? u"https://…"_s
                                                                 : w.row.urlPlaceholder);
        form->addRow(w.row.urlLabel.isEmpty() ? tr("Base &URL:") : w.row.urlLabel, w.url);
        connect(w.url, &QLineEdit::textEdited, this, &ConnectionsDialog::resetWarning);
    }
    addFields(w, form, false);
    if (w.row.hasProject) {
        w.project = new QLineEdit(w.row.project, box);
        w.project->setObjectName(id + u"Project"_s);
        form->addRow(w.row.projectLabel.isEmpty() ? tr("&Project:") : w.row.projectLabel,
                     w.project);
    }
    w.secret = new QLineEdit(box);
    w.secret->setObjectName(id + u"Secret"_s);
    w.secret->setEchoMode(QLineEdit::Password);
    connect(w.secret, &QLineEdit::textEdited, this, &ConnectionsDialog::resetWarning);
    auto *secretLine = new QHBoxLayout;
    secretLine->addWidget(w.secret, 1);
    if (w.row.canCheck) {
        w.check = new QPushButton(tr("Check connection"), box);
        w.check->setObjectName(id + u"Check"_s);
        w.check->setAutoDefault(false);
        connect(w.check, &QPushButton::clicked, this, [this, id] { check(id); });
        secretLine->addWidget(w.check);
    }
    form->addRow(w.row.secretLabel.isEmpty() ? tr("Secret:") : w.row.secretLabel, secretLine);
    w.state = noteLabel(box, id + u"State"_s);
    form->addRow(w.state);
    w.result = noteLabel(box, id + u"Result"_s);
    w.result->hide(); // shown with the first check's answer: no blank line until then
    form->addRow(w.result);
    showState(w);
    return box;
}

void ConnectionsDialog::addFields(RowWidgets &w, QFormLayout *form, bool aboveUrl)
{
    for (const ConnectionField &f : w.row.fields) {
        if (f.aboveUrl != aboveUrl)
            continue;
        QWidget *field = nullptr;
        if (!f.choices.isEmpty()) {
            auto *combo = new QComboBox(form->parentWidget());
            combo->addItems(f.choices);
            combo->setCurrentIndex(std::max<qsizetype>(0, f.choices.indexOf(f.value)));
            connect(combo, &QComboBox::currentIndexChanged, this, &ConnectionsDialog::resetWarning);
            field = combo;
        } else {
            auto *line = new QLineEdit(f.value, form->parentWidget());
            line->setPlaceholderText(f.placeholder);
            connect(line, &QLineEdit::textEdited, this, &ConnectionsDialog::resetWarning);
            field = line;
        }
        field->setObjectName(w.row.id + f.key.left(1).toUpper() + f.key.mid(1));
        field->setProperty("fieldKey", f.key);
        field->setEnabled(f.override.isEmpty());
        if (!f.override.isEmpty())
            field->setToolTip(f.override);
        form->addRow(f.label, field);
        w.fields.push_back(field);
    }
}

void ConnectionsDialog::showState(RowWidgets &w)
{
    QStringList lines;
    if (!w.row.note.isEmpty())
        lines << w.row.note.toHtmlEscaped();
    if (!w.row.urlOverride.isEmpty())
        lines << w.row.urlOverride;
    if (!w.row.projectOverride.isEmpty())
        lines << w.row.projectOverride;
    if (!w.row.secretOverride.isEmpty())
        lines << w.row.secretOverride;
    for (const ConnectionField &f : w.row.fields) {
        if (!f.override.isEmpty())
            lines << f.override;
    }
    if (!w.row.secretProblem.isEmpty())
        lines << u"<span style='color:#c62828'>%1</span>"_s.arg(
            w.row.secretProblem.toHtmlEscaped());
    w.secret->setPlaceholderText(w.row.secretState);
    w.state->setText(lines.join(u"<br>"_s));
    w.state->setVisible(!lines.isEmpty());
    if (w.url)
        w.url->setEnabled(w.row.urlOverride.isEmpty());
    if (w.project)
        w.project->setEnabled(w.row.projectOverride.isEmpty());
}

ConnectionEdit ConnectionsDialog::editOf(const RowWidgets &w) const
{
    ConnectionEdit e{w.row.id,
                     w.url ? w.url->text().trimmed() : QString(),
                     w.project ? w.project->text().trimmed() : QString(),
                     w.secret->text().trimmed(),
                     {}};
    for (const QWidget *field : w.fields) {
        const auto *combo = qobject_cast<const QComboBox *>(field);
        e.fields.insert(field->property("fieldKey").toString(),
                        combo ? combo->currentText()
                              : qobject_cast<const QLineEdit *>(field)->text().trimmed());
    }
    return e;
}

const ConnectionsDialog::RowWidgets *ConnectionsDialog::find(const QString &id) const
{
    for (const RowWidgets &w : m_rows) {
        if (w.row.id == id)
            return &w;
    }
    return nullptr;
}

QLineEdit *ConnectionsDialog::urlField(const QString &id) const
{
    return widgetOf<&RowWidgets::url>(id);
}

QLineEdit *ConnectionsDialog::projectField(const QString &id) const
{
    return widgetOf<&RowWidgets::project>(id);
}

QLineEdit *ConnectionsDialog::secretField(const QString &id) const
{
    return widgetOf<&RowWidgets::secret>(id);
}

QWidget *ConnectionsDialog::extraField(const QString &id, const QString &key) const
{
    const RowWidgets *w = find(id);
    for (size_t i = 0; w && i < w->fields.size(); ++i) {
        if (w->fields[i]->property("fieldKey").toString() == key)
            return w->fields[i];
    }
    return nullptr;
}

QLabel *ConnectionsDialog::stateLabel(const QString &id) const
{
    return widgetOf<&RowWidgets::state>(id);
}

QLabel *ConnectionsDialog::checkResult(const QString &id) const
{
    return widgetOf<&RowWidgets::result>(id);
}

QPushButton *ConnectionsDialog::checkButton(const QString &id) const
{
    return widgetOf<&RowWidgets::check>(id);
}

void ConnectionsDialog::check(const QString &id)
{
    const auto *w = find(id);
    if (!w)
        return;
    const ConnectionEdit edit = editOf(*w);
    w->result->show();
    if (const QString problem = m_backend.problem(edit); !problem.isEmpty()) {
        w->result->setText(u"<span style='color:#c62828'>%1</span>"_s.arg(problem.toHtmlEscaped()));
        fitText();
        return;
    }
    w->check->setEnabled(false);
    w->result->setText(tr("Checking…"));
    QPointer<ConnectionsDialog> self(this);
    m_backend.check(edit, [self, id](bool ok, const QString &text) {
        if (!self)
            return;
        const auto *row = self->find(id);
        row->check->setEnabled(true);
        row->result->setText(u"<span style='color:%1'>%2</span>"_s.arg(
            ok ? u"#2e7d32"_s : u"#c62828"_s, text.toHtmlEscaped()));
        self->fitText();
    });
}

void ConnectionsDialog::showEvent(QShowEvent *event)
{
    QDialog::showEvent(event);
    fitText(); // the environment and refusal notes wrap
}

void ConnectionsDialog::fitText()
{
    layout()->activate();
    const int needed = layout()->hasHeightForWidth() ? layout()->totalHeightForWidth(width())
                                                     : sizeHint().height();
    if (needed > height())
        resize(width(), needed);
}

void ConnectionsDialog::resetWarning()
{
    m_confirmedWarning.clear();
    m_save->setText(tr("&Save"));
}

void ConnectionsDialog::accept()
{
    std::vector<ConnectionEdit> edits;
    QStringList problems;
    QStringList warnings;
    QString firstProblemRow;
    for (const RowWidgets &w : m_rows) {
        const ConnectionEdit edit = editOf(w);
        if (const QString p = m_backend.problem(edit); !p.isEmpty()) {
            problems << tr("%1: %2").arg(w.row.title, p);
            if (firstProblemRow.isEmpty())
                firstProblemRow = w.row.id;
        }
        if (const QString warn = m_backend.warning(edit); !warn.isEmpty())
            warnings << tr("%1: %2").arg(w.row.title, warn);
        edits.push_back(edit);
    }
    if (problems.isEmpty()) {
        if (const EditsProblem p = m_backend.problemAcross(edits); !p.text.isEmpty()) {
            problems << p.text;
            firstProblemRow = p.rowId;
        }
    }
    if (!problems.isEmpty()) {
        revealRow(firstProblemRow);
        m_message->setText(u"<span style='color:#c62828'>%1</span>"_s.arg(
            tr("Not saved. %1").arg(problems.join(u' ')).toHtmlEscaped()));
        fitText();
        return;
    }
    const QString warning = warnings.join(u' ');
    if (!warning.isEmpty() && warning != m_confirmedWarning) {
        m_confirmedWarning = warning;
        m_message->setText(u"<span style='color:#e65100'>%1</span>"_s.arg(
            tr("Check before saving: %1 Press Save anyway to save it like this.")
                .arg(warning)
                .toHtmlEscaped()));
        m_save->setText(tr("Save &anyway"));
        fitText();
        return;
    }
    if (const QString failed = m_backend.save(edits); !failed.isEmpty()) {
        m_message->setText(u"<span style='color:#c62828'>%1</span>"_s.arg(
            tr("Not saved: %1").arg(failed).toHtmlEscaped()));
        fitText();
        return;
    }
    emit saved();
    QDialog::accept();
}

} // namespace ops::ui
