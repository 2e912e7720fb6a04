// Keyboard first (issue 18, item 11), through real widgets offscreen: Ctrl+Tab and
// Ctrl+Shift+Tab switch tabs; no mnemonic is used twice in one window (every menu title, button,
// tab and buddy label of the window, and each menu's own items); the default button has a
// visible focus ring; Esc and Ctrl+W close the audit window; Help → Keyboard shortcuts lists
// every shortcut the window's actions have.

#include "console/sessionreads.h"
#include "dialogs/closedialog.h"
#include "dialogs/composedialog.h"
#include "dialogs/evidencedialog.h"
#include "dialogs/lookupdialog.h"
#include "dialogs/resendconfirmdialog.h"
#include "dialogs/settingsdialog.h"
#include "dialogs/shortcutsdialog.h"
#include "mainwindow/mainwindow.h"
#include "mainwindow/navigationactions.h"
#include "mainwindow/queuepresenter.h"
#include "mainwindow/rowactions.h"
#include "mainwindow/supervisorpresenter.h"
#include "storage/session.h"
#include "supervisor/supervisorwindow.h"
#include "support/messagefixture.h"
#include "support/screenshots.h"
#include "support/storefixture.h"
#include "widgets/focusring.h"
#include "widgets/operationlistview.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QToolBar>

using namespace Qt::StringLiterals;
using namespace ops;
using ops::ui::MainWindow;

namespace {

const QString kUnknownId = u"op_keys"_s;

// The letter Alt+letter reaches in `text` ("&&" is a literal ampersand); null when none.
QChar mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text.at(i) != u'&')
            continue;
        if (text.at(i + 1) == u'&') {
            ++i;
            continue;
        }
        return text.at(i + 1).toLower();
    }
    return {};
}

using Scopes = QMap<QString, QStringList>; // scope → texts with a mnemonic

// What Alt+letter can reach in `window`: the menu bar's titles, its buttons, tabs and buddy
// labels (one scope), and each menu's items (a scope per menu, reached once the menu is open).
// Widgets of other windows (dialogs parented to this one) are left to their own walk.
Scopes mnemonicScopes(QWidget *window)
{
    Scopes scopes;
    const auto mine = [window](QWidget *w) {
        return w->window() == window;
    };
    const auto add = [&scopes](const QString &scope, const QString &text) {
        if (!mnemonicOf(text).isNull())
            scopes[scope] << text;
    };
    const QString top = window->objectName();
    for (QMenuBar *bar : window->findChildren<QMenuBar *>()) {
        for (QAction *a : bar->actions()) {
            if (!a->isVisible())
                continue;
            add(top, a->text());
            if (QMenu *menu = a->menu())
                for (QAction *item : menu->actions())
                    if (item->isVisible())
                        add(top + u" › "_s + a->text(), item->text());
        }
    }
    for (QAbstractButton *b : window->findChildren<QAbstractButton *>()) {
        // Tool bar buttons show the action's text without its mnemonic.
        if (mine(b) && !b->isHidden() && !qobject_cast<QToolBar *>(b->parentWidget()))
            add(top, b->text());
    }
    for (QTabBar *tabs : window->findChildren<QTabBar *>()) {
        if (mine(tabs))
            for (int i = 0; i < tabs->count(); ++i)
                add(top, tabs->tabText(i));
    }
    for (QLabel *label : window->findChildren<QLabel *>()) {
        if (mine(label) && label->buddy())
            add(top, label->text());
    }
    return scopes;
}

QString duplicates(const Scopes &scopes)
{
    QStringList found;
    for (auto it = scopes.begin(); it != scopes.end(); ++it) {
        QMap<QChar, QStringList> by;
        for (const QString &text : it.value())
            by[mnemonicOf(text)] << text;
        for (auto m = by.begin(); m != by.end(); ++m)
            if (m.value().size() > 1)
                found << u"%1: Alt+%2 in %3"_s.arg(it.key(), m.key().toUpper(),
                                                   m.value().join(u" | "_s));
    }
    return found.join(u'\n');
}

