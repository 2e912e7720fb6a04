// The truth guard (docs/design.md rule 11) and the shipped templates: claims of success or failure
// are refused in English, Russian and Ukrainian while a row is open or unknown, honest checking
// text passes, and every shipped template agrees with the guard.

#include "domain/messagetemplates.h"
#include "domain/truthguard.h"

#include <QTest>

using namespace Qt::StringLiterals;
using namespace ops;

Q_DECLARE_METATYPE(ops::OperationState)
Q_DECLARE_METATYPE(ops::Claim)
Q_DECLARE_METATYPE(ops::MessageTemplate)
Q_DECLARE_METATYPE(ops::OperationKind)

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

MessageFacts facts(OperationKind kind = OperationKind::Refund)
{
    MessageFacts f;
    f.kind = kind;
    f.reference = u"re_3Q9x"_s;
    switch (kind) {
    case OperationKind::Refund:
        f.amount = {3800, u"usd"_s};
        f.order = u"4417"_s;
        break;
    case OperationKind::Execution: // an execution moves no amount of its own
        f.order = f.work = u"job:88:generate_email"_s;
        break;
    default:
        f.amount = {250, u"credits"_s};
        f.order = f.work = u"invoice-7781:topup"_s;
        break;
    }
    return f;
}

const QList<OperationKind> &allKinds()
{
    static const QList<OperationKind> k = {OperationKind::Refund, OperationKind::CreditTopup,
                                           OperationKind::CreditCharge, OperationKind::CreditAdjust,
                                           OperationKind::Execution};
    return k;
}

const QList<MessageTemplate> &shippedTemplates()
{
    using T = MessageTemplate;
    static const QList<T> t = {T::Checking, T::NotConfirmed, T::Refunded,
                               T::Issued,   T::Credited,     T::Failed};
    return t;
}

// What a customer of each language must not read about a credit movement or an execution: it
// is not a refund, and its work name is not an order.
struct KindWords
{
    QStringList refund;
    QStringList order;
    QString reference; // the words that present the work name: "your reference"
};

KindWords kindWords(const QString &language)
{
    if (language == u"ru"_s)
        return {{u"возврат"_s, u"возвращ"_s}, {u"заказ"_s}, u"ваш идентификатор "_s};
    if (language == u"uk"_s)
        return {{u"повернен"_s, u"повернут"_s}, {u"замовлен"_s}, u"ваш ідентифікатор "_s};
    return {{u"refund"_s}, {u"order"_s}, u"your reference "_s};
}

// A claim of arrival about a refund the provider still reports pending (rule 11), per language.
const std::vector<Sample> &arrivalClaims()
{
    static const std::vector<Sample> list = {
        {"en has been completed", u"Your refund has been completed."_s},
        {"en refund is complete", u"The refund is complete."_s},
        {"en has arrived", u"The money has arrived."_s},
        {"en back on your card", u"The money is back on your card."_s},
        {"en has been refunded", u"Your order has been refunded."_s},
        {"en we have refunded", u"We have refunded you in full."_s},
        {"en credited to your account", u"38.00 USD was credited to your account."_s},
        {"en you have received", u"You have received the refund."_s},
        {"en refund completed", u"REFUND COMPLETED."_s},
        {"ru вернулись", u"Деньги вернулись на карту."_s},
        {"ru возвращены", u"Деньги возвращены."_s},
        {"ru завершён", u"Возврат завершён."_s},
        {"ru поступили", u"Деньги уже поступили."_s},
        {"ru на вашей карте", u"Деньги уже на вашей карте."_s},
        {"ru выполнен", u"Возврат выполнен."_s},
        {"uk повернуто", u"Кошти повернуто."_s},
        {"uk надійшли", u"Кошти вже надійшли."_s},
        {"uk завершено", u"Повернення завершено."_s},
        {"uk на вашій картці", u"Кошти вже на вашій картці."_s},
        {"uk виконано", u"Повернення виконано."_s},
    };
    return list;
}

