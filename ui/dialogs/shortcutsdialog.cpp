#include "dialogs/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QSet>
#include <QTableWidget>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ops::ui {

namespace {

QString plainText(QString text)
{
    text.replace(u"&&"_s, u"\x01"_s);
    text.remove(u'&');
    text.replace(u"\x01"_s, u"&"_s);
    if (text.endsWith(u'…'))
        text.chop(1);
    return text;
}

} // namespace

QList<ShortcutsDialog::Entry> ShortcutsDialog::entriesFor(const QList<QAction *> &actions)
{
    QList<Entry> entries;
    QSet<const QAction *> seen;
    for (const QAction *action : actions) {
        if (action->shortcuts().isEmpty() || seen.contains(action) || !action->isVisible())
            continue;
        seen.insert(action);
        QStringList keys;
        for (const QKeySequence &key : action->shortcuts()) {
            // Shift+Tab arrives as Backtab; people read it as Shift+Tab, listed beside it.
            const QString text = key.toString(QKeySequence::NativeText);
            if (!text.contains(u"Backtab"_s) || action->shortcuts().size() == 1)
                keys << text;
        }
        entries.append({plainText(action->text()), keys.join(u", "_s)});
    }
    return entries;
}

ShortcutsDialog::ShortcutsDialog(const QList<QAction *> &actions, const QList<Entry> &extra,
                                 QWidget *parent)
    : QDialog(parent)
{
    setObjectName(u"shortcutsDialog"_s);
    setWindowTitle(tr("Keyboard shortcuts"));
    const QList<Entry> rows = entriesFor(actions) + extra;
    m_table = new QTableWidget(int(rows.size()), 2, this);
    m_table->setObjectName(u"shortcutsTable"_s);
    m_table->setHorizontalHeaderLabels({tr("Action"), tr("Keys")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    for (int r = 0; r < rows.size(); ++r) {
        m_table->setItem(r, 0, new QTableWidgetItem(rows.at(r).what));
        m_table->setItem(r, 1, new QTableWidgetItem(rows.at(r).keys));
    }
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(520, 560);
}

} // namespace ops::ui