// Pixels of `widget` (as drawn) within a small distance of `colour`.
int pixelsNear(QWidget *widget, const QColor &colour)
{
    const QImage image = widget->grab().toImage();
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (qAbs(c.red() - colour.red()) + qAbs(c.green() - colour.green()) +
                    qAbs(c.blue() - colour.blue()) <
                40)
                ++n;
        }
    return n;
}

} // namespace

class TestKeyboard : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void ctrlTabSwitchesTabs();
    void noMnemonicTwiceInOneWindow();
    void defaultButtonHasAFocusRing();
    void escAndCtrlWCloseTheAuditWindow_data();
    void escAndCtrlWCloseTheAuditWindow();
    void helpListsEveryShortcut();

private:
    std::unique_ptr<test::StoreFixture> m_fx;
    std::unique_ptr<Session> m_session;
    std::unique_ptr<MainWindow> m_window;
};

void TestKeyboard::init()
{
    m_fx = std::make_unique<test::StoreFixture>();
    test::operationIn(m_fx->store(), test::refundOperation(kUnknownId, u"ord_k"_s),
                      OperationState::Unknown);
    m_session = std::make_unique<Session>(m_fx->path(), m_fx->clock());
    m_window = std::make_unique<MainWindow>(console::readsOf(*m_session), u"operator:alice"_s,
                                            u"operator:alice#one"_s);
    m_window->show();
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

void TestKeyboard::cleanup()
{
    m_window.reset();
    m_session.reset();
    m_fx.reset();
}

void TestKeyboard::ctrlTabSwitchesTabs()
{
    QTabWidget *tabs = m_window->tabs();
    // Operations, Checking, Attention, Mine, Approvals (alice supervises)
    QCOMPARE(tabs->count(), 5);
    QCOMPARE(tabs->currentIndex(), int(MainWindow::CheckingTab));
    QWidget *focus = m_window->queue()->checkingView()->table();
    focus->setFocus();
    QTest::keyClick(focus, Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), int(MainWindow::AttentionTab));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), int(MainWindow::MineTab));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), 4);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(tabs->currentIndex(), 0); // wraps around
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(tabs->currentIndex(), 4);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(tabs->currentIndex(), 3);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(tabs->currentIndex(), 2);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(tabs->currentIndex(), 1);

    ui::SupervisorWindow *sup = m_window->supervision()->openSupervisorWindow();
    QApplication::setActiveWindow(sup);
    QVERIFY(QTest::qWaitForWindowActive(sup));
    QCOMPARE(sup->tabs()->currentIndex(), 0);
    QTest::keyClick(sup, Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(sup->tabs()->currentIndex(), 1);
}

void TestKeyboard::noMnemonicTwiceInOneWindow()
{
    QVERIFY(m_window->selectOperation(kUnknownId));
    const Operation op = *m_fx->store().operation(kUnknownId);
    QList<QWidget *> windows = {m_window.get(), m_window->supervision()->openSupervisorWindow()};
    windows << m_window->rows()->openCloseDialog(OperationState::Succeeded)
            << m_window->rows()->openEvidenceDialog() << m_window->rows()->openComposeDialog()
            << new ui::SettingsDialog(m_window.get())
            << m_window->navigation()->openShortcutsDialog()
            << new ui::ResendConfirmDialog(op, true, m_fx->clock().now(), KeyMemory::Nothing, false,
                                           m_window.get());
    LookupAnswer answer;
    answer.operationId = kUnknownId;
    answer.summary = u"No refund at the provider."_s;
    answer.proposedOutcome = OperationState::Failed;
    answer.evidenceBody = "{}";
    windows << m_window->rows()->showLookupAnswer(answer);
    for (QWidget *w : windows) {
        QVERIFY(w);
        if (w->objectName().isEmpty())
            w->setObjectName(QString::fromLatin1(w->metaObject()->className()));
        const Scopes scopes = mnemonicScopes(w);
        QVERIFY2(!scopes.isEmpty() || qobject_cast<ui::ShortcutsDialog *>(w),
                 qPrintable(w->objectName())); // the walk found what it walks
        const QString dup = duplicates(scopes);
        QVERIFY2(dup.isEmpty(), qPrintable(dup));
    }
    // The reported case: Alt+V is the View menu only, not also the Evidence tab.
    const QStringList top = mnemonicScopes(m_window.get()).value(m_window->objectName());
    QCOMPARE(std::count_if(top.begin(), top.end(),
                           [](const QString &t) { return mnemonicOf(t) == u'v'; }),
             1);
}