// What may be said about such a refund: issued, accepted, on its way, or arrival hedged.
const std::vector<Sample> &onItsWayTexts()
{
    static const std::vector<Sample> list = {
        {"en issued on its way", u"Your refund has been issued and is on its way."_s},
        {"en accepted", u"The provider accepted your refund; it can take 5 to 10 days to reach "
                        "your card."_s},
        {"en once arrived", u"You will see it on your statement once it has arrived."_s},
        {"en not arrived yet", u"The money has not arrived yet, but the refund is issued."_s},
        {"ru оформлен в пути", u"Возврат оформлен и уже в пути."_s},
        {"ru дойдут", u"Деньги дойдут до вашей карты за 5–10 рабочих дней."_s},
        {"uk оформлено в дорозі", u"Повернення оформлено й уже в дорозі."_s},
        {"uk дійдуть", u"Кошти дійдуть до вашої картки за 5–10 робочих днів."_s},
    };
    return list;
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
    void everyTemplateReadsRightForEveryKind_data();
    void everyTemplateReadsRightForEveryKind();
    void pendingRefundOffersIssuedNotRefunded();
    void arrivalClaimsWaitForTheProvider_data();
    void arrivalClaimsWaitForTheProvider();
    void onItsWayPassesWhilePending_data();
    void onItsWayPassesWhilePending();
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
    QTest::addColumn<ops::OperationKind>("kind");
    for (const QString &language : messageLanguages())
        for (const MessageTemplate t : shippedTemplates())
            for (const OperationKind kind : allKinds())
                for (const OperationState state : allStates()) {
                    if (!templateFitsKind(t, kind))
                        continue;
                    const bool honestAnywhere =
                        t == MessageTemplate::Checking || t == MessageTemplate::NotConfirmed;
                    const bool success = t == MessageTemplate::Refunded ||
                                         t == MessageTemplate::Issued ||
                                         t == MessageTemplate::Credited;
                    const bool allowed =
                        honestAnywhere || (state == OperationState::Succeeded && success) ||
                        (state == OperationState::Failed && t == MessageTemplate::Failed);
                    QTest::addRow("%s %s %s / %s", qPrintable(language), qPrintable(toString(t)),
                                  qPrintable(toString(kind)), qPrintable(toString(state)))
                        << language << t << state << allowed << kind;
                }
}

void TestTruthGuard::shippedTemplatesAgreeWithGuard()
{
    QFETCH(QString, language);
    QFETCH(ops::MessageTemplate, tmpl);
    QFETCH(ops::OperationState, state);
    QFETCH(bool, allowed);
    QFETCH(ops::OperationKind, kind);
    const RenderedMessage r = MessageTemplates::render(tmpl, language, facts(kind));
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
          MessageTemplate::Issued, MessageTemplate::Failed}) {
        QVERIFY(!MessageTemplates::title(t, language).isEmpty());
        const RenderedMessage r = MessageTemplates::render(t, language, facts());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY2(r.body.contains(u"38.00 USD"_s), qPrintable(r.body));
        QVERIFY2(!r.body.contains(u'{') && !r.body.contains(u'}'), qPrintable(r.body));
        if (MessageTemplates::rawBody(t, language).contains(u"{order}"_s))
            QVERIFY(r.body.contains(u"4417"_s));
        if (t == MessageTemplate::Refunded || t == MessageTemplate::Issued)
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

void TestTruthGuard::everyTemplateReadsRightForEveryKind_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<ops::MessageTemplate>("tmpl");
    QTest::addColumn<ops::OperationKind>("kind");
    for (const QString &language : messageLanguages())
        for (const MessageTemplate t : shippedTemplates())
            for (const OperationKind kind : allKinds())
                QTest::addRow("%s %s × %s", qPrintable(language), qPrintable(toString(t)),
                              qPrintable(toString(kind)))
                    << language << t << kind;
}

void TestTruthGuard::everyTemplateReadsRightForEveryKind()
{
    QFETCH(QString, language);
    QFETCH(ops::MessageTemplate, tmpl);
    QFETCH(ops::OperationKind, kind);
    const MessageFacts f = facts(kind);
    const RenderedMessage r = MessageTemplates::render(tmpl, language, f);
    if (!templateFitsKind(tmpl, kind)) {
        // Refunded/issued for a credit movement, credited for a refund: refused, never sent
        // with the wrong words — and never offered.
        QVERIFY(r.body.isEmpty());
        QVERIFY2(r.error.contains(u"does not apply"_s), qPrintable(r.error));
        for (const OperationState state : allStates())
            QVERIFY(!allowedTemplates(state, kind, u"pending"_s).contains(tmpl) &&
                    !allowedTemplates(state, kind).contains(tmpl));
        return;
    }
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QVERIFY(!MessageTemplates::title(tmpl, language, kind).isEmpty());
    QVERIFY2(!r.body.contains(u'{') && !r.body.contains(u'}'), qPrintable(r.body));
    QVERIFY2(!r.body.contains(u"()"_s) && !r.body.contains(u"  "_s), qPrintable(r.body));
    const QString body = r.body.toLower();
    const KindWords words = kindWords(language);
    if (kind == OperationKind::Refund) {
        QVERIFY2(r.body.contains(u"38.00 USD"_s), qPrintable(r.body));
        QVERIFY2(r.body.contains(u"4417"_s), qPrintable(r.body));
        return;
    }
    for (const QString &w : words.refund)
        QVERIFY2(!body.contains(w), qPrintable(u"\u201c%1\u201d in: %2"_s.arg(w, r.body)));
    for (const QString &w : words.order)
        QVERIFY2(!body.contains(w), qPrintable(u"\u201c%1\u201d in: %2"_s.arg(w, r.body)));
    QVERIFY2(body.contains(words.reference + f.work), qPrintable(r.body));
    if (kind == OperationKind::Execution)
        QVERIFY2(!body.contains(u"credits"_s), qPrintable(r.body));
    else
        QVERIFY2(r.body.contains(u"250 credits"_s) || r.body.contains(u"250 CREDITS"_s),
                 qPrintable(r.body));
}

