// The truth guard (docs/design.md rule 11) and the shipped templates: claims of success or failure
// are refused in English, Russian and Ukrainian while a row is open or unknown, honest checking
// text passes, and every shipped template agrees with the guard.

#include "messagetemplates.h"
#include "truthguard.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

Q_DECLARE_METATYPE(ops::OperationState)
Q_DECLARE_METATYPE(ops::Claim)
Q_DECLARE_METATYPE(ops::MessageTemplate)

namespace {

struct Sample
{
    const char *tag;
    QString text;
};

const std::vector<Sample> &successClaims()
{
    static const std::vector<Sample> list = {
        {"en has been processed", u"Good news: your refund has been processed."_s},
        {"en refund is complete", u"The refund is complete."_s},
        {"en money is back", u"Your money is back on your card."_s},
        {"en we have refunded", u"We have refunded 38.00 USD to you."_s},
        {"en we've refunded typographic", u"We\u2019ve refunded the full amount."_s},
        {"en we refunded", u"We refunded you yesterday."_s},
        {"en successful", u"The payment was successful."_s},
        {"en credited to account", u"38.00 USD has been credited to your account."_s},
        {"en you will receive", u"You will receive your money in 3 days."_s},
        {"en approved and issued", u"Your refund was approved and issued."_s},
        {"en upper case", u"REFUND COMPLETED SUCCESSFULLY"_s},
        {"en funds returned", u"The funds have already been returned."_s},
        {"en promise", u"Your money will be returned within a week."_s},
        {"en went through", u"The refund went through this morning."_s},
        {"en on its way", u"Your refund is on its way."_s},
        {"en when is not a condition", u"When we checked, the money had been returned."_s},
        {"en condition ends with its sentence",
         u"If you wrote to us, thank you. Your refund has been processed."_s},
        {"ru возвращены", u"Ваши деньги возвращены."_s},
        {"ru вернулись", u"Деньги уже вернулись на карту."_s},
        {"ru вернули", u"Мы вернули вам 38 долларов."_s},
        {"ru зачислены", u"Средства зачислены на ваш счёт."_s},
        {"ru зачислена", u"Сумма зачислена."_s},
        {"ru успешно", u"Возврат успешно проведён."_s},
        {"ru выполнен", u"Возврат выполнен."_s},
        {"ru вернём", u"Мы вернём вам деньги завтра."_s},
        {"ru ё spelling", u"Возврат оформлён и ВОЗВРАЩЁН."_s},
        {"uk повернуто", u"Кошти повернуто."_s},
        {"uk повернули", u"Гроші вам повернули вчора."_s},
        {"uk зараховано", u"Кошти зараховано на ваш рахунок."_s},
        {"uk зараховані", u"Кредити зараховані."_s},
        {"uk успішно", u"Повернення успішно виконано."_s},
        {"uk надійшли", u"Кошти вже надійшли."_s},
        {"uk повернемо", u"Ми повернемо вам гроші."_s},
    };
    return list;
}

const std::vector<Sample> &failureClaims()
{
    static const std::vector<Sample> list = {
        {"en failed", u"Unfortunately the refund failed."_s},
        {"en declined", u"Your refund was declined by the bank."_s},
        {"en could not be processed", u"The refund could not be processed."_s},
        {"en rejected", u"Sadly it was rejected."_s},
        {"en cannot be refunded", u"This order cannot be refunded."_s},
        {"en no money has moved", u"No money has moved."_s},
        {"en didn't go through", u"The refund didn't go through."_s},
        {"ru отклонён", u"Возврат отклонён."_s},
        {"ru отклонил", u"Банк отклонил возврат."_s},
        {"ru не удалось провести", u"Нам не удалось провести возврат."_s},
        {"ru отказано", u"В возврате отказано."_s},
        {"ru не прошёл", u"Платёж не прошёл."_s},
        {"ru неудачной", u"Попытка оказалась неудачной."_s},
        {"uk відхилено", u"Повернення відхилено."_s},
        {"uk відхилив", u"Банк відхилив платіж."_s},
        {"uk не вдалося", u"Нам не вдалося провести повернення."_s},
        {"uk відмовлено", u"Вам відмовлено у поверненні."_s},
        {"uk не пройшов", u"Платіж не пройшов."_s},
    };
    return list;
}

const std::vector<Sample> &honestTexts()
{
    static const std::vector<Sample> list = {
        {"en cannot confirm yet",
         u"We cannot confirm your refund yet. A colleague is checking and will reply in this "
         "chat."_s},
        {"en not completed yet",
         u"Your refund has not been completed yet; we are still checking."_s},
        {"en hedged once", u"We will write to you once your refund is completed."_s},
        {"en not confirmed", u"Your refund is not confirmed yet."_s},
        {"en please wait", u"Please wait while we check with the payment provider."_s},
        {"en hasn't been refunded", u"The money hasn't been returned yet, we are on it."_s},
        {"en hedged promise",
         u"If the bank confirms it, the money will be returned to your card."_s},
        {"en reply once confirmed", u"We will reply here once the provider confirms the result."_s},
        {"ru не можем подтвердить",
         u"Мы пока не можем подтвердить ваш возврат. Коллега проверяет и ответит в этом чате."_s},
        {"ru не возвращены", u"Деньги пока не возвращены, мы проверяем."_s},
        {"ru не подтверждён", u"Возврат ещё не подтверждён."_s},
        {"ru если", u"Мы напишем, если возврат будет выполнен."_s},
        {"ru если в начале", u"Если банк подтвердит, деньги будут возвращены на карту."_s},
        {"uk не можемо підтвердити",
         u"Ми поки не можемо підтвердити ваше повернення. Колега перевіряє й відповість у цьому "
         "чаті."_s},
        {"uk не повернуто", u"Кошти ще не повернуто, ми перевіряємо."_s},
        {"uk не підтверджене", u"Повернення ще не підтверджене."_s},
        {"uk якщо", u"Якщо банк підтвердить, кошти буде повернуто на картку."_s},
    };
    return list;
}

const QList<OperationState> &allStates()
{
    static const QList<OperationState> s = {OperationState::Open, OperationState::Unknown,
                                            OperationState::Succeeded, OperationState::Failed};
    return s;
}

bool claimAllowed(OperationState state, Claim claim)
{
    if (state == OperationState::Succeeded)
        return claim == Claim::Success;
    if (state == OperationState::Failed)
        return claim == Claim::Failure;
    return false;
}

MessageFacts facts()
{
    return {{3800, u"usd"_s}, u"4417"_s, u"re_3Q9x"_s};
}

} // namespace

