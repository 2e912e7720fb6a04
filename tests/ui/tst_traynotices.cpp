// What the tray says (issue 53 item 5), without a tray: trayNotices() from one look at the
// window's lists to the next. Nothing on the first look; a row the person owns that changed
// state, or went past a target (or past another one), says so; an approval that newly waits for
// the person says so; rows coming into Mine or leaving it, and approvals already seen or gone,
// say nothing.

#include "common/traynotices.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;
using namespace ops::ui;

namespace {

TraySnapshot snapshot(std::vector<OwnedRowState> mine, std::vector<WaitingApproval> approvals = {})
{
    return {std::move(mine), std::move(approvals)};
}

OwnedRowState row(const QString &id, OperationState state, LateReason late = LateReason::None)
{
    return {id, state, late};
}

QStringList said(const std::vector<TrayNotice> &notices)
{
    QStringList out;
    for (const TrayNotice &n : notices)
        out << n.title + u" | "_s + n.text;
    return out;
}

} // namespace

class TestTrayNotices : public QObject
{
    Q_OBJECT

private slots:
    void theFirstLookSaysNothing();
    void aRowThatChangedStateIsSaid();
    void aRowThatTurnedLateIsSaid();
    void anApprovalThatNewlyWaitsIsSaid();
    void rowsComingAndGoingSayNothing();
};

void TestTrayNotices::theFirstLookSaysNothing()
{
    const TraySnapshot now =
        snapshot({row(u"op_1"_s, OperationState::Unknown, LateReason::NoOwner)},
                 {{12, u"op_2"_s, ApprovalAction::Close, u"operator:bob"_s}});
    QVERIFY(trayNotices(std::nullopt, now, {}).empty());
    QVERIFY(trayNotices(now, now, {}).empty()); // and a look that saw no change neither
}

void TestTrayNotices::aRowThatChangedStateIsSaid()
{
    const TraySnapshot before = snapshot(
        {row(u"op_1"_s, OperationState::Unknown), row(u"op_2"_s, OperationState::Unknown)});
    const TraySnapshot now = snapshot(
        {row(u"op_1"_s, OperationState::Unknown), row(u"op_2"_s, OperationState::Succeeded)});
    const auto notices = trayNotices(before, now, {});
    QCOMPARE(notices.size(), size_t(1));
    QCOMPARE(notices[0].kind, TrayNotice::Kind::StateChanged);
    QCOMPARE(notices[0].operationId, u"op_2"_s);
    QCOMPARE(
        said(notices),
        QStringList{u"op_2 is succeeded now | A row you own was unknown and is succeeded now."_s});
}

void TestTrayNotices::aRowThatTurnedLateIsSaid()
{
    ServiceTargets targets;
    targets.unowned = std::chrono::minutes(30);
    const TraySnapshot onTime = snapshot({row(u"op_1"_s, OperationState::Unknown)});
    const TraySnapshot late =
        snapshot({row(u"op_1"_s, OperationState::Unknown, LateReason::NoDecision)});
    auto notices = trayNotices(onTime, late, targets);
    QCOMPARE(notices.size(), size_t(1));
    QCOMPARE(notices[0].kind, TrayNotice::Kind::BecameLate);
    QCOMPARE(said(notices), QStringList{u"op_1 is late | A row you own: undecided after 24 h."_s});
    // Still late for the same target: nothing new.
    QVERIFY(trayNotices(late, late, targets).empty());
    // Late for another target (an approval past its own): said again.
    const TraySnapshot approval =
        snapshot({row(u"op_1"_s, OperationState::AwaitingApproval, LateReason::Approval)});
    notices = trayNotices(late, approval, targets);
    QCOMPARE(notices.size(), size_t(2)); // the state moved too
    QCOMPARE(notices[0].kind, TrayNotice::Kind::StateChanged);
    QCOMPARE(notices[1].kind, TrayNotice::Kind::BecameLate);
    QVERIFY2(notices[1].text.contains(u"approval waiting over 4 h"_s), qPrintable(notices[1].text));
    // On time again: nothing to say.
    QVERIFY(trayNotices(late, onTime, targets).empty());
    // The targets word the notice: 30 minutes without an owner.
    notices = trayNotices(
        onTime, snapshot({row(u"op_1"_s, OperationState::Unknown, LateReason::NoOwner)}), targets);
    QCOMPARE(said(notices), QStringList{u"op_1 is late | A row you own: no owner after 30 min."_s});
}

void TestTrayNotices::anApprovalThatNewlyWaitsIsSaid()
{
    const WaitingApproval first{12, u"op_7"_s, ApprovalAction::Close, u"operator:bob"_s};
    const WaitingApproval second{13, u"op_8"_s, ApprovalAction::Resend, u"operator:carol"_s};
    const auto notices = trayNotices(snapshot({}, {first}), snapshot({}, {first, second}), {});
    QCOMPARE(notices.size(), size_t(1));
    QCOMPARE(notices[0].kind, TrayNotice::Kind::ApprovalWaiting);
    QCOMPARE(notices[0].approvalId, qint64(13));
    QCOMPARE(notices[0].operationId, u"op_8"_s);
    QVERIFY2(notices[0].title == u"Approval #13 waits for you"_s &&
                 notices[0].text.contains(u"op_8"_s) && notices[0].text.contains(u"carol"_s) &&
                 !notices[0].text.contains(u"operator:"_s),
             qPrintable(said(notices).join(u'\n')));
    // Decided (gone) or seen before: nothing.
    QVERIFY(trayNotices(snapshot({}, {first, second}), snapshot({}, {second}), {}).empty());
}

void TestTrayNotices::rowsComingAndGoingSayNothing()
{
    // A row the person took (or was given) comes in; one they released leaves: the list shows it.
    const TraySnapshot before = snapshot({row(u"op_1"_s, OperationState::Unknown)});
    const TraySnapshot now =
        snapshot({row(u"op_2"_s, OperationState::Unknown, LateReason::NoOwner)});
    QVERIFY(trayNotices(before, now, {}).empty());
}

QTEST_MAIN(TestTrayNotices)
#include "tst_traynotices.moc"