void TestTruthGuard::pendingRefundOffersIssuedNotRefunded()
{
    using T = MessageTemplate;
    const auto succeeded = OperationState::Succeeded;
    QVERIFY(allowedTemplates(succeeded, OperationKind::Refund, u"pending"_s) ==
            (QList<T>{T::Issued, T::Custom}));
    QVERIFY(allowedTemplates(succeeded, OperationKind::Refund, u"succeeded"_s) ==
            (QList<T>{T::Refunded, T::Custom}));
    // Only refunds have a provider "pending" that means the money is still on its way here.
    QVERIFY(allowedTemplates(succeeded, OperationKind::CreditTopup, u"pending"_s) ==
            (QList<T>{T::Credited, T::Custom}));
    QVERIFY(messageTemplateFromString(u"issued"_s) == T::Issued);
    for (const QString &language : messageLanguages()) {
        const RenderedMessage issued = MessageTemplates::render(T::Issued, language, facts());
        QVERIFY2(issued.error.isEmpty(), qPrintable(issued.error));
        const GuardVerdict ok = TruthGuard::check(succeeded, u"pending"_s, issued.body);
        QVERIFY2(ok.allowed, qPrintable(issued.body + u" → "_s + ok.reason));
        // Still a success claim: never while the row is open or unknown, or after a failure.
        for (const auto state :
             {OperationState::Open, OperationState::Unknown, OperationState::Failed})
            QVERIFY2(!TruthGuard::check(state, issued.body).allowed, qPrintable(issued.body));

        const RenderedMessage refunded = MessageTemplates::render(T::Refunded, language, facts());
        const GuardVerdict refused = TruthGuard::check(succeeded, u"pending"_s, refunded.body);
        QVERIFY2(!refused.allowed, qPrintable(refunded.body));
        QVERIFY2(refused.reason.contains(u"pending"_s), qPrintable(refused.reason));
        QVERIFY(TruthGuard::check(succeeded, u"succeeded"_s, refunded.body).allowed);
    }
}

void TestTruthGuard::arrivalClaimsWaitForTheProvider_data()
{
    QTest::addColumn<QString>("text");
    for (const Sample &s : arrivalClaims())
        QTest::newRow(s.tag) << s.text;
}

void TestTruthGuard::arrivalClaimsWaitForTheProvider()
{
    QFETCH(QString, text);
    const GuardVerdict pending = TruthGuard::check(OperationState::Succeeded, u"pending"_s, text);
    QVERIFY2(!pending.allowed, "an arrival claim passed while the provider reports pending");
    QVERIFY(pending.offending);
    QVERIFY2(pending.reason.contains(pending.offending->phrase), qPrintable(pending.reason));
    QVERIFY2(TruthGuard::check(OperationState::Succeeded, u"succeeded"_s, text).allowed,
             "the claim is true once the provider reports succeeded");
}

void TestTruthGuard::onItsWayPassesWhilePending_data()
{
    QTest::addColumn<QString>("text");
    for (const Sample &s : onItsWayTexts())
        QTest::newRow(s.tag) << s.text;
}

void TestTruthGuard::onItsWayPassesWhilePending()
{
    QFETCH(QString, text);
    const GuardVerdict v = TruthGuard::check(OperationState::Succeeded, u"pending"_s, text);
    QVERIFY2(v.allowed, qPrintable(v.reason));
}

QTEST_GUILESS_MAIN(TestTruthGuard)
#include "tst_truthguard.moc"