class TestTruthGuard : public QObject
{
    Q_OBJECT

private slots:
    void claimsByState_data();
    void claimsByState();
    void honestTextPasses_data();
    void honestTextPasses();
    void shippedTemplatesAgreeWithGuard_data();
    void shippedTemplatesAgreeWithGuard();
    void allowedTemplatesByState();
    void renderFillsPlaceholders_data();
    void renderFillsPlaceholders();
    void renderRefusesMissingValues();
};

void TestTruthGuard::claimsByState_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<ops::Claim>("claim");
    QTest::addColumn<ops::OperationState>("state");
    QTest::addColumn<bool>("allowed");
    for (const auto &[claim, samples] :
         {std::pair{Claim::Success, &successClaims()}, std::pair{Claim::Failure, &failureClaims()}})
        for (const Sample &s : *samples)
            for (const OperationState state : allStates())
                QTest::addRow("%s / %s", s.tag, qPrintable(toString(state)))
                    << s.text << claim << state << claimAllowed(state, claim);
}

void TestTruthGuard::claimsByState()
{
    QFETCH(QString, text);
    QFETCH(ops::Claim, claim);
    QFETCH(ops::OperationState, state);
    QFETCH(bool, allowed);

    const auto found = TruthGuard::claims(text);
    QVERIFY2(!found.empty(), "the claim was not recognised");
    QVERIFY(std::any_of(found.begin(), found.end(),
                        [&](const ClaimMatch &m) { return m.claim == claim; }));
    const GuardVerdict v = TruthGuard::check(state, text);
    QCOMPARE(v.allowed, allowed);
    if (allowed) {
        QVERIFY(v.reason.isEmpty());
        return;
    }
    QVERIFY(v.offending);
    QVERIFY2(v.reason.contains(v.offending->phrase), qPrintable(v.reason));
    QVERIFY2(TruthGuard::normalise(text).contains(v.offending->phrase), qPrintable(v.reason));
}

void TestTruthGuard::honestTextPasses_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<ops::OperationState>("state");
    for (const Sample &s : honestTexts())
        for (const OperationState state : allStates())
            QTest::addRow("%s / %s", s.tag, qPrintable(toString(state))) << s.text << state;
}

void TestTruthGuard::honestTextPasses()
{
    QFETCH(QString, text);
    QFETCH(ops::OperationState, state);
    const auto found = TruthGuard::claims(text);
    QVERIFY2(found.empty(), found.empty() ? "" : qPrintable(found.front().phrase));
    const GuardVerdict v = TruthGuard::check(state, text);
    QVERIFY2(v.allowed, qPrintable(v.reason));
}