void TestKeyboard::defaultButtonHasAFocusRing()
{
    QVERIFY(m_window->selectOperation(kUnknownId));
    ui::CloseDialog *dialog = m_window->rows()->openCloseDialog(OperationState::Failed);
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    dialog->reasonEdit()->setFocus(); // the keyboard is in the form, not on the button
    QPushButton *ok = dialog->closeButton();
    QVERIFY(ok->isDefault());
    QVERIFY2(pixelsNear(ok, ui::kFocusRingColor) > 2 * ok->width(),
             qPrintable(u"%1 ring pixels"_s.arg(pixelsNear(ok, ui::kFocusRingColor))));
    // An ordinary button without the keyboard has none.
    const QList<QPushButton *> buttons = dialog->findChildren<QPushButton *>();
    const auto plain = std::find_if(buttons.begin(), buttons.end(), [ok](QPushButton *b) {
        return b != ok && b->isVisible() && !b->isDefault() && !b->hasFocus();
    });
    QVERIFY(plain != buttons.end());
    QCOMPARE(pixelsNear(*plain, ui::kFocusRingColor), 0);
    test::screenshots(m_window.get(), u"close-dialog-focus-ring"_s, dialog);
}

void TestKeyboard::escAndCtrlWCloseTheAuditWindow_data()
{
    QTest::addColumn<QKeySequence>("key");
    QTest::addRow("Esc") << QKeySequence(Qt::Key_Escape);
    QTest::addRow("Ctrl+W") << QKeySequence(Qt::CTRL | Qt::Key_W);
}

void TestKeyboard::escAndCtrlWCloseTheAuditWindow()
{
    QFETCH(QKeySequence, key);
    QPointer<ui::SupervisorWindow> sup = m_window->supervision()->openSupervisorWindow();
    QApplication::setActiveWindow(sup);
    QVERIFY(QTest::qWaitForWindowActive(sup));
    QTest::keySequence(sup.data(), key);
    QTRY_VERIFY(!sup || !sup->isVisible());
    QVERIFY(m_window->isVisible()); // the main window stays
}

void TestKeyboard::helpListsEveryShortcut()
{
    QVERIFY(m_window->navigation()->shortcutsAction()->shortcuts().contains(
                QKeySequence::HelpContents) ||
            !m_window->navigation()->shortcutsAction()->shortcuts().isEmpty());
    ui::ShortcutsDialog *dialog = m_window->navigation()->openShortcutsDialog();
    QTableWidget *table = dialog->table();
    QStringList shown;
    for (int r = 0; r < table->rowCount(); ++r)
        shown << table->item(r, 0)->text() + u" = "_s + table->item(r, 1)->text();
    int listed = 0;
    for (QAction *action : m_window->findChildren<QAction *>()) {
        if (action->shortcuts().isEmpty() || !action->isVisible() ||
            !m_window->actions().contains(action))
            continue;
        ++listed;
        for (const QKeySequence &key : action->shortcuts()) {
            const QString keys = key.toString(QKeySequence::NativeText);
            if (keys.contains(u"Backtab"_s))
                continue; // listed as its Shift+Tab spelling
            const bool there = std::any_of(shown.begin(), shown.end(),
                                           [&](const QString &row) { return row.contains(keys); });
            QVERIFY2(there, qPrintable(action->text() + u" "_s + keys));
        }
    }
    QVERIFY(listed >= 15);
    for (const QString &must : {u"Ctrl+Tab"_s, u"Ctrl+L"_s, u"Ctrl+W"_s, u"Esc"_s})
        QVERIFY2(std::any_of(shown.begin(), shown.end(),
                             [&](const QString &row) { return row.contains(must); }),
                 qPrintable(must));
    test::screenshots(m_window.get(), u"keyboard-shortcuts"_s, dialog);
}

QTEST_MAIN(TestKeyboard)
#include "tst_keyboard.moc"