void TestTruthGuard::shippedTemplatesAgreeWithGuard_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<ops::MessageTemplate>("tmpl");
    QTest::addColumn<ops::OperationState>("state");
    QTest::addColumn<bool>("allowed");
    const QList<MessageTemplate> templates = {
        MessageTemplate::Checking, MessageTemplate::NotConfirmed, MessageTemplate::Refunded,
        MessageTemplate::Credited, MessageTemplate::Failed};
    for (const QString &language : messageLanguages())
        for (const MessageTemplate t : templates)
            for (const OperationState state : allStates()) {
                const bool honestAnywhere =
                    t == MessageTemplate::Checking || t == MessageTemplate::NotConfirmed;
                const bool allowed =
                    honestAnywhere ||
                    (state == OperationState::Succeeded &&
                     (t == MessageTemplate::Refunded || t == MessageTemplate::Credited)) ||
                    (state == OperationState::Failed && t == MessageTemplate::Failed);
                QTest::addRow("%s %s / %s", qPrintable(language), qPrintable(toString(t)),
                              qPrintable(toString(state)))
                    << language << t << state << allowed;
            }
}

void TestTruthGuard::shippedTemplatesAgreeWithGuard()
{
    QFETCH(QString, language);
    QFETCH(ops::MessageTemplate, tmpl);
    QFETCH(ops::OperationState, state);
    QFETCH(bool, allowed);
    const RenderedMessage r = MessageTemplates::render(tmpl, language, facts());
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    const GuardVerdict v = TruthGuard::check(state, r.body);
    QVERIFY2(v.allowed == allowed, qPrintable(r.body + u" → "_s + v.reason));
}

void TestTruthGuard::allowedTemplatesByState()
{
    using T = MessageTemplate;
    const QList<T> live = {T::Checking, T::NotConfirmed, T::Custom};
    QVERIFY(allowedTemplates(OperationState::Open, OperationKind::Refund) == live);
    QVERIFY(allowedTemplates(OperationState::Unknown, OperationKind::CreditTopup) == live);
    QVERIFY(allowedTemplates(OperationState::Succeeded, OperationKind::Refund) ==
            (QList<T>{T::Refunded, T::Custom}));
    QVERIFY(allowedTemplates(OperationState::Succeeded, OperationKind::CreditTopup) ==
            (QList<T>{T::Credited, T::Custom}));
    QVERIFY(allowedTemplates(OperationState::Failed, OperationKind::Refund) ==
            (QList<T>{T::Failed, T::Custom}));
    QVERIFY(messageTemplateFromString(u"not_confirmed"_s) == T::NotConfirmed);
    QVERIFY(!messageTemplateFromString(u"thanks"_s));
}

void TestTruthGuard::renderFillsPlaceholders_data()
{
    QTest::addColumn<QString>("language");
    for (const QString &language : messageLanguages())
        QTest::newRow(qPrintable(language)) << language;
}

void TestTruthGuard::renderFillsPlaceholders()
{
    QFETCH(QString, language);
    QVERIFY(!languageName(language).isEmpty());
    for (const auto t :
         {MessageTemplate::Checking, MessageTemplate::NotConfirmed, MessageTemplate::Refunded,
          MessageTemplate::Credited, MessageTemplate::Failed}) {
        QVERIFY(!MessageTemplates::title(t, language).isEmpty());
        const RenderedMessage r = MessageTemplates::render(t, language, facts());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.body.contains(u"38.00 USD"_s), qPrintable(r.body));
        QVERIFY2(!r.body.contains(u'{') && !r.body.contains(u'}'), qPrintable(r.body));
        if (MessageTemplates::rawBody(t, language).contains(u"{order}"_s))
            QVERIFY(r.body.contains(u"4417"_s));
        if (t == MessageTemplate::Refunded || t == MessageTemplate::Credited)
            QVERIFY(r.body.contains(u"re_3Q9x"_s));
    }
}

void TestTruthGuard::renderRefusesMissingValues()
{
    MessageFacts noRef = facts();
    noRef.reference.clear();
    RenderedMessage r = MessageTemplates::render(MessageTemplate::Refunded, u"en"_s, noRef);
    QVERIFY(r.body.isEmpty());
    QVERIFY2(r.error.contains(u"{reference}"_s), qPrintable(r.error));
    // The checking text needs no reference.
    QVERIFY(MessageTemplates::render(MessageTemplate::Checking, u"en"_s, noRef).error.isEmpty());

    MessageFacts noAmount = facts();
    noAmount.amount = {};
    r = MessageTemplates::render(MessageTemplate::Checking, u"ru"_s, noAmount);
    QVERIFY2(r.error.contains(u"{amount}"_s), qPrintable(r.error));

    r = MessageTemplates::render(MessageTemplate::Checking, u"de"_s, facts());
    QVERIFY2(r.error.contains(u"unknown language 'de'"_s), qPrintable(r.error));
    r = MessageTemplates::render(MessageTemplate::Custom, u"en"_s, facts());
    QVERIFY(!r.error.isEmpty());
}

QTEST_GUILESS_MAIN(TestTruthGuard)
#include "tst_truthguard.moc"
