<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="uk" sourcelanguage="en">
<context>
    <name>ops::AgentListModel</name>
    <message>
        <source>active</source>
        <translation>активний</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>відкликаний</translation>
    </message>
    <message>
        <source>max %1</source>
        <translation>макс. %1</translation>
    </message>
    <message>
        <source>%1 a day</source>
        <translation>%1 на добу</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/с</translation>
    </message>
    <message>
        <source>no limits</source>
        <translation>без лімітів</translation>
    </message>
    <message>
        <source>never</source>
        <translation>ніколи</translation>
    </message>
    <message>
        <source>Agent %1, added by %2 at %3</source>
        <translation>Агент %1, додав %2, %3</translation>
    </message>
    <message>
        <source>Last changed by %1 at %2</source>
        <translation>Остання зміна: %1, %2</translation>
    </message>
    <message>
        <source>Revoked at %1: its token is refused</source>
        <translation>Відкликаний %1: його токен відхиляється</translation>
    </message>
    <message>
        <source>After a rotation the previous token works until %1</source>
        <translation>Після ротації попередній токен діє до %1</translation>
    </message>
    <message>
        <source>Operations opened in the last 24 h: %1</source>
        <translation>Операцій відкрито за останні 24 год: %1</translation>
    </message>
    <message>
        <source>Last call at %1</source>
        <translation>Останній виклик: %1</translation>
    </message>
    <message>
        <source>No call yet</source>
        <translation>Викликів ще не було</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Агент</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Стан</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Ліміти</translation>
    </message>
    <message>
        <source>Used 24 h</source>
        <translation>За 24 год</translation>
    </message>
    <message>
        <source>Last call</source>
        <translation>Останній виклик</translation>
    </message>
</context>
<context>
    <name>ops::AgentRequestModel</name>
    <message>
        <source>over the per-refund limit</source>
        <translation>понад ліміт на одне повернення</translation>
    </message>
    <message>
        <source>over the daily limit</source>
        <translation>понад денний ліміт</translation>
    </message>
    <message>
        <source>Asked by %1 at %2</source>
        <translation>Запит від %1 о %2</translation>
    </message>
    <message>
        <source>The agent&apos;s per-refund limit is now %1</source>
        <translation>Ліміт агента на одне повернення зараз: %1</translation>
    </message>
    <message>
        <source>The agent&apos;s daily limit is now %1</source>
        <translation>Денний ліміт агента зараз: %1</translation>
    </message>
    <message>
        <source>Charge %1</source>
        <translation>Платіж %1</translation>
    </message>
    <message>
        <source>Nothing has been sent: approving sends the stored request with its key once.</source>
        <translation>Нічого не надіслано: схвалення надішле збережений запит з його ключем один раз.</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сума</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Замовлення</translation>
    </message>
    <message>
        <source>Why it stopped</source>
        <translation>Чому зупинено</translation>
    </message>
    <message>
        <source>Asked at (UTC)</source>
        <translation>Час запиту (UTC)</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операція</translation>
    </message>
    <message>
        <source>above the four-eyes threshold</source>
        <translation>вище порогу чотирьох очей</translation>
    </message>
    <message>
        <source>%1 (person)</source>
        <translation>%1 (людина)</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>Хто запитав</translation>
    </message>
</context>
<context>
    <name>ops::ApplyPreviewModel</name>
    <message>
        <source>resend with the stored key</source>
        <translation>повторно надіслати зі збереженим ключем</translation>
    </message>
    <message>
        <source>close as succeeded (%1)</source>
        <translation>закрити як успішну (%1)</translation>
    </message>
    <message>
        <source>close as failed</source>
        <translation>закрити як неуспішну</translation>
    </message>
    <message>
        <source>one attempt with key %1</source>
        <translation>одна спроба з ключем %1</translation>
    </message>
    <message>
        <source>No proposal</source>
        <translation>Немає пропозиції</translation>
    </message>
    <message>
        <source>No such proposal</source>
        <translation>Такої пропозиції немає</translation>
    </message>
    <message>
        <source>Proposal decided</source>
        <translation>Щодо пропозиції вже ухвалено рішення</translation>
    </message>
    <message>
        <source>Row closed</source>
        <translation>Рядок закрито</translation>
    </message>
    <message>
        <source>Not in checking</source>
        <translation>Не в черзі перевірки</translation>
    </message>
    <message>
        <source>Newer evidence</source>
        <translation>Є новіші докази</translation>
    </message>
    <message>
        <source>Conflicting evidence</source>
        <translation>Докази суперечать один одному</translation>
    </message>
    <message>
        <source>Changed since preview</source>
        <translation>Змінилося після попереднього перегляду</translation>
    </message>
    <message>
        <source>Past the window</source>
        <translation>Вікно закрилося</translation>
    </message>
    <message>
        <source>Leased by a colleague</source>
        <translation>Зайнятий колегою</translation>
    </message>
    <message>
        <source>Awaiting approval</source>
        <translation>Очікує погодження</translation>
    </message>
    <message>
        <source>Not permitted</source>
        <translation>Недостатньо прав</translation>
    </message>
    <message>
        <source>Resend elsewhere</source>
        <translation>Повторне надсилання окремо</translation>
    </message>
    <message>
        <source>Excluded — %1: %2</source>
        <translation>Виключено — %1: %2</translation>
    </message>
    <message>
        <source>Approval request: %1</source>
        <translation>Запит на погодження: %1</translation>
    </message>
    <message>
        <source>Sent for approval</source>
        <translation>Надіслано на погодження</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Помилка: %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операція</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сума</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>Пропозиція</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Докази</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Попередній перегляд</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>виконано</translation>
    </message>
    <message>
        <source>closed as failed</source>
        <translation>закрито як неуспішне</translation>
    </message>
    <message>
        <source>still unknown</source>
        <translation>результат досі невідомий</translation>
    </message>
    <message>
        <source>%1. Warning: the provider stored an answer under this key and replays it; a resend cannot finish this refund (close it as failed and start a new refund).</source>
        <translation>%1. Увага: провайдер зберіг відповідь під цим ключем і повторює її; повторне надсилання не завершить це повернення (закрийте його як неуспішне й почніть нове повернення).</translation>
    </message>
    <message>
        <source>Closed: %1</source>
        <translation>Закрито: %1</translation>
    </message>
    <message>
        <source>Resent: %1</source>
        <translation>Надіслано повторно: %1</translation>
    </message>
    <message>
        <source>Resent: %1 — %2</source>
        <translation>Надіслано повторно: %1 — %2</translation>
    </message>
</context>
<context>
    <name>ops::ApprovalListModel</name>
    <message>
        <source>support</source>
        <translation>підтримка</translation>
    </message>
    <message>
        <source>supervisor</source>
        <translation>супервайзер</translation>
    </message>
    <message>
        <source>%1 (not an operator)</source>
        <translation>%1 (не оператор)</translation>
    </message>
    <message>
        <source>%1 (disabled)</source>
        <translation>%1 (вимкнений)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>очікує</translation>
    </message>
    <message>
        <source>approved</source>
        <translation>схвалено</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>відхилено</translation>
    </message>
    <message>
        <source>used</source>
        <translation>використано</translation>
    </message>
    <message>
        <source>close</source>
        <translation>закриття</translation>
    </message>
    <message>
        <source>resend</source>
        <translation>повторне надсилання</translation>
    </message>
    <message>
        <source>resend once with the stored key</source>
        <translation>повторно надіслати один раз зі збереженим ключем</translation>
    </message>
    <message>
        <source>close as %1%2: %3 — evidence %4</source>
        <translation>закрити зі статусом «%1»%2: %3 — докази %4</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Approval</source>
        <translation>Погодження</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операція</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Дія</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сума</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>Хто запитав</translation>
    </message>
    <message>
        <source>Asked at</source>
        <translation>Запитано</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Запит</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Стан</translation>
    </message>
</context>
<context>
    <name>ops::AttemptTableModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 мс</translation>
    </message>
    <message>
        <source>replayed</source>
        <translation>повтор відповіді</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Час</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Хто</translation>
    </message>
    <message>
        <source>HTTP</source>
        <translation>HTTP</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>Затримка</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>Повтор відповіді</translation>
    </message>
    <message>
        <source>Provider request</source>
        <translation>Запит у провайдера</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Транспорт</translation>
    </message>
    <message>
        <source>%1 (operator resend)</source>
        <translation>%1 (повторне надсилання оператором)</translation>
    </message>
</context>
<context>
    <name>ops::AttentionModel</name>
    <message>
        <source>Operation</source>
        <translation>Операція</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сума</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Стан</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Raised at</source>
        <translation>Коли позначено</translation>
    </message>
    <message>
        <source>Raised by</source>
        <translation>Ким позначено</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>поки немає</translation>
    </message>
    <message>
        <source>Webhook receiver running · last event %1</source>
        <translation>Приймач вебхуків працює · остання подія %1</translation>
    </message>
    <message>
        <source>Webhook receiver not running (last seen %1) · last event %2</source>
        <translation>Приймач вебхуків не працює (востаннє — %1) · остання подія %2</translation>
    </message>
    <message>
        <source>No webhook receiver has run · last event %1</source>
        <translation>Приймач вебхуків ще жодного разу не запускався · остання подія %1</translation>
    </message>
    <message>
        <source>Last heartbeat %1</source>
        <translation>Останній сигнал активності %1</translation>
    </message>
    <message>
        <source>Last event %1</source>
        <translation>Остання подія %1</translation>
    </message>
    <message>
        <source>Listening at %1</source>
        <translation>Адреса приймання: %1</translation>
    </message>
</context>
<context>
    <name>ops::AuditEntryModel</name>
    <message>
        <source>Entry</source>
        <translation>Запис</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Час</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Хто</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Дія</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операція</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Подробиці</translation>
    </message>
</context>
<context>
    <name>ops::AuditTableModel</name>
    <message>
        <source>hash %1
previous %2</source>
        <translation>геш %1
попередній %2</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Час</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Хто</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Дія</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Подробиці</translation>
    </message>
</context>
<context>
    <name>ops::BatchPreviewModel</name>
    <message>
        <source>refunded</source>
        <translation>повернено</translation>
    </message>
    <message>
        <source>received by the provider, not yet final</source>
        <translation>отримано провайдером, ще не остаточно</translation>
    </message>
    <message>
        <source>checking — outcome unknown</source>
        <translation>на перевірці — результат невідомий</translation>
    </message>
    <message>
        <source>not confirmed yet</source>
        <translation>ще не підтверджено</translation>
    </message>
    <message>
        <source>waits for approval</source>
        <translation>чекає погодження</translation>
    </message>
    <message>
        <source>failed at the provider</source>
        <translation>не пройшло в провайдера</translation>
    </message>
    <message>
        <source>rejected, nothing sent</source>
        <translation>відхилено, нічого не надіслано</translation>
    </message>
    <message>
        <source>error</source>
        <translation>з помилкою</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>не виконано</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Рядок</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Замовлення</translation>
    </message>
    <message>
        <source>Charge or payment</source>
        <translation>Платіж</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сума</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Посилання</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Перевірка</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>already run as %1</source>
        <translation>вже виконано як %1</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>готово</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 — from the earlier run</source>
        <translation>%1 — з попереднього запуску</translation>
    </message>
</context>
<context>
    <name>ops::DetailModels</name>
    <message>
        <source>%1 bytes of %2
SHA-256 %3</source>
        <translation>%1 байтів, %2
SHA-256 %3</translation>
    </message>
</context>
<context>
    <name>ops::EventListModel</name>
    <message>
        <source>verified webhook</source>
        <translation>перевірений вебхук</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>імпортовано</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>застосовано</translation>
    </message>
    <message>
        <source>ignored</source>
        <translation>проігноровано</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Увага</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 (received %2)</source>
        <translation>%1 (отримано %2)</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Створено</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Об&apos;єкт</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Джерело</translation>
    </message>
    <message>
        <source>Outcome</source>
        <translation>Результат</translation>
    </message>
</context>
<context>
    <name>ops::EvidenceListModel</name>
    <message>
        <source>%1 · %2 bytes · SHA-256 %3</source>
        <translation>%1 · %2 байтів · SHA-256 %3</translation>
    </message>
    <message>
        <source>%1. %2 — %3, %4 by %5</source>
        <translation>%1. %2 — %3, %4, додав %5</translation>
    </message>
</context>
<context>
    <name>ops::MessageTableModel</name>
    <message>
        <source>pending</source>
        <translation>у черзі</translation>
    </message>
    <message>
        <source>copied</source>
        <translation>скопійовано</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>надіслано</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не доставлено</translation>
    </message>
    <message>
        <source>copied by %1</source>
        <translation>скопіював %1</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>Додано до черги</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Стан</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Шаблон</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Мова</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Розмова</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Спроби</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Текст</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>невідомо</translation>
    </message>
    <message>
        <source>internal note</source>
        <translation>внутрішня нотатка</translation>
    </message>
</context>
<context>
    <name>ops::OperationTableModel</name>
    <message>
        <source>not started</source>
        <translation>не розпочато</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>закрито</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операція</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>Об&apos;єкт</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сума</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Стан</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Спроби</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation>Остання спроба</translation>
    </message>
    <message>
        <source>Window left</source>
        <translation>Залишок вікна</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Докази</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Вік</translation>
    </message>
    <message>
        <source>%1d %2h</source>
        <translation>%1 д %2 год</translation>
    </message>
    <message>
        <source>%1h %2m</source>
        <translation>%1 год %2 хв</translation>
    </message>
    <message>
        <source>%1m %2s</source>
        <translation>%1 хв %2 с</translation>
    </message>
    <message>
        <source>%1s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>refund</source>
        <translation>повернення</translation>
    </message>
    <message>
        <source>credit top-up</source>
        <translation>поповнення кредитів</translation>
    </message>
    <message>
        <source>credit charge</source>
        <translation>списання кредитів</translation>
    </message>
    <message>
        <source>credit adjust</source>
        <translation>коригування кредитів</translation>
    </message>
    <message>
        <source>execution</source>
        <translation>виконання</translation>
    </message>
    <message>
        <source>open</source>
        <translation>відкрита</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>невідомо</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>успішна</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>неуспішна</translation>
    </message>
    <message>
        <source>accepted · pending</source>
        <translation>прийнято · в обробці</translation>
    </message>
    <message>
        <source>The provider accepted the refund and still reports it pending: the money is on its way, not arrived.</source>
        <translation>Провайдер прийняв повернення, але досі повідомляє, що воно в обробці: кошти в дорозі, але ще не дійшли.</translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n год</numerusform>
            <numerusform>%n год</numerusform>
            <numerusform>%n год</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n хв</numerusform>
            <numerusform>%n хв</numerusform>
            <numerusform>%n хв</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n s</source>
        <translation>
            <numerusform>%n с</numerusform>
            <numerusform>%n с</numerusform>
            <numerusform>%n с</numerusform>
        </translation>
    </message>
    <message>
        <source>The window ends when the provider forgets the key.</source>
        <translation>Вікно закінчується, коли провайдер забуває ключ.</translation>
    </message>
    <message>
        <source>The window ends %1 before the provider forgets the key, so a late resend never reaches a provider that no longer knows it.</source>
        <translation>Вікно закінчується за %1 до того, як провайдер забуде ключ, щоб пізнє повторне надсилання не потрапило до провайдера, який цього ключа вже не знає.</translation>
    </message>
    <message>
        <source>Resend possible until %1 (%2).</source>
        <translation>Повторне надсилання можливе до %1 (%2).</translation>
    </message>
    <message>
        <source>%1 + %2 by operator</source>
        <translation>%1 + %2 оператором</translation>
    </message>
    <message>
        <source>%1
Idempotency key — Ctrl+Shift+C copies it</source>
        <translation>%1
Ключ ідемпотентності — Ctrl+Shift+C копіює його</translation>
    </message>
    <message>
        <source>awaiting approval</source>
        <translation>чекає на схвалення</translation>
    </message>
    <message>
        <source>received · pending</source>
        <translation>отримано · в обробці</translation>
    </message>
    <message>
        <source>The provider received the refund and will confirm it by notification: it is being processed, not done.</source>
        <translation>Провайдер отримав повернення і підтвердить його сповіщенням: воно обробляється, але ще не виконане.</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Очікує</translation>
    </message>
    <message>
        <source>proposal: resend</source>
        <translation>пропозиція: повторно надіслати</translation>
    </message>
    <message>
        <source>proposal: close succeeded</source>
        <translation>пропозиція: закрити як успішну</translation>
    </message>
    <message>
        <source>proposal: close failed</source>
        <translation>пропозиція: закрити як неуспішну</translation>
    </message>
    <message>
        <source>The reconciler proposes resending this operation with the stored key; a person carries it out or decides otherwise.</source>
        <translation>Звірка пропонує повторно надіслати цю операцію зі збереженим ключем; виконати це або вирішити інакше має людина.</translation>
    </message>
    <message>
        <source>The reconciler proposes closing this operation as succeeded; a person applies it or decides otherwise.</source>
        <translation>Звірка пропонує закрити цю операцію як успішну; застосувати це або вирішити інакше має людина.</translation>
    </message>
    <message>
        <source>The reconciler proposes closing this operation as failed; a person applies it or decides otherwise.</source>
        <translation>Звірка пропонує закрити цю операцію як неуспішну; застосувати це або вирішити інакше має людина.</translation>
    </message>
    <message>
        <source>resend it with the stored key</source>
        <translation>повторно надіслати її зі збереженим ключем</translation>
    </message>
    <message>
        <source>close it</source>
        <translation>закрити її</translation>
    </message>
    <message>
        <source>Waiting on approval #%1: %2 asked to %3.</source>
        <translation>Очікує погодження #%1: %2 просить %3.</translation>
    </message>
    <message>
        <source>A supervisor other than %1 decides it, and none is active: add or enable a second supervisor.</source>
        <translation>Рішення ухвалює супервайзер, але не %1, а активного такого супервайзера немає: додайте або увімкніть другого супервайзера.</translation>
    </message>
    <message>
        <source>A supervisor other than %1 decides it: %2.</source>
        <translation>Рішення ухвалює супервайзер, але не %1: %2.</translation>
    </message>
    <message>
        <source>%1 is resending this operation right now (until %2); wait for the result before acting on it.</source>
        <translation>%1 саме зараз повторно надсилає цю операцію (до %2); дочекайтеся результату, перш ніж щось із нею робити.</translation>
    </message>
    <message>
        <source>%1 is resending</source>
        <translation>%1 надсилає повторно</translation>
    </message>
    <message>
        <source>approval #%1 (asked by %2; another supervisor decides)</source>
        <translation>погодження #%1 (запит від %2; вирішує інший супервайзер)</translation>
    </message>
    <message>
        <source>%1 since %2</source>
        <translation>%1 з %2</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Власник</translation>
    </message>
</context>
<context>
    <name>ops::ReasonText</name>
    <message>
        <source>provider answered %1; the outcome is undefined</source>
        <translation>провайдер відповів %1; результат не визначено</translation>
    </message>
    <message>
        <source>provider holds a different request under this key</source>
        <translation>провайдер зберігає під цим ключем інший запит</translation>
    </message>
    <message>
        <source>attempt cap reached without an answer</source>
        <translation>ліміт спроб вичерпано без відповіді</translation>
    </message>
    <message>
        <source>provider answer could not be read</source>
        <translation>відповідь провайдера не вдалося прочитати</translation>
    </message>
    <message>
        <source>provider returned a refund that is not this operation&apos;s</source>
        <translation>провайдер повернув повернення, яке не належить цій операції</translation>
    </message>
    <message>
        <source>provider returned a movement that is not this operation&apos;s</source>
        <translation>провайдер повернув рух, який не належить цій операції</translation>
    </message>
    <message>
        <source>provider returned an execution that is not this operation&apos;s</source>
        <translation>провайдер повернув виконання, яке не належить цій операції</translation>
    </message>
    <message>
        <source>provider refused: %1</source>
        <translation>провайдер відмовив: %1</translation>
    </message>
    <message>
        <source>attempt cap reached</source>
        <translation>ліміт спроб вичерпано</translation>
    </message>
    <message>
        <source>retention window closed</source>
        <translation>вікно зберігання ключа закрилося</translation>
    </message>
    <message>
        <source>a resend proposal is applied by resending %1 with its stored key</source>
        <translation>пропозицію повторного надсилання виконують повторним надсиланням %1 зі збереженим ключем</translation>
    </message>
    <message>
        <source>close %1 as failed</source>
        <translation>закрити %1 як неуспішну</translation>
    </message>
    <message>
        <source>close %1 as succeeded</source>
        <translation>закрити %1 як успішну</translation>
    </message>
    <message>
        <source>above the four-eyes threshold: an approval request to close %1 as failed</source>
        <translation>вище порогу чотирьох очей: запит на погодження закриття %1 як неуспішної</translation>
    </message>
    <message>
        <source>above the four-eyes threshold: an approval request to close %1 as succeeded</source>
        <translation>вище порогу чотирьох очей: запит на погодження закриття %1 як успішної</translation>
    </message>
    <message>
        <source>the retention window of %1 closed at %2: no resend</source>
        <translation>вікно зберігання ключа %1 закрилося %2: повторне надсилання неможливе</translation>
    </message>
    <message>
        <source>evidence #%1 came after proposal #%2 and may change it</source>
        <translation>доказ #%1 надійшов після пропозиції #%2 і може її змінити</translation>
    </message>
    <message>
        <source>the row needs attention: %1</source>
        <translation>рядок потребує уваги: %1</translation>
    </message>
    <message>
        <source>%1 was changed after the preview; preview again</source>
        <translation>%1 змінилася після попереднього перегляду; перегляньте ще раз</translation>
    </message>
    <message>
        <source>%1 is resending %2 right now</source>
        <translation>%1 зараз повторно надсилає %2</translation>
    </message>
    <message>
        <source>a close of %1 already waits for approval #%2</source>
        <translation>закриття %1 вже чекає погодження #%2</translation>
    </message>
    <message>
        <source>%1 has no open proposal</source>
        <translation>для %1 немає відкритої пропозиції</translation>
    </message>
    <message>
        <source>%1 has already succeeded</source>
        <translation>%1 вже успішна</translation>
    </message>
    <message>
        <source>%1 has already failed</source>
        <translation>%1 вже неуспішна</translation>
    </message>
    <message>
        <source>proposal %1 is superseded</source>
        <translation>пропозицію %1 замінено новішою</translation>
    </message>
    <message>
        <source>proposal %1 is applied</source>
        <translation>пропозицію %1 вже застосовано</translation>
    </message>
    <message>
        <source>proposal %1 waits for approval</source>
        <translation>пропозиція %1 чекає погодження</translation>
    </message>
    <message>
        <source>no such operation: %1</source>
        <translation>немає такої операції: %1</translation>
    </message>
    <message>
        <source>proposal %1 is withdrawn</source>
        <translation>пропозицію %1 відкликано</translation>
    </message>
    <message>
        <source>Resend is off: the operation has already succeeded.</source>
        <translation>Повторне надсилання недоступне: операція вже успішна.</translation>
    </message>
    <message>
        <source>Resend is off: the operation has already failed.</source>
        <translation>Повторне надсилання недоступне: операція вже завершилася невдачею.</translation>
    </message>
    <message>
        <source>Resend is off: the row is open and automation still owns it; resend is for rows in the checking queue.</source>
        <translation>Повторне надсилання недоступне: рядок відкритий і ним ще займається автоматика; повторне надсилання — для рядків у черзі перевірки.</translation>
    </message>
    <message>
        <source>Resend is off: the retention window closed at %1; the provider no longer knows the key, so a resend could pay twice. Close it with evidence instead.</source>
        <translation>Повторне надсилання недоступне: вікно зберігання закрилося о %1; провайдер більше не знає ключ, і повторне надсилання могло б заплатити двічі. Натомість закрийте її з доказами.</translation>
    </message>
    <message>
        <source>Resend is off: %1 is resending this operation right now (lease until %2).</source>
        <translation>Повторне надсилання недоступне: %1 саме зараз повторно надсилає цю операцію (оренда до %2).</translation>
    </message>
    <message>
        <source>provider accepted the refund</source>
        <translation>провайдер прийняв повернення</translation>
    </message>
    <message>
        <source>provider replayed the stored answer</source>
        <translation>провайдер повторив збережену відповідь</translation>
    </message>
    <message>
        <source>provider applied the movement</source>
        <translation>провайдер провів рух</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>в обробці</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>успішно</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>невдало</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>скасовано</translation>
    </message>
    <message>
        <source>requires action</source>
        <translation>потребує дії</translation>
    </message>
    <message>
        <source>received</source>
        <translation>отримано</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>у черзі</translation>
    </message>
    <message>
        <source>provider settled it; automatic closes are off</source>
        <translation>провайдер вирішив результат; автоматичне закриття вимкнено</translation>
    </message>
    <message>
        <source>running</source>
        <translation>виконується</translation>
    </message>
    <message>
        <source>amount &apos;%1&apos; is not an amount in %2 such as %3</source>
        <translation>сума &apos;%1&apos; не є сумою в %2 на зразок %3</translation>
    </message>
    <message>
        <source>amount must be more than zero</source>
        <translation>сума має бути більшою за нуль</translation>
    </message>
    <message>
        <source>unknown currency &apos;%1&apos;</source>
        <translation>невідома валюта &apos;%1&apos;</translation>
    </message>
    <message>
        <source>column &apos;%1&apos; is missing</source>
        <translation>немає стовпця &apos;%1&apos;</translation>
    </message>
    <message>
        <source>a field holds a line break</source>
        <translation>поле містить перенесення рядка</translation>
    </message>
    <message>
        <source>the file is empty: it needs a header line and at least one refund</source>
        <translation>файл порожній: потрібен рядок заголовка і хоча б одне повернення</translation>
    </message>
    <message>
        <source>the provider has no charge %1</source>
        <translation>у провайдера немає платежу %1</translation>
    </message>
    <message>
        <source>%1 is more than the %2 left to refund on %3 after the file&apos;s earlier rows</source>
        <translation>%1 більше, ніж %2, що лишилися до повернення за %3 після попередніх рядків файлу</translation>
    </message>
    <message>
        <source>%1 is more than the %2 left to refund on %3</source>
        <translation>%1 більше, ніж %2, що лишилися до повернення за %3</translation>
    </message>
</context>
<context>
    <name>ops::RefundTallyModel</name>
    <message>
        <source>No reason code</source>
        <translation>Без коду причини</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Дублікат</translation>
    </message>
    <message>
        <source>Fraudulent</source>
        <translation>Шахрайство</translation>
    </message>
    <message>
        <source>Requested by the customer</source>
        <translation>На прохання клієнта</translation>
    </message>
    <message>
        <source>Product not received</source>
        <translation>Товар не отримано</translation>
    </message>
    <message>
        <source>Price adjustment</source>
        <translation>Коригування ціни</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Пакет</translation>
    </message>
    <message>
        <source>Refunds</source>
        <translation>Повернення</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Повернено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Неуспішна</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Перевірка</translation>
    </message>
    <message>
        <source>Money refunded</source>
        <translation>Повернена сума</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Останнє</translation>
    </message>
</context>
<context>
    <name>ops::console::BatchWorker</name>
    <message>
        <source>%1 above the batch threshold of %2</source>
        <translation>%1 — вище порогу для пакетів (%2)</translation>
    </message>
    <message>
        <source>Batch “%1” waits for a second supervisor (approval #%2, asked by %3): %4. Nothing was sent. Once another supervisor approves it (opsctl batch approve %1), run the same file again.</source>
        <translation>Пакет «%1» чекає на другого супервайзера (погодження #%2, запитав %3): %4. Нічого не надіслано. Коли інший супервайзер схвалить його (opsctl batch approve %1), запустіть той самий файл ще раз.</translation>
    </message>
    <message>
        <source>the file has problems; nothing was sent</source>
        <translation>у файлі є проблеми; нічого не надіслано</translation>
    </message>
</context>
<context>
    <name>ops::console::BulkWorker</name>
    <message>
        <source>no such operation</source>
        <translation>немає такої операції</translation>
    </message>
</context>
<context>
    <name>ops::console::ConnectionsService</name>
    <message>
        <source>No answer from %1: %2</source>
        <translation>Немає відповіді від %1: %2</translation>
    </message>
    <message>
        <source>Connected: %1 answered HTTP %2 to %3.</source>
        <translation>Підключено: %1 відповів HTTP %2 на %3.</translation>
    </message>
    <message>
        <source>Refused: HTTP %1 to %2 — %3</source>
        <translation>Відмова: HTTP %1 на %2 — %3</translation>
    </message>
    <message>
        <source>%1 is set in the environment and wins over this field.</source>
        <translation>%1 задано в оточенні, і воно має пріоритет над цим полем.</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>не задано</translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation>збережено: %1</translation>
    </message>
    <message>
        <source>from %1 %2</source>
        <translation>з %1 %2</translation>
    </message>
    <message>
        <source>%1 is set in the environment and wins over the saved file %2.</source>
        <translation>%1 задано в оточенні, і воно має пріоритет над збереженим файлом %2.</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>відмова</translation>
    </message>
    <message>
        <source>Stripe</source>
        <translation>Stripe</translation>
    </message>
    <message>
        <source>Slen</source>
        <translation>Slen</translation>
    </message>
    <message>
        <source>Helpdesk</source>
        <translation>Служба підтримки</translation>
    </message>
    <message>
        <source>Stripe webhook secret</source>
        <translation>Секрет вебхуків Stripe</translation>
    </message>
    <message>
        <source>the secret may contain no spaces or line breaks</source>
        <translation>секрет не може містити пробілів і переносів рядків</translation>
    </message>
    <message>
        <source>the project must be 1-128 characters</source>
        <translation>проєкт має містити від 1 до 128 символів</translation>
    </message>
    <message>
        <source>a LIVE key against the simulator or this machine (%1). A live key belongs with the real provider only.</source>
        <translation>бойовий (LIVE) ключ для симулятора або цього комп’ютера (%1). Бойовий ключ потрібен лише для справжнього провайдера.</translation>
    </message>
    <message>
        <source>a TEST key against %1, which is not the simulator: no real money will move.</source>
        <translation>тестовий (TEST) ключ для %1, а це не симулятор: справжні гроші не рухатимуться.</translation>
    </message>
    <message>
        <source>schema version %1</source>
        <translation>версія схеми %1</translation>
    </message>
    <message>
        <source>not set up yet (opsctl db migrate)</source>
        <translation>ще не підготовлена (opsctl db migrate)</translation>
    </message>
    <message>
        <source>schema version %1 of %2 (opsctl db migrate)</source>
        <translation>версія схеми %1 з %2 (opsctl db migrate)</translation>
    </message>
    <message>
        <source>Connected: %1 as %2; %3; %4.</source>
        <translation>Підключено: %1 як %2; %3; %4.</translation>
    </message>
    <message>
        <source>Cannot open: %1</source>
        <translation>Не вдалося відкрити: %1</translation>
    </message>
    <message>
        <source>Team database (PostgreSQL)</source>
        <translation>Командна база даних (PostgreSQL)</translation>
    </message>
    <message>
        <source>Server &amp;URL:</source>
        <translation>&amp;URL сервера:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Пароль:</translation>
    </message>
    <message>
        <source>This console uses %1. A saved change takes effect at its next start; --db wins over this field.</source>
        <translation>Ця консоль використовує %1. Збережена зміна набуде чинності під час наступного запуску; --db має пріоритет над цим полем.</translation>
    </message>
    <message>
        <source>an unusable location in %1</source>
        <translation>непридатне розташування в %1</translation>
    </message>
    <message>
        <source>a password needs a server URL</source>
        <translation>для пароля потрібен URL сервера</translation>
    </message>
    <message>
        <source>the team database is a postgresql:// URL; a SQLite file is chosen with --db or OPS_DB</source>
        <translation>командна база даних задається URL postgresql://; файл SQLite вибирається через --db або OPS_DB</translation>
    </message>
    <message>
        <source>the URL carries a password; put it in the Password field, where it is not shown or logged</source>
        <translation>в URL є пароль; вкажіть його в полі «Пароль», де він не показується й не потрапляє до журналу</translation>
    </message>
    <message>
        <source>a password needs the user name in the URL: postgresql://you@host/db</source>
        <translation>для пароля потрібне ім’я користувача в URL: postgresql://you@host/db</translation>
    </message>
    <message>
        <source>Empty: a start without --db or OPS_DB uses the embedded SQLite file %1.</source>
        <translation>Порожньо: запуск без --db і OPS_DB використовує вбудований файл SQLite %1.</translation>
    </message>
    <message>
        <source>%1 is an embedded SQLite file: there is no server to connect to.</source>
        <translation>%1 — вбудований файл SQLite: підключатися нема до чого.</translation>
    </message>
    <message>
        <source>saved</source>
        <translation>збережено</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>з %1</translation>
    </message>
    <message>
        <source>the password may contain no line breaks or control characters</source>
        <translation>пароль не може містити переносів рядків і керівних символів</translation>
    </message>
    <message>
        <source>Payment providers</source>
        <translation>Платежі</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Сповіщення</translation>
    </message>
    <message>
        <source>Adyen</source>
        <translation>Adyen</translation>
    </message>
    <message>
        <source>Adyen notifications (HMAC key)</source>
        <translation>Сповіщення Adyen (ключ HMAC)</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Ключ API:</translation>
    </message>
    <message>
        <source>&amp;Merchant account:</source>
        <translation>&amp;Обліковий запис продавця:</translation>
    </message>
    <message>
        <source>Live or test is the endpoint&apos;s: https://checkout-test.adyen.com is TEST.</source>
        <translation>LIVE чи TEST визначає адреса: https://checkout-test.adyen.com — це TEST.</translation>
    </message>
    <message>
        <source>HMAC key:</source>
        <translation>Ключ HMAC:</translation>
    </message>
    <message>
        <source>The 64 hex digits of the webhook&apos;s HMAC key in Adyen&apos;s Customer Area; two, comma-separated, while a new key is rolled out.</source>
        <translation>64 шістнадцяткові цифри ключа HMAC вебхука з Customer Area Adyen; два через кому, поки запроваджується новий ключ.</translation>
    </message>
    <message>
        <source>Team database</source>
        <translation>База команди</translation>
    </message>
    <message>
        <source>the merchant account is needed with an API key</source>
        <translation>з ключем API потрібен обліковий запис продавця</translation>
    </message>
    <message>
        <source>Adyen&apos;s HMAC key needs the merchant account its notifications are for (Payment providers → Adyen): without it opsctl serve does not start.</source>
        <translation>Ключу HMAC Adyen потрібен обліковий запис продавця, для якого надходять сповіщення (Платежі → Adyen): без нього opsctl serve не запуститься.</translation>
    </message>
    <message>
        <source>the saved key belongs to %1; type the key again to use it with %2</source>
        <translation>збережений ключ належить до %1; введіть ключ ще раз, щоб використовувати його з %2</translation>
    </message>
    <message>
        <source>Not sent: the configured key goes only to the saved URL. To check %1, type the key again.</source>
        <translation>Не надіслано: налаштований ключ надсилається лише на збережену URL-адресу. Щоб перевірити %1, введіть ключ ще раз.</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Кредити</translation>
    </message>
    <message>
        <source>&amp;Vendor:</source>
        <translation>&amp;Сервіс:</translation>
    </message>
    <message>
        <source>U&amp;ser e-mail:</source>
        <translation>E-mail &amp;користувача:</translation>
    </message>
    <message>
        <source>Zendesk and Gorgias: agent@example.com</source>
        <translation>Zendesk і Gorgias: agent@example.com</translation>
    </message>
    <message>
        <source>Aut&amp;hor:</source>
        <translation>&amp;Автор:</translation>
    </message>
    <message>
        <source>Intercom: the admin id; Gorgias: the sender&apos;s e-mail</source>
        <translation>Intercom: id адміністратора; Gorgias: e-mail відправника</translation>
    </message>
    <message>
        <source>choose a vendor</source>
        <translation>виберіть сервіс</translation>
    </message>
    <message>
        <source>&amp;URL or subdomain:</source>
        <translation>&amp;URL або піддомен:</translation>
    </message>
    <message>
        <source>acme (for acme.zendesk.com), or https://…</source>
        <translation>acme (для acme.zendesk.com) або https://…</translation>
    </message>
    <message>
        <source>API token:</source>
        <translation>API-токен:</translation>
    </message>
    <message>
        <source>Not connected to %1 at %2: %3</source>
        <translation>Немає підключення до %1 за адресою %2: %3</translation>
    </message>
    <message>
        <source>Connected to %1 at %2 as %3.</source>
        <translation>Підключено до %1 за адресою %2 як %3.</translation>
    </message>
</context>
<context>
    <name>ops::console::ConsoleConnections</name>
    <message>
        <source>provider-sim at %1, started by this console (--demo): no provider is reached.</source>
        <translation>provider-sim на %1, запущений цією консоллю (--demo): жоден провайдер не використовується.</translation>
    </message>
    <message>
        <source>Stripe</source>
        <translation>Stripe</translation>
    </message>
    <message>
        <source>Slen</source>
        <translation>Slen</translation>
    </message>
    <message>
        <source>%1 uses a live key %2</source>
        <translation>%1 використовує бойовий ключ %2</translation>
    </message>
    <message>
        <source>%1 uses a test key %2</source>
        <translation>%1 використовує тестовий ключ %2</translation>
    </message>
    <message>
        <source>No sk_test_/sk_live_ provider key is configured: see Tools → Connections.</source>
        <translation>Ключ провайдера sk_test_/sk_live_ не налаштовано: див. «Інструменти → Підключення».</translation>
    </message>
    <message>
        <source>Saved. This console keeps using %1; started without --db, it opens %2.</source>
        <translation>Збережено. Ця консоль і далі використовує %1; під час запуску без --db вона відкриє %2.</translation>
    </message>
    <message>
        <source>Adyen uses its live endpoint %1</source>
        <translation>Adyen використовує бойову адресу %1</translation>
    </message>
    <message>
        <source>Adyen uses its test endpoint</source>
        <translation>Adyen використовує тестову адресу</translation>
    </message>
</context>
<context>
    <name>ops::console::ConsoleController</name>
    <message>
        <source>Another action is still running.</source>
        <translation>Інша дія ще виконується.</translation>
    </message>
    <message>
        <source>Wait for it or cancel it (Esc).</source>
        <translation>Дочекайтеся її або скасуйте (Esc).</translation>
    </message>
    <message>
        <source>Cancelled. A request already sent still gets its answer recorded; the list updates when it arrives.</source>
        <translation>Скасовано. Відповідь на вже надісланий запит усе одно буде записано; список оновиться, коли вона надійде.</translation>
    </message>
    <message>
        <source>Looking up %1 at the provider…</source>
        <translation>Запит %1 у провайдера…</translation>
    </message>
    <message>
        <source>Resending %1 with its stored key…</source>
        <translation>Повторне надсилання %1 зі збереженим ключем…</translation>
    </message>
    <message>
        <source>Sending message %1 to the helpdesk…</source>
        <translation>Надсилання повідомлення %1 через службу підтримки…</translation>
    </message>
    <message>
        <source>Resend: %1 What to do next: %2</source>
        <translation>Повторне надсилання: %1 Що робити далі: %2</translation>
    </message>
    <message>
        <source>Starting a new refund for order %1…</source>
        <translation>Запуск нового повернення для замовлення %1…</translation>
    </message>
    <message>
        <source>Sending the decision on %1 to its ticket…</source>
        <translation>Надсилання рішення щодо %1 до його тікета…</translation>
    </message>
</context>
<context>
    <name>ops::console::ConsoleJobs</name>
    <message>
        <source>no attempt</source>
        <translation>немає спроби</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>немає відповіді</translation>
    </message>
    <message>
        <source>HTTP %1</source>
        <translation>HTTP %1</translation>
    </message>
    <message>
        <source>HTTP %1 %2</source>
        <translation>HTTP %1 %2</translation>
    </message>
    <message>
        <source>refund </source>
        <translation>повернення </translation>
    </message>
    <message>
        <source>movement </source>
        <translation>рух </translation>
    </message>
    <message>
        <source>execution </source>
        <translation>виконання </translation>
    </message>
    <message>
        <source>the operation</source>
        <translation>операція</translation>
    </message>
    <message>
        <source>Resent %1: the provider confirmed %2; closed as succeeded.</source>
        <translation>%1 надіслано повторно: провайдер підтвердив %2; закрито як успішну.</translation>
    </message>
    <message>
        <source>Resent %1: the provider refused (%2); closed as failed.</source>
        <translation>%1 надіслано повторно: провайдер відмовив (%2); закрито як неуспішну.</translation>
    </message>
    <message>
        <source>Resent %1 once; the outcome is still unknown (%2).</source>
        <translation>%1 надіслано повторно один раз; результат досі невідомий (%2).</translation>
    </message>
    <message>
        <source>Look it up at the provider (Ctrl+L) and close it with that evidence.</source>
        <translation>Запитайте її у провайдера (Ctrl+L) і закрийте з цим доказом.</translation>
    </message>
    <message>
        <source>Resent %1; not confirmed yet (%2).</source>
        <translation>%1 надіслано повторно; ще не підтверджено (%2).</translation>
    </message>
    <message>
        <source>Look it up at the provider in a minute.</source>
        <translation>Запитайте її у провайдера за хвилину.</translation>
    </message>
    <message>
        <source>Resend refused: %1</source>
        <translation>Повторне надсилання відхилено: %1</translation>
    </message>
    <message>
        <source>Reload (F5) and check the row&apos;s state.</source>
        <translation>Оновіть (F5) і перевірте стан рядка.</translation>
    </message>
    <message>
        <source>Resent %1 (%2).</source>
        <translation>%1 надіслано повторно (%2).</translation>
    </message>
    <message>
        <source>OPS_SLEN_URL &apos;%1&apos; is not an http(s) URL.</source>
        <translation>OPS_SLEN_URL «%1» — не адреса http(s).</translation>
    </message>
    <message>
        <source>No Slen API key is configured.</source>
        <translation>Ключ API Slen не налаштовано.</translation>
    </message>
    <message>
        <source> Set OPS_STRIPE_URL and OPS_STRIPE_KEY and restart the console.</source>
        <translation> Задайте OPS_STRIPE_URL і OPS_STRIPE_KEY та перезапустіть консоль.</translation>
    </message>
    <message>
        <source>No Slen URL is configured.</source>
        <translation>Адресу Slen не налаштовано.</translation>
    </message>
    <message>
        <source> Set OPS_SLEN_URL and OPS_SLEN_KEY and restart the console.</source>
        <translation> Задайте OPS_SLEN_URL і OPS_SLEN_KEY та перезапустіть консоль.</translation>
    </message>
    <message>
        <source>OPS_STRIPE_URL &apos;%1&apos; is not an http(s) URL.</source>
        <translation>OPS_STRIPE_URL «%1» — не адреса http(s).</translation>
    </message>
    <message>
        <source>No Stripe API key is configured.</source>
        <translation>Ключ API Stripe не налаштовано.</translation>
    </message>
    <message>
        <source>Operation %1 is gone from the database.</source>
        <translation>Операції %1 більше немає в базі даних.</translation>
    </message>
    <message>
        <source>Look-up cancelled.</source>
        <translation>Запит скасовано.</translation>
    </message>
    <message>
        <source>The database failed during the look-up: </source>
        <translation>Помилка бази даних під час запиту: </translation>
    </message>
    <message>
        <source>Not sent: operation %1 is gone from the database.</source>
        <translation>Не надіслано: операції %1 більше немає в базі даних.</translation>
    </message>
    <message>
        <source>Reload (F5).</source>
        <translation>Оновіть (F5).</translation>
    </message>
    <message>
        <source>Nothing was sent; the row is unchanged.</source>
        <translation>Нічого не надіслано; рядок не змінився.</translation>
    </message>
    <message>
        <source>Not sent: %1 is resending %2 right now.</source>
        <translation>Не надіслано: %1 саме зараз повторно надсилає %2.</translation>
    </message>
    <message>
        <source>Not sent: %1 is no longer open or unknown.</source>
        <translation>Не надіслано: %1 уже не відкрита й не невідома.</translation>
    </message>
    <message>
        <source>Wait for their result; the list updates by itself.</source>
        <translation>Дочекайтеся їхнього результату; список оновиться сам.</translation>
    </message>
    <message>
        <source>The database failed during the resend: </source>
        <translation>Помилка бази даних під час повторного надсилання: </translation>
    </message>
    <message>
        <source>Reload (F5): the attempt, if counted, is in the timeline.</source>
        <translation>Оновіть (F5): спроба, якщо її зараховано, є в хронології.</translation>
    </message>
    <message>
        <source>Not sent: %1 is above the four-eyes threshold; resend approval #%2 waits for a second person.</source>
        <translation>Не надіслано: %1 перевищує поріг принципу чотирьох очей; запит на повторне надсилання #%2 чекає на другого працівника.</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>ніхто</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>Не надіслано: %1</translation>
    </message>
    <message>
        <source>Nothing was sent.</source>
        <translation>Нічого не надіслано.</translation>
    </message>
    <message>
        <source>
%1 stored a 5xx answer under this key and replays it to every resend: a resend cannot finish this refund. Close it as failed and start a new refund.</source>
        <translation>
%1 зберіг відповідь 5xx під цим ключем і повторює її на кожне повторне надсилання: повторне надсилання не завершить це повернення. Закрийте його як неуспішне й почніть нове повернення.</translation>
    </message>
    <message>
        <source>
%1 holds another request under this key: a resend cannot finish this refund. Close it as failed and start a new refund.</source>
        <translation>
%1 зберігає під цим ключем інший запит: повторне надсилання не завершить це повернення. Закрийте його як неуспішне й почніть нове повернення.</translation>
    </message>
    <message>
        <source> Set OPS_ADYEN_URL, OPS_ADYEN_KEY and OPS_ADYEN_MERCHANT and restart the console.</source>
        <translation> Задайте OPS_ADYEN_URL, OPS_ADYEN_KEY і OPS_ADYEN_MERCHANT і перезапустіть консоль.</translation>
    </message>
    <message>
        <source>Adyen cannot be asked for a refund: its REFUND notification settles this row.</source>
        <translation>Adyen не можна запитати про повернення: цей рядок закриває його сповіщення REFUND.</translation>
    </message>
    <message>
        <source>Nothing says Adyen received it. A resend with the stored key (inside the key&apos;s 7 days) replays Adyen&apos;s first answer.</source>
        <translation>Немає даних, що Adyen отримав повернення. Повторне надсилання зі збереженим ключем (у межах 7 днів його життя) поверне першу відповідь Adyen.</translation>
    </message>
    <message>
        <source>Adyen received it as %1; wait for the notification.</source>
        <translation>Adyen отримав повернення як %1; дочекайтеся сповіщення.</translation>
    </message>
    <message>
        <source>  %1, received %2 (%3)</source>
        <translation>  %1, отримано %2 (%3)</translation>
    </message>
    <message>
        <source>Stored notifications (%1):</source>
        <translation>Збережені сповіщення (%1):</translation>
    </message>
    <message>
        <source>Adyen notification %1 (stored %2) settles refund %3 as %4.</source>
        <translation>Сповіщення Adyen %1 (збережено %2) завершує повернення %3 як %4.</translation>
    </message>
    <message>
        <source>This row is closed: %1.</source>
        <translation>Цей рядок закрито: %1.</translation>
    </message>
    <message>
        <source>A second person with the approve right approves it in the Approvals tab, and that approval sends it at once.</source>
        <translation>Друга людина з правом затверджувати затверджує його на вкладці «Затвердження», і це затвердження одразу його надсилає.</translation>
    </message>
    <message>
        <source>Look it up at the provider (Ctrl+L): the look-up is kept as evidence, and a supervisor closes the row with it.</source>
        <translation>Перевірте в провайдера (Ctrl+L): результат збережеться як доказ, і супервізор закриє рядок за ним.</translation>
    </message>
    <message>
        <source>
Nothing is stored under this operation&apos;s key: inside the key&apos;s window Stripe reads a resend with the stored key as the first request, so a resend finishes this refund, once.</source>
        <translation>
За ключем цієї операції нічого не збережено: поки ключ діє, Stripe прийме повторне надсилання зі збереженим ключем як перший запит, тож повтор завершить це повернення, і лише один раз.</translation>
    </message>
</context>
<context>
    <name>ops::console::MessageJob</name>
    <message>
        <source>no helpdesk URL is configured</source>
        <translation>адресу служби підтримки не налаштовано</translation>
    </message>
    <message>
        <source>Message %1 is queued but not sent: %2</source>
        <translation>Повідомлення %1 у черзі, але не надіслане: %2</translation>
    </message>
    <message>
        <source>Set OPS_HELPDESK_URL and restart, or copy it to the clipboard.</source>
        <translation>Задайте OPS_HELPDESK_URL і перезапустіть консоль або скопіюйте повідомлення в буфер обміну.</translation>
    </message>
    <message>
        <source>Message sent to conversation %1.</source>
        <translation>Повідомлення надіслано в розмову %1.</translation>
    </message>
    <message>
        <source>The customer already has this message; nothing was sent.</source>
        <translation>Клієнт уже має це повідомлення; нічого не надіслано.</translation>
    </message>
    <message>
        <source>The message was not delivered: %1</source>
        <translation>Повідомлення не доставлено: %1</translation>
    </message>
    <message>
        <source>Compose the same message again later to retry (same key: it arrives at most once), or copy it to the clipboard.</source>
        <translation>Щоб повторити, пізніше складіть те саме повідомлення знову (той самий ключ: воно надійде не більше одного разу) або скопіюйте його в буфер обміну.</translation>
    </message>
    <message>
        <source>Not sent: %1.</source>
        <translation>Не надіслано: %1.</translation>
    </message>
    <message>
        <source>Reload (F5).</source>
        <translation>Оновіть (F5).</translation>
    </message>
    <message>
        <source>The database failed while sending the message: %1</source>
        <translation>Помилка бази даних під час надсилання повідомлення: %1</translation>
    </message>
    <message>
        <source>Reload (F5): the message row shows what was recorded.</source>
        <translation>Оновіть (F5): рядок повідомлення показує, що було записано.</translation>
    </message>
    <message>
        <source>Nothing was sent; ask a supervisor for the message right.</source>
        <translation>Нічого не надіслано; попросіть супервайзера надати право на повідомлення.</translation>
    </message>
    <message>
        <source>Unknown whether conversation %1 holds the message: %2</source>
        <translation>Невідомо, чи є повідомлення в листуванні %1: %2</translation>
    </message>
    <message>
        <source>Look at the ticket, or send again later: the ticket is read before anything is sent.</source>
        <translation>Перевірте тікет або надішліть пізніше: перед надсиланням тікет буде прочитано.</translation>
    </message>
    <message>
        <source>Could not read the decision notes of %1: %2</source>
        <translation>Не вдалося прочитати нотатки про рішення щодо %1: %2</translation>
    </message>
    <message>
        <source>The decision on %1 is noted on its ticket.</source>
        <translation>Рішення щодо %1 записано в його тікеті.</translation>
    </message>
    <message>
        <source>Wait a few seconds and send it again: the ticket is read first.</source>
        <translation>Зачекайте кілька секунд і надішліть знову: спершу буде прочитано тікет.</translation>
    </message>
</context>
<context>
    <name>ops::console::NewRefundJob</name>
    <message>
        <source>The new refund was not started: %1</source>
        <translation>Нове повернення не запущено: %1</translation>
    </message>
    <message>
        <source>Nothing was stored or sent; the failed refund is unchanged.</source>
        <translation>Нічого не збережено й не надіслано; неуспішне повернення не змінено.</translation>
    </message>
    <message>
        <source>New refund %1 of %2</source>
        <translation>Нове повернення %1 на %2</translation>
    </message>
    <message>
        <source>%1 succeeded: the provider refunded the customer.</source>
        <translation>%1: успішно, провайдер повернув кошти клієнтові.</translation>
    </message>
    <message>
        <source>%1: the outcome is unknown (%2).</source>
        <translation>%1: результат невідомий (%2).</translation>
    </message>
    <message>
        <source>It is in the Checking list; look it up there (Ctrl+L).</source>
        <translation>Воно в списку «Перевірка»; запитайте його там у провайдера (Ctrl+L).</translation>
    </message>
    <message>
        <source>%1 failed at the provider: %2</source>
        <translation>%1 не пройшло в провайдера: %2</translation>
    </message>
    <message>
        <source>No money moved. Look at its attempts before trying again.</source>
        <translation>Кошти не рухалися. Перегляньте його спроби, перш ніж пробувати знову.</translation>
    </message>
    <message>
        <source>%1 is %2.</source>
        <translation>%1: %2.</translation>
    </message>
    <message>
        <source>The database failed while starting the new refund: %1</source>
        <translation>Збій бази даних під час запуску нового повернення: %1</translation>
    </message>
    <message>
        <source>Reload (F5): a row, if one was opened, is in the list.</source>
        <translation>Оновіть (F5): рядок, якщо його відкрито, буде в списку.</translation>
    </message>
    <message>
        <source>No new refund was started: %1 (%2) already covers order %3 for %4.</source>
        <translation>Нове повернення не почато: %1 (%2) вже покриває замовлення %3 на %4.</translation>
    </message>
    <message>
        <source>The failed refund is unchanged; look at %1 first.</source>
        <translation>Неуспішне повернення не змінено; спершу перегляньте %1.</translation>
    </message>
    <message>
        <source>%1 waits for approval: another person with the approve right sends it (Supervisor → Agent requests).</source>
        <translation>%1 чекає погодження: його надішле інша людина з правом схвалення (Супервайзер → Запити агентів).</translation>
    </message>
    <message>
        <source>%1 is not confirmed yet: %2</source>
        <translation>%1 ще не підтверджено: %2</translation>
    </message>
    <message>
        <source>the provider did not answer</source>
        <translation>провайдер не відповів</translation>
    </message>
    <message>
        <source>It stays open with its key; look it up in a minute (Ctrl+L).</source>
        <translation>Воно лишається відкритим зі своїм ключем; запитайте його в провайдера за хвилину (Ctrl+L).</translation>
    </message>
    <message>
        <source>%1 was received by the provider as %2; its notification will say how it ended.</source>
        <translation>%1 прийнято провайдером як %2; його сповіщення скаже, чим він закінчився.</translation>
    </message>
</context>
<context>
    <name>ops::console::ProviderLookup</name>
    <message>
        <source>The provider did not answer while reading %1 (%2).</source>
        <translation>Провайдер не відповів під час читання %1 (%2).</translation>
    </message>
    <message>
        <source>The provider refused our API key while reading %1 (HTTP %2). Check OPS_STRIPE_KEY.</source>
        <translation>Провайдер відхилив наш ключ API під час читання %1 (HTTP %2). Перевірте OPS_STRIPE_KEY.</translation>
    </message>
    <message>
        <source>The provider answered HTTP %1 while reading %2.</source>
        <translation>Провайдер відповів HTTP %1 під час читання %2.</translation>
    </message>
    <message>
        <source>Look-up cancelled.</source>
        <translation>Запит скасовано.</translation>
    </message>
    <message>
        <source>the charge&apos;s refunds</source>
        <translation>повернень за платежем</translation>
    </message>
    <message>
        <source>
Found refund %1 for this operation: %2, status %3.</source>
        <translation>
Знайдено повернення %1 для цієї операції: %2, статус %3.</translation>
    </message>
    <message>
        <source>
The provider has not finished it: look up again later before closing.</source>
        <translation>
Провайдер ще не завершив його: запитайте знову пізніше, перш ніж закривати.</translation>
    </message>
    <message>
        <source>Operation %1 has no charge id to look up.</source>
        <translation>Операція %1 не має ідентифікатора платежу для запиту.</translation>
    </message>
    <message>
        <source>charge </source>
        <translation>платіж </translation>
    </message>
    <message>
        <source>Charge %1: %2 charged, %3 refunded in total (amount_refunded). Refunds examined: %4.</source>
        <translation>Платіж %1: списано %2, усього повернено %3 (amount_refunded). Переглянуто повернень: %4.</translation>
    </message>
    <message>
        <source>
No refund with this operation id among the first %1; the charge has more. Check the dashboard before closing.</source>
        <translation>
Серед перших %1 немає повернення з ідентифікатором цієї операції; у платежу їх більше. Перевірте панель провайдера, перш ніж закривати.</translation>
    </message>
    <message>
        <source>
No refund carries this operation id: the provider shows no movement for it.</source>
        <translation>
Жодне повернення не містить ідентифікатора цієї операції: провайдер не показує за нею руху коштів.</translation>
    </message>
</context>
<context>
    <name>ops::console::SlenLookup</name>
    <message>
        <source>Slen did not answer while reading %1 (%2). Check OPS_SLEN_URL and that the provider is reachable.</source>
        <translation>Slen не відповів під час читання %1 (%2). Перевірте OPS_SLEN_URL і доступність провайдера.</translation>
    </message>
    <message>
        <source>Slen refused our API key while reading %1 (HTTP %2). Check OPS_SLEN_KEY.</source>
        <translation>Slen відхилив наш ключ API під час читання %1 (HTTP %2). Перевірте OPS_SLEN_KEY.</translation>
    </message>
    <message>
        <source>Slen has no %1 (HTTP 404 %2). %3</source>
        <translation>У Slen немає %1 (HTTP 404 %2). %3</translation>
    </message>
    <message>
        <source>Slen answered HTTP %1 %2 while reading %3.</source>
        <translation>Slen відповів HTTP %1 %2 під час читання %3.</translation>
    </message>
    <message>
        <source>
The execution names operation %1, not this one: do not close from this answer; check the row&apos;s stored request.</source>
        <translation>
Виконання вказує на операцію %1, а не на цю: не закривайте за цією відповіддю; перевірте збережений запит рядка.</translation>
    </message>
    <message>
        <source>
Error code: %1.</source>
        <translation>
Код помилки: %1.</translation>
    </message>
    <message>
        <source>
The execution is still running (%1): look again later before closing.</source>
        <translation>
Виконання ще триває (%1): запитайте знову пізніше, перш ніж закривати.</translation>
    </message>
    <message>
        <source>Operation %1 has no execution id: the provider never told us one (the first request got no readable answer). Slen cannot be searched by idempotency key over this API, so the look-up cannot tell whether the flow ran.
Nothing to propose. Inside the window, Resend sends the stored request with the same key: Slen then answers with the execution if it exists.</source>
        <translation>Операція %1 не має ідентифікатора виконання: провайдер його так і не повідомив (на перший запит не надійшло читабельної відповіді). Через цей API у Slen не можна шукати за ключем ідемпотентності, тож запит не може визначити, чи запускався потік.
Запропонувати нічого. Поки вікно відкрите, «Повторне надсилання» надішле збережений запит із тим самим ключем: тоді Slen відповість виконанням, якщо воно існує.</translation>
    </message>
    <message>
        <source>Slen&apos;s answer for execution %1 could not be read.</source>
        <translation>Не вдалося прочитати відповідь Slen щодо виконання %1.</translation>
    </message>
    <message>
        <source>execution </source>
        <translation>виконання </translation>
    </message>
    <message>
        <source>Check that OPS_SLEN_KEY belongs to project %1, where the execution was started.</source>
        <translation>Перевірте, що OPS_SLEN_KEY належить до проєкту %1, де було запущено виконання.</translation>
    </message>
    <message>
        <source>Execution %1 (flow %2): status %3.</source>
        <translation>Виконання %1 (потік %2): статус %3.</translation>
    </message>
    <message>
        <source>
The row holds movement %1 from the provider&apos;s own answer: that is the reference for the close.</source>
        <translation>
Рядок містить рух %1 із власної відповіді провайдера: це і є посилання для закриття.</translation>
    </message>
    <message>
        <source>
Slen cannot list movements by idempotency key over this API, and a balance alone cannot prove whether this movement happened (other movements change it too).
Nothing to propose. Inside the window, Resend sends the stored request with the same key: Slen replays the movement if it happened, or makes it once if it did not.</source>
        <translation>
Через цей API Slen не може показати рухи за ключем ідемпотентності, а сам баланс не доводить, чи відбувся цей рух (його змінюють й інші рухи).
Запропонувати нічого. Поки вікно відкрите, «Повторне надсилання» надішле збережений запит із тим самим ключем: Slen повторить відповідь, якщо рух був, або виконає його один раз, якщо не було.</translation>
    </message>
    <message>
        <source>Operation %1 has no customer id to look up.</source>
        <translation>Операція %1 не має ідентифікатора клієнта для запиту.</translation>
    </message>
    <message>
        <source>Slen&apos;s answer for customer %1 could not be read.</source>
        <translation>Не вдалося прочитати відповідь Slen щодо клієнта %1.</translation>
    </message>
    <message>
        <source>customer </source>
        <translation>клієнт </translation>
    </message>
    <message>
        <source>Check that OPS_SLEN_KEY belongs to project %1.</source>
        <translation>Перевірте, що OPS_SLEN_KEY належить до проєкту %1.</translation>
    </message>
    <message>
        <source>Customer %1: %2 balance %3 (all balances: %4). This operation is a %5 of %6 %2.</source>
        <translation>Клієнт %1: баланс %2 — %3 (усі баланси: %4). Ця операція — %5 на %6 %2.</translation>
    </message>
    <message>
        <source>
Provider reference on the row: %1.</source>
        <translation>
Посилання провайдера в рядку: %1.</translation>
    </message>
</context>
<context>
    <name>ops::ui::AgentRequestsPanel</name>
    <message>
        <source>Reason (required to reject)</source>
        <translation>Причина (обов’язкова для відхилення)</translation>
    </message>
    <message>
        <source>A&amp;pprove and send</source>
        <translation>Схвалити й на&amp;діслати</translation>
    </message>
    <message>
        <source>Re&amp;ject</source>
        <translation>&amp;Відхилити</translation>
    </message>
    <message>
        <source>Sending %1 with its stored key…</source>
        <translation>Надсилання %1 зі збереженим ключем…</translation>
    </message>
    <message>
        <source>No agent request waits for a person.</source>
        <translation>Немає запитів агентів, що чекають на рішення людини.</translation>
    </message>
    <message>
        <source>Select a request.</source>
        <translation>Виберіть запит.</translation>
    </message>
    <message>
        <source>Reject closes %1 as failed, rejected by you with this reason; nothing is sent.</source>
        <translation>«Відхилити» закриє %1 як неуспішну — відхилено вами з цією причиною; нічого не надсилається.</translation>
    </message>
    <message>
        <source>Wait for the request on its way</source>
        <translation>Дочекайтеся запиту, що надсилається</translation>
    </message>
    <message>
        <source>Send the refund with its stored key</source>
        <translation>Надіслати повернення зі збереженим ключем</translation>
    </message>
    <message>
        <source>Close the request as failed, rejected with your reason</source>
        <translation>Закрити запит як неуспішний, відхилений з вашою причиною</translation>
    </message>
    <message>
        <source>Type a reason to reject</source>
        <translation>Вкажіть причину, щоб відхилити</translation>
    </message>
    <message>
        <source>%1 (a person)</source>
        <translation>%1 (людина)</translation>
    </message>
    <message>
        <source>agent %1</source>
        <translation>агент %1</translation>
    </message>
    <message>
        <source>You started %1: another person with the approve right sends it (you may withdraw it with Reject and a reason).</source>
        <translation>Ви почали %1: надсилає інша людина з правом затверджувати (ви можете відкликати запит кнопкою «Відхилити» з причиною).</translation>
    </message>
    <message>
        <source>Approve and send refunds %1 of order %2, asked by %3, with the stored key, once; Reject needs a reason.</source>
        <translation>«Затвердити й надіслати» повертає %1 за замовленням %2 (запитав %3) зі збереженим ключем, один раз; для відхилення потрібна причина.</translation>
    </message>
    <message>
        <source>Nobody approves their own request.</source>
        <translation>Ніхто не затверджує власний запит.</translation>
    </message>
</context>
<context>
    <name>ops::ui::AgentsDialog</name>
    <message>
        <source>Over a limit, an agent&apos;s refund waits in View → Audit and charts → Agent requests until a supervisor approves or rejects it.</source>
        <translation>Повернення агента понад ліміт чекає в меню «Вигляд → Аудит і графіки → Запити агентів», доки супервізор не схвалить або не відхилить його.</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Агенти</translation>
    </message>
    <message>
        <source>Tokens are never shown here. An agent and its token are created with &lt;tt&gt;opsctl agent add NAME&lt;/tt&gt;, which prints the token once (docs/agents.md).</source>
        <translation>Токени тут ніколи не показуються. Агента та його токен створює команда &lt;tt&gt;opsctl agent add NAME&lt;/tt&gt;, яка виводить токен один раз (docs/agents.md).</translation>
    </message>
    <message>
        <source>&amp;Revoke…</source>
        <translation>&amp;Відкликати…</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>&amp;Оновити</translation>
    </message>
    <message>
        <source>The agents could not be read: %1</source>
        <translation>Не вдалося прочитати список агентів: %1</translation>
    </message>
    <message>
        <source>Revoke agent %1?</source>
        <translation>Відкликати агента %1?</translation>
    </message>
    <message>
        <source>Its token is refused from the next request on, and a revoked agent is never restored: to give it access again, add an agent under another name.</source>
        <translation>Його токен відхиляється починаючи з наступного запиту, а відкликаного агента ніколи не відновлюють: щоб знову надати доступ, додайте агента під іншим ім&apos;ям.</translation>
    </message>
    <message>
        <source>Revoke %1</source>
        <translation>Відкликати %1</translation>
    </message>
    <message>
        <source>Agent %1 is revoked: its token is refused from now on.</source>
        <translation>Агента %1 відкликано: відтепер його токен відхиляється.</translation>
    </message>
    <message>
        <source>Agent %1 was not revoked: %2</source>
        <translation>Агента %1 не відкликано: %2</translation>
    </message>
    <message>
        <source>Select an agent to revoke</source>
        <translation>Виберіть агента, щоб відкликати його</translation>
    </message>
    <message>
        <source>%1 is already revoked</source>
        <translation>%1 вже відкликаний</translation>
    </message>
    <message>
        <source>Revoke %1: its token stops working at once; asks first</source>
        <translation>Відкликати %1: його токен одразу перестає діяти; спершу буде запитання</translation>
    </message>
</context>
<context>
    <name>ops::ui::AmountUnits</name>
    <message>
        <source>write an amount in %1 such as %2</source>
        <translation>вкажіть суму в %1, наприклад %2</translation>
    </message>
    <message>
        <source>%1 has no decimals</source>
        <translation>у %1 немає дробової частини</translation>
    </message>
    <message>
        <source>%1 has %2 decimals at most</source>
        <translation>у %1 щонайбільше %2 знаків після коми</translation>
    </message>
    <message>
        <source>the amount is too large</source>
        <translation>сума завелика</translation>
    </message>
</context>
<context>
    <name>ops::ui::ApprovalsPanel</name>
    <message>
        <source>Reason (required to reject)</source>
        <translation>Причина (обов’язкова для відхилення)</translation>
    </message>
    <message>
        <source>&amp;Approve</source>
        <translation>&amp;Схвалити</translation>
    </message>
    <message>
        <source>Re&amp;ject</source>
        <translation>&amp;Відхилити</translation>
    </message>
    <message>
        <source>Nothing waits for approval.</source>
        <translation>Немає запитів, що очікують схвалення.</translation>
    </message>
    <message>
        <source>Select a request.</source>
        <translation>Виберіть запит.</translation>
    </message>
    <message>
        <source>You asked for #%1: another supervisor must approve it (you may withdraw it with Reject and a reason).</source>
        <translation>Запит #%1 — ваш: його має схвалити інший супервайзер (ви можете відкликати його кнопкою «Відхилити», вказавши причину).</translation>
    </message>
    <message>
        <source>Approve carries out %1 at once; Reject needs a reason.</source>
        <translation>«Схвалити» одразу виконує: %1; для «Відхилити» потрібна причина.</translation>
    </message>
    <message>
        <source>Nobody approves their own request.</source>
        <translation>Ніхто не схвалює власний запит.</translation>
    </message>
    <message>
        <source>Approve and carry out the request</source>
        <translation>Схвалити й виконати запит</translation>
    </message>
    <message>
        <source>Reject the request</source>
        <translation>Відхилити запит</translation>
    </message>
    <message>
        <source>Type a reason to reject</source>
        <translation>Вкажіть причину, щоб відхилити</translation>
    </message>
    <message>
        <source>You are connected as the owner of the tables (%1), whom the database does not check: names are typed, not authenticated, so four-eyes here is a habit, not a control. For enforced approvals each supervisor logs in as themselves (team mode, docs/team.md).</source>
        <translation>Ви підключені як власник таблиць (%1), якого база даних не перевіряє: імена вводяться вручну й не підтверджені, тому принцип чотирьох очей тут — звичка, а не контроль. Щоб погодження перевірялися, кожен супервайзер входить під своїм логіном (командний режим, docs/team.md).</translation>
    </message>
    <message>
        <source>Single-desk file: names are not authenticated, so anyone at this desk can approve under another name. Four-eyes here is a habit, not a control. For enforced approvals use team mode: PostgreSQL with one login per person (docs/team.md).</source>
        <translation>Файл одного робочого місця: імена не підтверджені, і будь-хто за цим місцем може схвалити запит під чужим іменем. Принцип чотирьох очей тут — звичка, а не контроль. Щоб погодження перевірялися, використовуйте командний режим: PostgreSQL з окремим логіном для кожного (docs/team.md).</translation>
    </message>
    <message>
        <source>Deciding #%1…</source>
        <translation>Рішення щодо №%1 надіслано…</translation>
    </message>
</context>
<context>
    <name>ops::ui::AssignDialog</name>
    <message>
        <source>Assign %1</source>
        <translation>Призначити %1</translation>
    </message>
    <message>
        <source>%1 has no owner.</source>
        <translation>%1 не має власника.</translation>
    </message>
    <message>
        <source>%1 owns %2 since %3.</source>
        <translation>%2 належить %1 з %3.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>&amp;Give it to</source>
        <translation>&amp;Кому</translation>
    </message>
    <message>
        <source>Nobody else is enabled in the operator directory.</source>
        <translation>У довіднику операторів більше ніхто не активний.</translation>
    </message>
    <message>
        <source>An owner is a name, not a lock: anyone with the rights may still act on the row.</source>
        <translation>Власник — це ім’я, а не блокування: будь-хто з правами й надалі може працювати з рядком.</translation>
    </message>
    <message>
        <source>&amp;Assign</source>
        <translation>При&amp;значити</translation>
    </message>
</context>
<context>
    <name>ops::ui::AttentionPanel</name>
    <message>
        <source>No row waits for a person: nothing needs Attention.</source>
        <translation>Жоден рядок не чекає на людину: ніщо не потребує уваги.</translation>
    </message>
    <message>
        <source>C&amp;lear Attention</source>
        <translation>Зн&amp;яти позначку «Увага»</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Нотатка</translation>
    </message>
    <message>
        <source>What was done (told the customer, opened a new refund, …) — required</source>
        <translation>Що зроблено (повідомили клієнта, оформили нове повернення, …) — обов&apos;язково</translation>
    </message>
    <message>
        <source>Select a row to clear its Attention.</source>
        <translation>Виберіть рядок, щоб зняти з нього позначку «Увага».</translation>
    </message>
    <message>
        <source>Clear Attention on %1 with the note (needs the Close right; written to the audit trail)</source>
        <translation>Зняти позначку «Увага» з %1 із цією нотаткою (потрібне право на закриття; записується до журналу аудиту)</translation>
    </message>
</context>
<context>
    <name>ops::ui::AuditView</name>
    <message>
        <source>&amp;Verify chain</source>
        <translation>&amp;Перевірити ланцюжок</translation>
    </message>
    <message>
        <source>Recompute every entry&apos;s hash and check that each one follows the previous entry</source>
        <translation>Перерахувати геш кожного запису й перевірити, що кожен іде за попереднім</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>Експорт у &amp;CSV…</translation>
    </message>
    <message>
        <source>Write the entries that match the filters to a CSV file</source>
        <translation>Записати записи, що відповідають фільтрам, у файл CSV</translation>
    </message>
    <message>
        <source>Could not read the audit trail: %1</source>
        <translation>Не вдалося прочитати журнал аудиту: %1</translation>
    </message>
    <message>
        <source>Actor starts with… (operator:, agent:)</source>
        <translation>Хто — початок… (operator:, agent:)</translation>
    </message>
    <message>
        <source>Any action</source>
        <translation>Будь-яка дія</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Спроби</translation>
    </message>
    <message>
        <source>State changes</source>
        <translation>Зміни стану</translation>
    </message>
    <message>
        <source>Manual closes</source>
        <translation>Ручні закриття</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Докази</translation>
    </message>
    <message>
        <source>Operation id starts with…</source>
        <translation>Ідентифікатор операції починається з…</translation>
    </message>
    <message>
        <source>Any kind</source>
        <translation>Будь-який вид</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Повернення</translation>
    </message>
    <message>
        <source>Credit top-up</source>
        <translation>Поповнення кредитів</translation>
    </message>
    <message>
        <source>Credit charge</source>
        <translation>Списання кредитів</translation>
    </message>
    <message>
        <source>Credit adjust</source>
        <translation>Коригування кредитів</translation>
    </message>
    <message>
        <source>Execution</source>
        <translation>Виконання</translation>
    </message>
    <message>
        <source>From</source>
        <translation>З</translation>
    </message>
    <message>
        <source>to</source>
        <translation>по</translation>
    </message>
    <message numerus="yes">
        <source>%n entries match</source>
        <translation>
            <numerusform>%n запис відповідає</numerusform>
            <numerusform>%n записи відповідають</numerusform>
            <numerusform>%n записів відповідають</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries in the database wait to be chained (oldest %1 s)</source>
        <translation>
            <numerusform>%n запис у базі чекає на місце в ланцюжку (найстаріший %1 с)</numerusform>
            <numerusform>%n записи в базі чекають на місце в ланцюжку (найстаріший %1 с)</numerusform>
            <numerusform>%n записів у базі чекають на місце в ланцюжку (найстаріший %1 с)</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not count the entries: %1</source>
        <translation>Не вдалося підрахувати записи: %1</translation>
    </message>
    <message numerus="yes">
        <source>Chain holds (%n entries)</source>
        <translation>
            <numerusform>Ланцюжок цілий (%n запис)</numerusform>
            <numerusform>Ланцюжок цілий (%n записи)</numerusform>
            <numerusform>Ланцюжок цілий (%n записів)</numerusform>
        </translation>
    </message>
    <message>
        <source>First broken entry #%1: %2</source>
        <translation>Перший порушений запис #%1: %2</translation>
    </message>
    <message>
        <source>Export audit entries</source>
        <translation>Експорт записів аудиту</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файли CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Експорт не вдався: %1</translation>
    </message>
    <message>
        <source>Exporting audit entries…</source>
        <translation>Експорт записів аудиту…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Скасувати</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n entries to %1</source>
        <translation>
            <numerusform>Експортовано %n запис у %1</numerusform>
            <numerusform>Експортовано %n записи у %1</numerusform>
            <numerusform>Експортовано %n записів у %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export cancelled; no file was written</source>
        <translation>Експорт скасовано; файл не записано</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>&amp;Оновити</translation>
    </message>
    <message>
        <source>Read the entries again (new ones appear at the top)</source>
        <translation>Перечитати записи (нові з&apos;являються вгорі)</translation>
    </message>
    <message>
        <source>Select an entry to read its detail.</source>
        <translation>Виберіть запис, щоб прочитати подробиці.</translation>
    </message>
    <message>
        <source>Stop the chain check or the export (a cancelled export writes no file)</source>
        <translation>Зупинити перевірку ланцюжка або експорт (скасований експорт не записує файл)</translation>
    </message>
    <message>
        <source>Entry %1 · %2 · %3

</source>
        <translation>Запис %1 · %2 · %3

</translation>
    </message>
    <message>
        <source>Local time (%1); the store compares UTC</source>
        <translation>Місцевий час (%1); сховище порівнює в UTC</translation>
    </message>
    <message>
        <source>Times in this window are local time (%1)</source>
        <translation>Час у цьому вікні — місцевий (%1)</translation>
    </message>
    <message>
        <source>%1+ entries match</source>
        <translation>відповідає записів: %1+</translation>
    </message>
    <message>
        <source>Verifying the chain…</source>
        <translation>Перевірка ланцюжка…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 з %2</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Скасування…</translation>
    </message>
    <message>
        <source>Chain check cancelled</source>
        <translation>Перевірку ланцюжка скасовано</translation>
    </message>
    <message>
        <source>Closes by a resend&apos;s answer</source>
        <translation>Закриття за відповіддю на повторне надсилання</translation>
    </message>
</context>
<context>
    <name>ops::ui::BatchActions</name>
    <message>
        <source>&amp;Import refunds…</source>
        <translation>&amp;Імпорт повернень…</translation>
    </message>
    <message>
        <source>Import refunds: a batch sends refunds and attaches their answers, and %1 may not; ask a supervisor.</source>
        <translation>Імпорт повернень: пакет надсилає повернення й додає відповіді на них, а %1 не може цього робити; зверніться до супервайзера.</translation>
    </message>
    <message>
        <source>Import refunds: an import is already open.</source>
        <translation>Імпорт повернень: імпорт уже відкрито.</translation>
    </message>
    <message>
        <source>Check a CSV file of refunds, then run it (Ctrl+Shift+I)</source>
        <translation>Перевірити файл CSV із поверненнями, потім виконати його (Ctrl+Shift+I)</translation>
    </message>
    <message>
        <source>Import refunds</source>
        <translation>Імпорт повернень</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation>Файли CSV (*.csv *.txt);;Усі файли (*)</translation>
    </message>
    <message>
        <source>Import refunds: no console is attached to check and run it.</source>
        <translation>Імпорт повернень: до вікна не підключено консолі, яка могла б перевірити й виконати його.</translation>
    </message>
</context>
<context>
    <name>ops::ui::BatchImportDialog</name>
    <message>
        <source>Import refunds</source>
        <translation>Імпорт повернень</translation>
    </message>
    <message>
        <source>Part of every row&apos;s unit of work: run the same file under the same name again and nothing is refunded twice.</source>
        <translation>Входить до одиниці роботи кожного рядка: якщо запустити той самий файл під тією самою назвою ще раз, нічого не буде повернено двічі.</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Файл:</translation>
    </message>
    <message>
        <source>Batch &amp;name:</source>
        <translation>&amp;Назва пакета:</translation>
    </message>
    <message>
        <source>%v of %m rows</source>
        <translation>Рядки: %v з %m</translation>
    </message>
    <message>
        <source>Check &amp;again</source>
        <translation>Перевірити &amp;ще раз</translation>
    </message>
    <message>
        <source>Read and check the file again under the name above; nothing is sent</source>
        <translation>Прочитати й перевірити файл ще раз під назвою вище; нічого не надсилається</translation>
    </message>
    <message>
        <source>&amp;Save results…</source>
        <translation>З&amp;берегти результати…</translation>
    </message>
    <message>
        <source>Save a CSV: line, ticket, operation, status, reason, provider reference</source>
        <translation>Зберегти CSV: рядок, звернення, операція, статус, причина, посилання провайдера</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Виконати</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрити</translation>
    </message>
    <message>
        <source>Reading and checking %1…</source>
        <translation>Читання й перевірка %1…</translation>
    </message>
    <message numerus="yes">
        <source>Batch “%1”: %n row(s)</source>
        <translation>
            <numerusform>Пакет «%1»: %n рядок</numerusform>
            <numerusform>Пакет «%1»: %n рядки</numerusform>
            <numerusform>Пакет «%1»: %n рядків</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n проблема</numerusform>
            <numerusform>%n проблеми</numerusform>
            <numerusform>%n проблем</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already run</source>
        <translation>
            <numerusform>%n вже виконано</numerusform>
            <numerusform>%n вже виконано</numerusform>
            <numerusform>%n вже виконано</numerusform>
        </translation>
    </message>
    <message>
        <source>total %1</source>
        <translation>усього %1</translation>
    </message>
    <message>
        <source>Send each row at the provider&apos;s pace; a second run of this file sends nothing twice (Enter)</source>
        <translation>Надіслати кожен рядок у темпі провайдера; повторний запуск цього файлу нічого не надішле двічі (Enter)</translation>
    </message>
    <message>
        <source>Mend the file&apos;s problems first: a batch runs only when every line reads well.</source>
        <translation>Спершу виправте проблеми у файлі: пакет виконується, лише якщо кожен рядок прочитано без помилок.</translation>
    </message>
    <message>
        <source>Could not check the file: %1</source>
        <translation>Не вдалося перевірити файл: %1</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Зупинити</translation>
    </message>
    <message>
        <source>Stop before the next row; run the file again to go on (Esc)</source>
        <translation>Зупинитися перед наступним рядком; щоб продовжити, запустіть файл ще раз (Esc)</translation>
    </message>
    <message>
        <source>The run stopped: %1</source>
        <translation>Запуск зупинено: %1</translation>
    </message>
    <message>
        <source>Rows not run were left untouched: run the same file under the same name again to go on.</source>
        <translation>Невиконані рядки залишилися без змін: щоб продовжити, запустіть той самий файл під тією самою назвою ще раз.</translation>
    </message>
    <message>
        <source>Close the summary (Esc)</source>
        <translation>Закрити підсумок (Esc)</translation>
    </message>
    <message>
        <source>Save the batch&apos;s results</source>
        <translation>Зберегти результати пакета</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файли CSV (*.csv)</translation>
    </message>
    <message>
        <source>Results saved to %1.</source>
        <translation>Результати збережено в %1.</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>Не вдалося зберегти %1: %2</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Зупинення…</translation>
    </message>
    <message>
        <source>The name changed: check again under it first (Enter).</source>
        <translation>Назва змінилася: спершу перевірте під нею ще раз (Enter).</translation>
    </message>
</context>
<context>
    <name>ops::ui::BulkActions</name>
    <message>
        <source>Select all with a &amp;proposal</source>
        <translation>Виді&amp;лити всі з пропозицією</translation>
    </message>
    <message>
        <source>Select every row in Checking the reconciler left a proposal for</source>
        <translation>Виділити всі рядки в черзі перевірки, для яких звіряння залишило пропозицію</translation>
    </message>
    <message>
        <source>&amp;Apply proposals…</source>
        <translation>Застосува&amp;ти пропозиції…</translation>
    </message>
    <message>
        <source>Resend selecte&amp;d…</source>
        <translation>Повторно надіслати ви&amp;брані…</translation>
    </message>
    <message>
        <source>Bulk actions work in the Checking tab (Ctrl+2).</source>
        <translation>Масові дії працюють на вкладці «Перевірка» (Ctrl+2).</translation>
    </message>
    <message>
        <source>Select rows in Checking first (Shift+arrows, or Ctrl+Shift+P).</source>
        <translation>Спершу виберіть рядки на вкладці «Перевірка» (Shift+стрілки або Ctrl+Shift+P).</translation>
    </message>
    <message>
        <source>A bulk preview is already open.</source>
        <translation>Попередній перегляд масової дії вже відкрито.</translation>
    </message>
    <message>
        <source>Preview the selected rows&apos; proposals, then apply them (Ctrl+Shift+Y)</source>
        <translation>Попередній перегляд пропозицій вибраних рядків, потім їх застосування (Ctrl+Shift+Y)</translation>
    </message>
    <message>
        <source>Preview, then resend the selected rows with their stored keys (Ctrl+Shift+R)</source>
        <translation>Попередній перегляд, потім повторне надсилання вибраних рядків з їхніми збереженими ключами (Ctrl+Shift+R)</translation>
    </message>
    <message>
        <source>Could not read the proposals: %1</source>
        <translation>Не вдалося прочитати пропозиції: %1</translation>
    </message>
    <message>
        <source>Nothing was selected; try again (F5 reloads).</source>
        <translation>Нічого не вибрано; спробуйте ще раз (F5 — оновити).</translation>
    </message>
    <message>
        <source>No row in Checking has a proposal.</source>
        <translation>Жоден рядок у черзі перевірки не має пропозиції.</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with a proposal selected; Ctrl+Shift+Y previews applying them.</source>
        <translation>
            <numerusform>Вибрано %n рядок із пропозицією; Ctrl+Shift+Y — попередній перегляд застосування.</numerusform>
            <numerusform>Вибрано %n рядки з пропозицією; Ctrl+Shift+Y — попередній перегляд застосування.</numerusform>
            <numerusform>Вибрано %n рядків із пропозицією; Ctrl+Shift+Y — попередній перегляд застосування.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with a proposal selected; Ctrl+Shift+R previews resending them. Applying proposals needs a supervisor.</source>
        <translation>
            <numerusform>Вибрано %n рядок із пропозицією; Ctrl+Shift+R показує їх повторне надсилання. Застосовувати пропозиції може лише супервайзер.</numerusform>
            <numerusform>Вибрано %n рядки з пропозицією; Ctrl+Shift+R показує їх повторне надсилання. Застосовувати пропозиції може лише супервайзер.</numerusform>
            <numerusform>Вибрано %n рядків із пропозицією; Ctrl+Shift+R показує їх повторне надсилання. Застосовувати пропозиції може лише супервайзер.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with a proposal selected; applying them needs a supervisor.</source>
        <translation>
            <numerusform>Вибрано %n рядок із пропозицією; застосувати його може лише супервайзер.</numerusform>
            <numerusform>Вибрано %n рядки з пропозицією; застосувати їх може лише супервайзер.</numerusform>
            <numerusform>Вибрано %n рядків із пропозицією; застосувати їх може лише супервайзер.</numerusform>
        </translation>
    </message>
    <message>
        <source>no console is attached to read it.</source>
        <translation>до вікна не підключено консолі, яка могла б його прочитати.</translation>
    </message>
</context>
<context>
    <name>ops::ui::BulkApplyDialog</name>
    <message>
        <source>Apply proposals</source>
        <translation>Застосувати пропозиції</translation>
    </message>
    <message>
        <source>Resend selected</source>
        <translation>Повторно надіслати вибрані</translation>
    </message>
    <message>
        <source>%v of %m rows</source>
        <translation>Рядки: %v з %m</translation>
    </message>
    <message>
        <source>&amp;Confirm</source>
        <translation>&amp;Підтвердити</translation>
    </message>
    <message>
        <source>&amp;Resend</source>
        <translation>Повторне &amp;надсилання</translation>
    </message>
    <message>
        <source>Run every row the preview does not exclude (Enter)</source>
        <translation>Виконати всі рядки, які попередній перегляд не виключив (Enter)</translation>
    </message>
    <message>
        <source>Every selected row is excluded; nothing to run.</source>
        <translation>Усі вибрані рядки виключено; виконувати нічого.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Скасувати</translation>
    </message>
    <message>
        <source>Close without changing anything (Esc)</source>
        <translation>Закрити, нічого не змінюючи (Esc)</translation>
    </message>
    <message numerus="yes">
        <source>%n excluded</source>
        <translation>
            <numerusform>%n виключено</numerusform>
            <numerusform>%n виключено</numerusform>
            <numerusform>%n виключено</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected: </source>
        <translation>
            <numerusform>%n рядок вибрано: </numerusform>
            <numerusform>%n рядки вибрано: </numerusform>
            <numerusform>%n рядків вибрано: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n will be resent with the stored key and bytes, one attempt each; </source>
        <translation>
            <numerusform>%n буде надіслано повторно зі збереженими ключем і байтами, по одній спробі на кожен; </numerusform>
            <numerusform>%n буде надіслано повторно зі збереженими ключем і байтами, по одній спробі на кожен; </numerusform>
            <numerusform>%n буде надіслано повторно зі збереженими ключем і байтами, по одній спробі на кожен; </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n will be closed as proposed</source>
        <translation>
            <numerusform>%n буде закрито за пропозицією</numerusform>
            <numerusform>%n буде закрито за пропозицією</numerusform>
            <numerusform>%n буде закрито за пропозицією</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n will ask a second person for approval</source>
        <translation>
            <numerusform>для %n рядка буде запитано погодження другого співробітника</numerusform>
            <numerusform>для %n рядків буде запитано погодження другого співробітника</numerusform>
            <numerusform>для %n рядків буде запитано погодження другого співробітника</numerusform>
        </translation>
    </message>
    <message>
        <source>Each row runs in its own transaction; the store checks each row again.</source>
        <translation>Кожен рядок виконується у власній транзакції; сховище ще раз перевіряє кожен рядок.</translation>
    </message>
    <message>
        <source>sent for approval %1</source>
        <translation>надіслано на погодження: %1</translation>
    </message>
    <message>
        <source>excluded %1</source>
        <translation>виключено: %1</translation>
    </message>
    <message>
        <source>excluded %1 (%2)</source>
        <translation>виключено: %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %n row(s) left untouched.</source>
        <translation>
            <numerusform>Скасовано: %n рядок залишився без змін.</numerusform>
            <numerusform>Скасовано: %n рядки залишилися без змін.</numerusform>
            <numerusform>Скасовано: %n рядків залишилися без змін.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Перервати виконання</translation>
    </message>
    <message>
        <source>Stop after the row in hand; later rows stay untouched (Esc)</source>
        <translation>Зупинитися після поточного рядка; решта рядків залишиться без змін (Esc)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрити</translation>
    </message>
    <message>
        <source>Close the summary (Esc)</source>
        <translation>Закрити підсумок (Esc)</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Скасування…</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n row(s)…</source>
        <translation>
            <numerusform>Читається %n рядок…</numerusform>
            <numerusform>Читаються %n рядки…</numerusform>
            <numerusform>Читаються %n рядків…</numerusform>
        </translation>
    </message>
    <message>
        <source>The preview is being read.</source>
        <translation>Попередній перегляд завантажується.</translation>
    </message>
    <message>
        <source>Could not read the preview: %1</source>
        <translation>Не вдалося прочитати попередній перегляд: %1</translation>
    </message>
    <message>
        <source>Nothing was changed; close and try again.</source>
        <translation>Нічого не змінено; закрийте вікно і спробуйте ще раз.</translation>
    </message>
    <message>
        <source>Succeeded %1</source>
        <translation>Виконано %1</translation>
    </message>
    <message>
        <source>closed as failed %1</source>
        <translation>закрито як неуспішні %1</translation>
    </message>
    <message>
        <source>still unknown %1</source>
        <translation>результат невідомий %1</translation>
    </message>
    <message>
        <source>errors %1</source>
        <translation>помилок %1</translation>
    </message>
    <message numerus="yes">
        <source>%n will be resent with the stored key, one attempt each</source>
        <translation>
            <numerusform>%n буде надіслано повторно зі збереженим ключем, по одній спробі</numerusform>
            <numerusform>%n буде надіслано повторно зі збереженим ключем, по одній спробі на кожен</numerusform>
            <numerusform>%n буде надіслано повторно зі збереженим ключем, по одній спробі на кожен</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Result: %1</source>
        <translation>Результат: %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::ChartsView</name>
    <message>
        <source>under 1 h</source>
        <translation>менше 1 год</translation>
    </message>
    <message>
        <source>1–4 h</source>
        <translation>1–4 год</translation>
    </message>
    <message>
        <source>4–12 h</source>
        <translation>4–12 год</translation>
    </message>
    <message>
        <source>12–24 h</source>
        <translation>12–24 год</translation>
    </message>
    <message>
        <source>1–3 days</source>
        <translation>1–3 дні</translation>
    </message>
    <message>
        <source>Last 14 days</source>
        <translation>Останні 14 днів</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Останні 30 днів</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>Останні 90 днів</translation>
    </message>
    <message>
        <source>Unknown outcomes over:</source>
        <translation>Невідомі результати за:</translation>
    </message>
    <message>
        <source>Could not read the figures: %1</source>
        <translation>Не вдалося прочитати дані: %1</translation>
    </message>
    <message>
        <source>Operations that became unknown, per day (UTC)</source>
        <translation>Операції, що стали невідомими, за днями (UTC)</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Невідомо</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Операції</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>спроб</translation>
    </message>
    <message>
        <source>Time from unknown to closed</source>
        <translation>Час від «невідомо» до закриття</translation>
    </message>
    <message>
        <source>3+ days</source>
        <translation>від 3 днів</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Перечитати</translation>
    </message>
    <message>
        <source>Attempts per operation: automation and operators, counted apart</source>
        <translation>Спроби на операцію: автоматика й оператори, рахуються окремо</translation>
    </message>
    <message>
        <source>Automatic (the engine)</source>
        <translation>Автоматично (рушій)</translation>
    </message>
    <message>
        <source>By operators (resends)</source>
        <translation>Операторами (повторні надсилання)</translation>
    </message>
</context>
<context>
    <name>ops::ui::CloseDialog</name>
    <message>
        <source>Close %1</source>
        <translation>Закрити %1</translation>
    </message>
    <message>
        <source>Close &lt;b&gt;%1&lt;/b&gt; (%2, %3) by hand. Every close records who, when, why and which evidence.</source>
        <translation>Закрити &lt;b&gt;%1&lt;/b&gt; (%2, %3) вручну. Кожне закриття фіксує, хто, коли, чому і з якими доказами.</translation>
    </message>
    <message>
        <source>&amp;Succeeded — the provider moved the money</source>
        <translation>&amp;Успішно — провайдер переказав кошти</translation>
    </message>
    <message>
        <source>&amp;Failed — no money moved</source>
        <translation>&amp;Неуспішно — кошти не рухалися</translation>
    </message>
    <message>
        <source>re_… as the provider shows it</source>
        <translation>re_… так, як показує провайдер</translation>
    </message>
    <message>
        <source>Why: what you checked and what it showed</source>
        <translation>Чому: що ви перевірили і що це показало</translation>
    </message>
    <message>
        <source>Provider &amp;reference</source>
        <translation>&amp;Посилання провайдера</translation>
    </message>
    <message>
        <source>R&amp;eason</source>
        <translation>П&amp;ричина</translation>
    </message>
    <message>
        <source>E&amp;vidence (tick at least one)</source>
        <translation>&amp;Докази (позначте хоча б один)</translation>
    </message>
    <message>
        <source>&amp;Close operation</source>
        <translation>&amp;Закрити операцію</translation>
    </message>
    <message>
        <source>Not closed: </source>
        <translation>Не закрито: </translation>
    </message>
    <message>
        <source>&amp;Attach evidence…</source>
        <translation>&amp;Додати доказ…</translation>
    </message>
    <message>
        <source>the reason: what you checked and what it showed</source>
        <translation>причина: що ви перевірили і що це показало</translation>
    </message>
    <message>
        <source>evidence that the provider moved the money; this operation has no evidence yet (look it up at the provider, or Attach evidence…)</source>
        <translation>доказ, що провайдер переказав гроші; ця операція ще не має доказів (запитайте в провайдера або натисніть «Додати доказ…»)</translation>
    </message>
    <message>
        <source>evidence that no money moved; this operation has no evidence yet (look it up at the provider, or Attach evidence…)</source>
        <translation>доказ, що гроші не рухалися; ця операція ще не має доказів (запитайте в провайдера або натисніть «Додати доказ…»)</translation>
    </message>
    <message>
        <source>a tick on the evidence that supports this close</source>
        <translation>позначка на доказі, який підтверджує це закриття</translation>
    </message>
    <message>
        <source>the provider&apos;s reference (re_…)</source>
        <translation>ідентифікатор провайдера (re_…)</translation>
    </message>
    <message>
        <source>Still needed before this close:</source>
        <translation>Для цього закриття ще потрібно:</translation>
    </message>
    <message>
        <source>it still needs %1.</source>
        <translation>ще потрібно: %1.</translation>
    </message>
    <message>
        <source>Closing this %1 of %2 needs a supervisor&apos;s approval: it is above the %3 threshold. Confirming asks for that approval; the operation stays as it is until a second person approves.</source>
        <translation>Закриття: %1 на %2 потребує схвалення супервайзера: сума вища за поріг %3. Підтвердження запитує це схвалення; операція лишається як є, доки друга людина не схвалить.</translation>
    </message>
    <message>
        <source>Ask for a&amp;pproval</source>
        <translation>Запитати &amp;схвалення</translation>
    </message>
</context>
<context>
    <name>ops::ui::ComposeDialog</name>
    <message>
        <source>The operation is &lt;b&gt;%1&lt;/b&gt;: the message may say so.</source>
        <translation>Стан операції — &lt;b&gt;%1&lt;/b&gt;: повідомлення може про це сказати.</translation>
    </message>
    <message>
        <source>The operation is &lt;b&gt;%1&lt;/b&gt;: the customer may only hear that we are checking. Claims that the money moved, or did not, are refused.</source>
        <translation>Стан операції — &lt;b&gt;%1&lt;/b&gt;: клієнтові можна повідомити лише, що ми перевіряємо. Твердження, що кошти переказано або не переказано, відхиляються.</translation>
    </message>
    <message>
        <source>Message the customer about %1</source>
        <translation>Повідомлення клієнтові щодо операції %1</translation>
    </message>
    <message>
        <source>&amp;Template</source>
        <translation>&amp;Шаблон</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Мова</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Попередній перегляд</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Надіслати</translation>
    </message>
    <message>
        <source>Copy to &amp;clipboard</source>
        <translation>Копіювати в &amp;буфер обміну</translation>
    </message>
    <message>
        <source>Write to the customer…</source>
        <translation>Напишіть клієнтові…</translation>
    </message>
    <message>
        <source>The message is empty.</source>
        <translation>Повідомлення порожнє.</translation>
    </message>
    <message>
        <source>Deliver it through the helpdesk</source>
        <translation>Доставити через службу підтримки</translation>
    </message>
    <message>
        <source>The provider accepted this refund but still reports it &lt;b&gt;pending&lt;/b&gt;: say it is issued and on its way, not that it is completed or has arrived.</source>
        <translation>Провайдер прийняв це повернення, але досі повідомляє, що воно &lt;b&gt;в обробці&lt;/b&gt;: пишіть, що повернення оформлено й кошти в дорозі, а не що його завершено чи кошти вже надійшли.</translation>
    </message>
    <message>
        <source>from the helpdesk ticket; remembered for this order</source>
        <translation>зі звернення до служби підтримки; запам’ятовується для цього замовлення</translation>
    </message>
    <message>
        <source>The conversation id of the customer&apos;s helpdesk ticket (Send needs it; Copy does not). The console remembers it for this order.</source>
        <translation>Ідентифікатор листування зі звернення клієнта до служби підтримки (потрібен для «Надіслати», для «Копіювати» — ні). Консоль запам’ятовує його для цього замовлення.</translation>
    </message>
    <message>
        <source>Helpdesk c&amp;onversation</source>
        <translation>&amp;Листування в підтримці</translation>
    </message>
    <message>
        <source>Send needs the helpdesk conversation id; Copy does not</source>
        <translation>Для «Надіслати» потрібен ідентифікатор листування в підтримці; для «Копіювати» — ні</translation>
    </message>
</context>
<context>
    <name>ops::ui::ConnectionsDialog</name>
    <message>
        <source>Connections</source>
        <translation>Підключення</translation>
    </message>
    <message>
        <source>Secrets are saved to files only you can read (0600) in your configuration folder, never in the settings or the database. An empty secret field keeps the saved secret.</source>
        <translation>Секрети зберігаються у файли, які можете читати лише ви (0600), у теці конфігурації — ніколи в налаштуваннях чи базі даних. Порожнє поле секрету залишає збережений секрет.</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Зберегти</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>Базова &amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Project:</source>
        <translation>&amp;Проєкт:</translation>
    </message>
    <message>
        <source>Check connection</source>
        <translation>Перевірити підключення</translation>
    </message>
    <message>
        <source>Secret:</source>
        <translation>Секрет:</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Перевірка…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Not saved. %1</source>
        <translation>Не збережено. %1</translation>
    </message>
    <message>
        <source>Check before saving: %1 Press Save anyway to save it like this.</source>
        <translation>Перевірка перед збереженням: %1 Натисніть «Усе одно зберегти», щоб зберегти як є.</translation>
    </message>
    <message>
        <source>Save &amp;anyway</source>
        <translation>&amp;Усе одно зберегти</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Не збережено: %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::ConsoleWrites</name>
    <message>
        <source>this console cannot write: it was opened without its controller</source>
        <translation>ця консоль не може записувати: її відкрито без свого контролера</translation>
    </message>
</context>
<context>
    <name>ops::ui::DecisionsPresenter</name>
    <message>
        <source>not in the operator directory — view only</source>
        <translation>немає в довіднику операторів — лише перегляд</translation>
    </message>
    <message>
        <source>disabled — view only</source>
        <translation>вимкнений — лише перегляд</translation>
    </message>
    <message>
        <source>checked by the database</source>
        <translation>перевірено базою даних</translation>
    </message>
    <message>
        <source>PostgreSQL authenticated the login %1; the database refuses any change made in another name or beyond the login&apos;s group.</source>
        <translation>PostgreSQL підтвердив логін %1; база даних відхиляє будь-яку зміну від чужого імені або понад права групи цього логіна.</translation>
    </message>
    <message>
        <source>name not authenticated (owner of the tables)</source>
        <translation>ім&apos;я не підтверджене (власник таблиць)</translation>
    </message>
    <message>
        <source>You are connected as %1, the owner of the tables, whom the database does not check: names are typed, not proven. Log in as yourself for checked names and enforced approvals (docs/team.md).</source>
        <translation>Ви підключені як %1 — власник таблиць, якого база даних не перевіряє: імена вводяться вручну й нічим не підтверджені. Увійдіть під своїм логіном, щоб імена й погодження перевірялися (docs/team.md).</translation>
    </message>
    <message>
        <source>name not authenticated (single-desk file)</source>
        <translation>ім&apos;я не підтверджене (локальний файл)</translation>
    </message>
    <message>
        <source>On a SQLite file anyone at this desk can type any name: the audit trail records the name typed, and four-eyes is a habit, not a control. Team mode (PostgreSQL, one login per person) proves who acted (docs/team.md).</source>
        <translation>У файлі SQLite будь-хто за цим робочим місцем може ввести будь-яке ім&apos;я: журнал аудиту записує введене ім&apos;я, а принцип чотирьох очей — звичка, а не контроль. Командний режим (PostgreSQL, окремий логін для кожного) доводить, хто діяв (docs/team.md).</translation>
    </message>
    <message>
        <source>replication unknown</source>
        <translation>реплікація невідома</translation>
    </message>
    <message>
        <source>How this database keeps a commit through a failover (opsctl db check, docs/team.md).</source>
        <translation>Як ця база даних зберігає фіксацію під час перемикання на репліку (opsctl db check, docs/team.md).</translation>
    </message>
    <message>
        <source>Four-eyes needs a second approver</source>
        <translation>Для двох підписів потрібен другий затверджувач</translation>
    </message>
    <message>
        <source>A four-eyes threshold is set (%1), but only %2 may approve: a close or resend above it waits until a second person with the approve right exists. Add a second supervisor (docs/team.md).</source>
        <translation>Поріг двох підписів задано (%1), але затверджувати може лише %2: закриття чи повторне надсилання вище порога чекає, доки не з’явиться друга людина з правом затверджувати. Додайте другого супервізора (docs/team.md).</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>ніхто</translation>
    </message>
    <message>
        <source>Logged in as %1 (%2)</source>
        <translation>Вхід виконано: %1 (%2)</translation>
    </message>
    <message>
        <source>Operator: %1 (%2)</source>
        <translation>Оператор: %1 (%2)</translation>
    </message>
    <message>
        <source>Rights: %1</source>
        <translation>Права: %1</translation>
    </message>
    <message>
        <source>Approvals (%1)</source>
        <translation>Погодження (%1)</translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation>Погодження</translation>
    </message>
    <message>
        <source>Approval #%1 was not decided: %2</source>
        <translation>Рішення щодо запиту #%1 не ухвалено: %2</translation>
    </message>
    <message>
        <source>Nothing changed; reload (F5) to see the request as it is now.</source>
        <translation>Нічого не змінилося; оновіть (F5), щоб побачити поточний стан запиту.</translation>
    </message>
    <message>
        <source>Approval #%1 %2 (%3 of %4)</source>
        <translation>Запит на погодження #%1: %2 (%3, операція %4)</translation>
    </message>
    <message>
        <source>Approval #%1 is approved, and %2 was not resent: another job is running.</source>
        <translation>Запит #%1 затверджено, але %2 не надіслано повторно: виконується інша дія.</translation>
    </message>
    <message>
        <source>Resend %1 once the job ends; the approval waits for you or %2.</source>
        <translation>Надішліть %1 повторно, коли дія завершиться; затвердження чекає на вас або %2.</translation>
    </message>
</context>
<context>
    <name>ops::ui::DetailPane</name>
    <message>
        <source>&amp;Request</source>
        <translation>&amp;Запит</translation>
    </message>
    <message>
        <source>A&amp;udit</source>
        <translation>&amp;Аудит</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>Копіювати ключ</translation>
    </message>
    <message>
        <source>Copy the idempotency key (Ctrl+Shift+C)</source>
        <translation>Копіювати ключ ідемпотентності (Ctrl+Shift+C)</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <source>Select an evidence item to read it.</source>
        <translation>Виберіть доказ, щоб прочитати його.</translation>
    </message>
    <message>
        <source>SHA-256 %1

</source>
        <translation>SHA-256 %1

</translation>
    </message>
    <message>
        <source>No operation selected</source>
        <translation>Операцію не вибрано</translation>
    </message>
    <message>
        <source> at </source>
        <translation> у </translation>
    </message>
    <message>
        <source>order </source>
        <translation>замовлення </translation>
    </message>
    <message>
        <source>charge </source>
        <translation>платіж </translation>
    </message>
    <message>
        <source>customer </source>
        <translation>клієнт </translation>
    </message>
    <message>
        <source>provider ref </source>
        <translation>посилання провайдера </translation>
    </message>
    <message>
        <source>provider status </source>
        <translation>статус у провайдера </translation>
    </message>
    <message>
        <source>unknown because: </source>
        <translation>невідомо, тому що: </translation>
    </message>
    <message>
        <source>closed by %1: %2</source>
        <translation>закрив %1: %2</translation>
    </message>
    <message>
        <source>%1 %2
Content-Type: %3
Idempotency-Key: %4

</source>
        <translation>%1 %2
Content-Type: %3
Idempotency-Key: %4

</translation>
    </message>
    <message>
        <source>first attempt %1 · last attempt %2</source>
        <translation>перша спроба %1 · остання спроба %2</translation>
    </message>
    <message>
        <source> · closed %1</source>
        <translation> · закрито %1</translation>
    </message>
    <message>
        <source> · retention window starts with the first attempt</source>
        <translation> · вікно зберігання починається з першої спроби</translation>
    </message>
    <message>
        <source> · &lt;b style=&apos;color:#c62828&apos;&gt;retention window closed&lt;/b&gt; at %1</source>
        <translation> · &lt;b style=&apos;color:#c62828&apos;&gt;вікно зберігання закрилося&lt;/b&gt; о %1</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#c62828&apos;&gt;%1 left&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#c62828&apos;&gt;залишилося %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 left&lt;/b&gt;</source>
        <translation>&lt;b&gt;залишилося %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · window </source>
        <translation> · вікно </translation>
    </message>
    <message>
        <source> (until %1)</source>
        <translation> (до %1)</translation>
    </message>
    <message>
        <source>&amp;Messages</source>
        <translation>&amp;Повідомлення</translation>
    </message>
    <message>
        <source>&amp;Messages (%1)</source>
        <translation>&amp;Повідомлення (%1)</translation>
    </message>
    <message>
        <source>the provider accepted it and still reports it pending: the money is on its way, not arrived</source>
        <translation>провайдер прийняв повернення, але досі повідомляє, що воно в обробці: кошти в дорозі, але ще не дійшли</translation>
    </message>
    <message>
        <source>Attem&amp;pts</source>
        <translation>&amp;Спроби</translation>
    </message>
    <message>
        <source>&amp;Evidence</source>
        <translation>&amp;Докази</translation>
    </message>
    <message>
        <source>attempts %1</source>
        <translation>спроби %1</translation>
    </message>
    <message>
        <source> (until %1; it ends %2 before the provider forgets the key)</source>
        <translation> (до %1; вікно закінчується за %2 до того, як провайдер забуде ключ)</translation>
    </message>
    <message>
        <source>Eve&amp;nts</source>
        <translation>Поді&amp;ї</translation>
    </message>
    <message>
        <source>Eve&amp;nts (%1)</source>
        <translation>Поді&amp;ї (%1)</translation>
    </message>
    <message>
        <source>Replaces %1</source>
        <translation>Замінює %1</translation>
    </message>
    <message>
        <source>Replaced by %1</source>
        <translation>Замінено: %1</translation>
    </message>
    <message>
        <source>the provider received it and will confirm it by notification: it is being processed, not done</source>
        <translation>провайдер отримав його і підтвердить сповіщенням: воно обробляється, але ще не виконане</translation>
    </message>
    <message>
        <source>ticket </source>
        <translation>тікет </translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Нотатки</translation>
    </message>
    <message>
        <source>No notes yet. A note tells the team what was done or agreed; it is never evidence.</source>
        <translation>Нотаток поки немає. Нотатка каже команді, що зроблено чи про що домовились; доказом вона не буває.</translation>
    </message>
    <message>
        <source>Notes (%1)</source>
        <translation>Нотатки (%1)</translation>
    </message>
    <message>
        <source>owned by %1 since %2</source>
        <translation>власник %1 з %2</translation>
    </message>
    <message>
        <source>no owner</source>
        <translation>без власника</translation>
    </message>
</context>
<context>
    <name>ops::ui::DetailPresenter</name>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Не вдалося прочитати %1: %2</translation>
    </message>
    <message>
        <source>Try again in a moment (F5).</source>
        <translation>Спробуйте ще раз трохи згодом (F5).</translation>
    </message>
</context>
<context>
    <name>ops::ui::EventsPanel</name>
    <message>
        <source>Select an event to read its JSON.</source>
        <translation>Виберіть подію, щоб прочитати її JSON.</translation>
    </message>
    <message>
        <source>No provider event names this operation yet.</source>
        <translation>Жодна подія провайдера поки не згадує цю операцію.</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
</context>
<context>
    <name>ops::ui::EventsPresenter</name>
    <message>
        <source>Attention</source>
        <translation>Увага</translation>
    </message>
    <message>
        <source>%1 may not clear Attention; ask a supervisor.</source>
        <translation>%1 не може знімати позначку «Увага»; зверніться до супервайзера.</translation>
    </message>
    <message>
        <source>Attention (%1)</source>
        <translation>Увага (%1)</translation>
    </message>
    <message>
        <source>%1 no longer needs Attention.</source>
        <translation>%1 більше не потребує уваги.</translation>
    </message>
    <message>
        <source>Attention on %1 was not cleared: %2</source>
        <translation>Позначку «Увага» з %1 не знято: %2</translation>
    </message>
    <message>
        <source>Nothing changed; try again in a moment (F5).</source>
        <translation>Нічого не змінилося; спробуйте ще раз трохи згодом (F5).</translation>
    </message>
    <message>
        <source>Attention on %1 cleared; the note is in its audit trail.</source>
        <translation>Позначку «Увага» з %1 знято; нотатку записано до журналу аудиту.</translation>
    </message>
    <message>
        <source>Attention on %1 cleared</source>
        <translation>Позначку «Увага» з %1 знято</translation>
    </message>
</context>
<context>
    <name>ops::ui::EvidenceDialog</name>
    <message>
        <source>Attach evidence to %1</source>
        <translation>Додати доказ до %1</translation>
    </message>
    <message>
        <source>Provider object (JSON)</source>
        <translation>Об&apos;єкт провайдера (JSON)</translation>
    </message>
    <message>
        <source>Provider event / webhook (JSON)</source>
        <translation>Подія / вебхук провайдера (JSON)</translation>
    </message>
    <message>
        <source>Provider support answer</source>
        <translation>Відповідь підтримки провайдера</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Нотатка</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>e.g. Refund re_123 from the Stripe dashboard</source>
        <translation>напр. повернення re_123 з панелі Stripe</translation>
    </message>
    <message>
        <source>Choose &amp;file…</source>
        <translation>Вибрати &amp;файл…</translation>
    </message>
    <message>
        <source>&amp;Kind</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>&amp;Назва</translation>
    </message>
    <message>
        <source>&amp;Content</source>
        <translation>&amp;Вміст</translation>
    </message>
    <message>
        <source>&amp;Attach</source>
        <translation>&amp;Додати</translation>
    </message>
    <message>
        <source>Paste the JSON exactly as the provider returned it</source>
        <translation>Вставте JSON саме в тому вигляді, у якому його повернув провайдер</translation>
    </message>
    <message>
        <source>What the provider or the customer said, with dates</source>
        <translation>Що сказав провайдер або клієнт, із датами</translation>
    </message>
    <message>
        <source>Attach a file</source>
        <translation>Додати файл</translation>
    </message>
    <message>
        <source>%1 is %2 MB; files up to %3 MB can be attached.</source>
        <translation>%1 має розмір %2 МБ; можна додавати файли до %3 МБ.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Не вдається прочитати %1: %2</translation>
    </message>
    <message>
        <source>%1 · %2 bytes · %3
SHA-256 %4</source>
        <translation>%1 · %2 байтів · %3
SHA-256 %4</translation>
    </message>
    <message>
        <source>Give the evidence a title.</source>
        <translation>Дайте доказу назву.</translation>
    </message>
    <message>
        <source>Choose a non-empty file.</source>
        <translation>Виберіть непорожній файл.</translation>
    </message>
    <message>
        <source>The content is empty.</source>
        <translation>Вміст порожній.</translation>
    </message>
    <message>
        <source>Not valid JSON: %1 at character %2.</source>
        <translation>Некоректний JSON: %1 у символі %2.</translation>
    </message>
    <message>
        <source>Expected a JSON object ({…}) as the provider returns it.</source>
        <translation>Очікується об&apos;єкт JSON ({…}) у тому вигляді, у якому його повертає провайдер.</translation>
    </message>
</context>
<context>
    <name>ops::ui::FirstRunDialog</name>
    <message>
        <source>A new database</source>
        <translation>Нова база даних</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; has no operations and no operators yet.&lt;/p&gt;&lt;p&gt;Become its first &lt;b&gt;supervisor&lt;/b&gt; as &lt;b&gt;%2&lt;/b&gt;? A supervisor may do everything, including adding the other operators (&lt;tt&gt;opsctl operator add&lt;/tt&gt;). The first operator of a database is always a supervisor; after that only a supervisor adds people.&lt;/p&gt;&lt;p&gt;Not now: the console opens with view rights only.&lt;/p&gt;</source>
        <translation>&lt;p&gt;У &lt;b&gt;%1&lt;/b&gt; ще немає ні операцій, ні операторів.&lt;/p&gt;&lt;p&gt;Стати її першим &lt;b&gt;супервайзером&lt;/b&gt; як &lt;b&gt;%2&lt;/b&gt;? Супервізор може все, зокрема додавати інших операторів (&lt;tt&gt;opsctl operator add&lt;/tt&gt;). Перший оператор бази даних завжди супервайзер; після цього людей додає лише супервайзер.&lt;/p&gt;&lt;p&gt;«Не зараз»: консоль відкриється лише з правами перегляду.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Become supervisor</source>
        <translation>&amp;Стати супервайзером</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>&amp;Не зараз</translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation>Не додано: %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::LookupDialog</name>
    <message>
        <source>Provider look-up: %1</source>
        <translation>Запит у провайдера: %1</translation>
    </message>
    <message>
        <source>&amp;Attach as evidence</source>
        <translation>&amp;Додати як доказ</translation>
    </message>
    <message>
        <source>Attach and close as &amp;succeeded…</source>
        <translation>Додати й закрити як &amp;успішну…</translation>
    </message>
    <message>
        <source>Attach and close as &amp;failed…</source>
        <translation>Додати й закрити як &amp;неуспішну…</translation>
    </message>
    <message>
        <source>&amp;Resend…</source>
        <translation>Повторне &amp;надсилання…</translation>
    </message>
    <message>
        <source>Send the stored request once more with the stored key: the provider replays it if it happened, or makes it once.</source>
        <translation>Надіслати збережений запит ще раз зі збереженим ключем: провайдер повторить відповідь, якщо операція вже відбулася, або виконає її один раз.</translation>
    </message>
    <message>
        <source>
The retention window has closed: nothing can be resent for this operation. Close it with evidence, then tell the customer.</source>
        <translation>
Вікно зберігання закрилося: повторно надіслати цю операцію вже не можна. Закрийте її з доказами, потім повідомте клієнта.</translation>
    </message>
    <message>
        <source>Not resent: %1</source>
        <translation>Не надіслано повторно: %1</translation>
    </message>
    <message>
        <source>Attached as evidence %1 of this operation.</source>
        <translation>Додано як доказ %1 цієї операції.</translation>
    </message>
    <message>
        <source>Attach evidence and as&amp;k a supervisor</source>
        <translation>Додати доказ і запитати су&amp;первайзера</translation>
    </message>
    <message>
        <source>Attach the answer and file its proposed close as a request: a supervisor approves it (the close is carried out) or rejects it in their Approvals tab.</source>
        <translation>Додати відповідь і подати запропоноване закриття як запит: супервайзер схвалює його (закриття виконується) або відхиляє на своїй вкладці «Погодження».</translation>
    </message>
    <message>
        <source>
Only a supervisor closes operations: &quot;Attach evidence and ask a supervisor&quot; files this close for one to approve or reject.</source>
        <translation>
Закриває операції лише супервайзер: «Додати доказ і запитати супервайзера» подає це закриття йому на схвалення чи відхилення.</translation>
    </message>
    <message>
        <source>Asked a supervisor: approval #%1 waits in their Approvals tab. The evidence is attached.</source>
        <translation>Супервайзера запитано: погодження №%1 чекає на його вкладці «Погодження». Доказ додано.</translation>
    </message>
    <message>
        <source>Not asked: %1. The answer is attached as evidence.</source>
        <translation>Запит не подано: %1. Відповідь додано як доказ.</translation>
    </message>
    <message>
        <source>Attaching the answer as evidence…</source>
        <translation>Відповідь прикріплюється як доказ…</translation>
    </message>
</context>
<context>
    <name>ops::ui::MainWindow</name>
    <message>
        <source>Operations console — %1</source>
        <translation>Консоль операцій — %1</translation>
    </message>
    <message>
        <source>Cancel (Esc)</source>
        <translation>Скасувати (Esc)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;What to do next: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Що робити далі: %2</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Пошук</translation>
    </message>
    <message>
        <source>Search operations</source>
        <translation>Пошук операцій</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Онов&amp;ити</translation>
    </message>
    <message>
        <source>Read the lists again</source>
        <translation>Перечитати списки</translation>
    </message>
    <message>
        <source>&amp;Operations</source>
        <translation>&amp;Операції</translation>
    </message>
    <message>
        <source>&amp;Checking queue</source>
        <translation>Черга пере&amp;вірки</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Дії</translation>
    </message>
    <message>
        <source>&amp;Operation</source>
        <translation>&amp;Операція</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вигляд</translation>
    </message>
    <message>
        <source>Database unreachable — retrying (%1)</source>
        <translation>База даних недоступна — повторна спроба (%1)</translation>
    </message>
    <message>
        <source>Database reachable again</source>
        <translation>База даних знову доступна</translation>
    </message>
    <message>
        <source>resend</source>
        <translation>виконувати повторне надсилання</translation>
    </message>
    <message>
        <source>&amp;Attention queue</source>
        <translation>Черга ува&amp;ги</translation>
    </message>
    <message>
        <source>Appro&amp;vals</source>
        <translation>Пого&amp;дження</translation>
    </message>
    <message>
        <source>Press / to search, Enter to open the detail.</source>
        <translation>/ — пошук, Enter відкриває подробиці.</translation>
    </message>
    <message>
        <source>attach</source>
        <translation>додати</translation>
    </message>
    <message>
        <source>close</source>
        <translation>закрити</translation>
    </message>
    <message>
        <source>message</source>
        <translation>написати</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>аудит</translation>
    </message>
    <message>
        <source>approve</source>
        <translation>схвалити</translation>
    </message>
    <message>
        <source>%1 needs the %2 right; you are %3.</source>
        <translation>Для дії «%1» потрібне право «%2»; ваша роль — %3.</translation>
    </message>
    <message>
        <source> Look the row up (Ctrl+L) and ask a supervisor from there.</source>
        <translation> Запитайте рядок у провайдера (Ctrl+L) і зверніться до супервайзера звідти.</translation>
    </message>
    <message>
        <source> Ask a supervisor.</source>
        <translation> Зверніться до супервайзера.</translation>
    </message>
    <message>
        <source>%1: select an operation first.</source>
        <translation>%1: спершу виберіть операцію.</translation>
    </message>
    <message>
        <source>%1: %2 is already closed (%3).</source>
        <translation>%1: %2 уже закрита (%3).</translation>
    </message>
    <message>
        <source>%1: another action is running; wait for it or press Esc.</source>
        <translation>%1: виконується інша дія; дочекайтеся її або натисніть Esc.</translation>
    </message>
    <message>
        <source>%1 is not available now.</source>
        <translation>%1 зараз недоступно.</translation>
    </message>
    <message>
        <source>%1 is not in the list shown; clear the search.</source>
        <translation>%1 немає в показаному списку; очистьте пошук.</translation>
    </message>
    <message>
        <source>&amp;Mine</source>
        <translation>&amp;Мої</translation>
    </message>
</context>
<context>
    <name>ops::ui::ModeBanner</name>
    <message>
        <source>TEST</source>
        <translation>ТЕСТ</translation>
    </message>
    <message>
        <source>SIMULATOR</source>
        <translation>СИМУЛЯТОР</translation>
    </message>
    <message>
        <source>LIVE</source>
        <translation>БОЙОВИЙ</translation>
    </message>
    <message>
        <source>NOT CONNECTED</source>
        <translation>НЕ ПІДКЛЮЧЕНО</translation>
    </message>
    <message>
        <source>Live mode</source>
        <translation>Бойовий режим</translation>
    </message>
    <message>
        <source>Mode: %1</source>
        <translation>Режим: %1</translation>
    </message>
    <message>
        <source>LIVE — real money moves. %1</source>
        <translation>БОЙОВИЙ РЕЖИМ — рухаються справжні гроші. %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::NavigationActions</name>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Вихід</translation>
    </message>
    <message>
        <source>Close the console</source>
        <translation>Закрити консоль</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Next tab</source>
        <translation>&amp;Наступна вкладка</translation>
    </message>
    <message>
        <source>&amp;Previous tab</source>
        <translation>По&amp;передня вкладка</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Дов&amp;ідка</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>&amp;Сполучення клавіш…</translation>
    </message>
    <message>
        <source>Close the audit window</source>
        <translation>Закрити вікно аудиту</translation>
    </message>
</context>
<context>
    <name>ops::ui::NewRefundDialog</name>
    <message>
        <source>New refund for order %1</source>
        <translation>Нове повернення для замовлення %1</translation>
    </message>
    <message>
        <source>This refund replaces %1, which is closed as failed: no money moved for it. It is a new operation with a new idempotency key; the two rows name each other.</source>
        <translation>Це повернення замінює %1, закрите як неуспішне: за ним кошти не рухалися. Це нова операція з новим ключем ідемпотентності; обидва рядки посилаються один на одного.</translation>
    </message>
    <message>
        <source>Before anything is stored, the provider&apos;s refundable balance of the charge is checked: a refund above what is left is refused, and nothing is stored or sent.</source>
        <translation>Перед збереженням перевіряється залишок платежу, доступний для повернення в провайдера: повернення, більше за залишок, відхиляється, і нічого не зберігається й не надсилається.</translation>
    </message>
    <message>
        <source>&amp;Start the refund</source>
        <translation>&amp;Почати повернення</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>Замовлення:</translation>
    </message>
    <message>
        <source>Charge:</source>
        <translation>Платіж:</translation>
    </message>
    <message>
        <source>Payment intent:</source>
        <translation>Payment intent:</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>&amp;Сума:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>немає</translation>
    </message>
    <message>
        <source>&amp;Reference:</source>
        <translation>&amp;Посилання:</translation>
    </message>
    <message>
        <source>none given</source>
        <translation>не вказано</translation>
    </message>
    <message>
        <source>requested by the customer</source>
        <translation>на прохання клієнта</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>дублікат</translation>
    </message>
    <message>
        <source>fraudulent</source>
        <translation>шахрайство</translation>
    </message>
    <message>
        <source>R&amp;eason:</source>
        <translation>П&amp;ричина:</translation>
    </message>
    <message>
        <source>Amount: %1.</source>
        <translation>Сума: %1.</translation>
    </message>
    <message>
        <source>Amount: a refund is above zero.</source>
        <translation>Сума: повернення має бути більшим за нуль.</translation>
    </message>
    <message>
        <source>Amount: one refund is at most %1.</source>
        <translation>Сума: одне повернення — не більше %1.</translation>
    </message>
    <message>
        <source>Above the four-eyes threshold of %1: the refund waits until another person with the approve right sends it.</source>
        <translation>Вище порогу чотирьох очей (%1): повернення чекає, доки його надішле інша людина з правом схвалення.</translation>
    </message>
    <message>
        <source>&amp;Start and ask for approval</source>
        <translation>&amp;Почати й запитати схвалення</translation>
    </message>
    <message>
        <source>Adyen cannot be asked for the payment&apos;s balance: the refund is bounded by the payment&apos;s stored notifications and this product&apos;s refunds of it, and Adyen&apos;s notification refuses a refund above what is left.</source>
        <translation>В Adyen не можна запитати залишок платежу: повернення обмежене збереженими сповіщеннями про платіж і поверненнями цього платежу, зробленими тут, а сповіщення Adyen відхилить повернення понад залишок.</translation>
    </message>
    <message>
        <source>Adyen payment:</source>
        <translation>Платіж Adyen:</translation>
    </message>
</context>
<context>
    <name>ops::ui::NextStepDialog</name>
    <message>
        <source>Next step for %1</source>
        <translation>Наступний крок для %1</translation>
    </message>
    <message>
        <source>%1 is closed as failed: no money moved for it, and the customer is still waiting. Tell them, or start again.</source>
        <translation>%1 закрито як неуспішну: гроші за нею не рухалися, а клієнт досі чекає. Повідомте його або почніть заново.</translation>
    </message>
    <message>
        <source>&amp;Message the customer…</source>
        <translation>&amp;Написати клієнтові…</translation>
    </message>
    <message>
        <source>Copied: paste it into a terminal where opsctl reaches this database.</source>
        <translation>Скопійовано: вставте в термінал, де opsctl бачить цю базу даних.</translation>
    </message>
    <message>
        <source>To refund again, start a new refund: a new operation with a new idempotency key, linked to this one, which stays closed with its evidence. From a terminal, the same is:</source>
        <translation>Щоб повернути кошти знову, почніть нове повернення: нову операцію з новим ключем ідемпотентності, пов’язану з цією; ця лишається закритою зі своїми доказами. Те саме з термінала:</translation>
    </message>
    <message>
        <source>Start a &amp;new refund…</source>
        <translation>&amp;Нове повернення…</translation>
    </message>
    <message>
        <source>&amp;Copy the command</source>
        <translation>&amp;Копіювати команду</translation>
    </message>
</context>
<context>
    <name>ops::ui::NoteDialog</name>
    <message>
        <source>Add a note to %1</source>
        <translation>Нотатка до %1</translation>
    </message>
    <message>
        <source>An internal note for the team: who called, what was agreed, what to check next. Everyone who opens %1 reads it; it is never evidence for a close and cannot be changed later.</source>
        <translation>Внутрішня нотатка для команди: хто дзвонив, про що домовились, що перевірити далі. Її прочитає кожен, хто відкриє %1; доказом для закриття вона не буває, і змінити її потім не можна.</translation>
    </message>
    <message>
        <source>e.g. Customer called at 10:15; the bank shows no refund yet.</source>
        <translation>наприклад: клієнт дзвонив о 10:15; банк поки не бачить повернення.</translation>
    </message>
    <message>
        <source>Add &amp;note</source>
        <translation>Додати &amp;нотатку</translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation>%1 / %2 символів</translation>
    </message>
</context>
<context>
    <name>ops::ui::OpenFailedDialog</name>
    <message>
        <source>Cannot open the database</source>
        <translation>Не вдається відкрити базу даних</translation>
    </message>
    <message>
        <source>&lt;p&gt;The console cannot open the database&lt;/p&gt;&lt;p&gt;&lt;tt&gt;%1&lt;/tt&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;Reason:&lt;/b&gt; %2&lt;/p&gt;&lt;p&gt;Choose another database file (a new file becomes an empty database), or quit and fix the path or its permissions.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Консоль не може відкрити базу даних&lt;/p&gt;&lt;p&gt;&lt;tt&gt;%1&lt;/tt&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;Причина:&lt;/b&gt; %2&lt;/p&gt;&lt;p&gt;Виберіть інший файл бази даних (новий файл стане порожньою базою) або вийдіть і виправте шлях чи права доступу.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Choose another…</source>
        <translation>&amp;Вибрати іншу…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Вийти</translation>
    </message>
    <message>
        <source>Choose a database</source>
        <translation>Виберіть базу даних</translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation>Бази даних SQLite (*.sqlite *.db);;Усі файли (*)</translation>
    </message>
</context>
<context>
    <name>ops::ui::OperationDelegate</name>
    <message>
        <source>Late: %1.</source>
        <translation>Прострочено: %1.</translation>
    </message>
</context>
<context>
    <name>ops::ui::OperationListView</name>
    <message>
        <source>Any state</source>
        <translation>Будь-який стан</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Відкрита</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Невідомо</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Успішна</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Неуспішна</translation>
    </message>
    <message>
        <source>Any kind</source>
        <translation>Будь-який вид</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Повернення</translation>
    </message>
    <message>
        <source>Credit top-up</source>
        <translation>Поповнення кредитів</translation>
    </message>
    <message>
        <source>Credit charge</source>
        <translation>Списання кредитів</translation>
    </message>
    <message>
        <source>Credit adjust</source>
        <translation>Коригування кредитів</translation>
    </message>
    <message>
        <source>Execution</source>
        <translation>Виконання</translation>
    </message>
    <message>
        <source>Any provider</source>
        <translation>Будь-який провайдер</translation>
    </message>
    <message>
        <source>Stripe</source>
        <translation>Stripe</translation>
    </message>
    <message>
        <source>Slen</source>
        <translation>Slen</translation>
    </message>
    <message>
        <source>Any age</source>
        <translation>Будь-який вік</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Остання година</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Останні 24 години</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Останні 7 днів</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Останні 30 днів</translation>
    </message>
    <message>
        <source>Clear search and filters</source>
        <translation>Скинути пошук і фільтри</translation>
    </message>
    <message>
        <source>No operation matches these filters</source>
        <translation>Немає операцій, що відповідають цим фільтрам</translation>
    </message>
    <message>
        <source>No operation matches “%1”</source>
        <translation>Немає операцій за запитом «%1»</translation>
    </message>
    <message>
        <source>The checking queue holds only unknown operations. Clear the search and filters to see all of them.</source>
        <translation>У черзі перевірки лише операції з невідомим результатом. Скиньте пошук і фільтри, щоб побачити їх усі.</translation>
    </message>
    <message>
        <source>Check the spelling, or clear the search and filters to see every operation.</source>
        <translation>Перевірте написання або скиньте пошук і фільтри, щоб побачити всі операції.</translation>
    </message>
    <message>
        <source>Nothing to check</source>
        <translation>Перевіряти нічого</translation>
    </message>
    <message>
        <source>No operation has an unknown outcome right now. New ones appear here by themselves.</source>
        <translation>Зараз немає операцій з невідомим результатом. Нові з&apos;являться тут самі.</translation>
    </message>
    <message>
        <source>No operations yet</source>
        <translation>Операцій поки немає</translation>
    </message>
    <message>
        <source>Operations appear here as soon as an agent or opsctl makes one.</source>
        <translation>Операції з&apos;являться тут, щойно агент або opsctl створить першу.</translation>
    </message>
    <message>
        <source>Open the selected operation&apos;s attempts</source>
        <translation>Відкрити спроби вибраної операції</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>From the search box to the list</source>
        <translation>З поля пошуку до списку</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Вниз</translation>
    </message>
    <message>
        <source>Adyen</source>
        <translation>Adyen</translation>
    </message>
    <message>
        <source>Search operation id, key, order, customer, charge, provider ref or ticket  ( / )</source>
        <translation>Пошук за id операції, ключем, замовленням, клієнтом, платежем, посиланням провайдера або тікетом  ( / )</translation>
    </message>
</context>
<context>
    <name>ops::ui::QueuePresenter</name>
    <message>
        <source>Operations</source>
        <translation>Операції</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Перевірка</translation>
    </message>
    <message>
        <source>Could not read the operations: </source>
        <translation>Не вдалося прочитати операції: </translation>
    </message>
    <message>
        <source>Check that the database file is reachable; the list retries on the next change or with F5.</source>
        <translation>Перевірте, що файл бази даних доступний; список спробує знову під час наступної зміни або за F5.</translation>
    </message>
    <message numerus="yes">
        <source>%n selected row(s) left %1 after a change made elsewhere: %2</source>
        <translation>
            <numerusform>%n вибраний рядок залишив список «%1» після зміни в іншому місці: %2</numerusform>
            <numerusform>%n вибрані рядки залишили список «%1» після зміни в іншому місці: %2</numerusform>
            <numerusform>%n вибраних рядків залишили список «%1» після зміни в іншому місці: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Checking (%1)</source>
        <translation>Перевірка (%1)</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>Мої</translation>
    </message>
    <message>
        <source>Checking (%1, %2 late)</source>
        <translation>Перевірка (%1, прострочено %2)</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) past a service target: the late mark in the Window left column says which.</source>
        <translation>
            <numerusform>%n рядок вийшов за цільовий строк: який саме, каже мітка в колонці «Залишок вікна».</numerusform>
            <numerusform>%n рядки вийшли за цільовий строк: який саме, каже мітка в колонці «Залишок вікна».</numerusform>
            <numerusform>%n рядків вийшли за цільовий строк: який саме, каже мітка в колонці «Залишок вікна».</numerusform>
        </translation>
    </message>
    <message>
        <source>Mine (%1)</source>
        <translation>Мої (%1)</translation>
    </message>
    <message>
        <source>Nothing is yours yet</source>
        <translation>Поки нічого вашого</translation>
    </message>
    <message>
        <source>Rows you take (Ctrl+T) or a supervisor gives you appear here. An owner is a name, not a lock: the team sees who is on a row.</source>
        <translation>Тут з’являються рядки, які ви взяли (Ctrl+T) або які вам призначив супервайзер. Власник — це ім’я, а не блокування: команда бачить, хто займається рядком.</translation>
    </message>
</context>
<context>
    <name>ops::ui::RefundsView</name>
    <message>
        <source>Refunds by reason</source>
        <translation>Повернення за причинами</translation>
    </message>
    <message>
        <source>Export by reas&amp;on…</source>
        <translation>Експорт за при&amp;чинами…</translation>
    </message>
    <message>
        <source>Export by &amp;batch…</source>
        <translation>Експорт за па&amp;кетами…</translation>
    </message>
    <message>
        <source>Export the batch&apos;s refun&amp;ds…</source>
        <translation>Експорт пове&amp;рнень пакета…</translation>
    </message>
    <message>
        <source>Could not read the refunds: %1</source>
        <translation>Не вдалося прочитати повернення: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es); refunds by reason include every refund.</source>
        <translation>
            <numerusform>%n пакет; повернення за причинами охоплюють усі повернення.</numerusform>
            <numerusform>%n пакети; повернення за причинами охоплюють усі повернення.</numerusform>
            <numerusform>%n пакетів; повернення за причинами охоплюють усі повернення.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Повернено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Неуспішна</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Перевірка</translation>
    </message>
    <message>
        <source>Could not read batch %1: %2</source>
        <translation>Не вдалося прочитати пакет %1: %2</translation>
    </message>
    <message>
        <source>Export refunds</source>
        <translation>Експорт повернень</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файли CSV (*.csv)</translation>
    </message>
    <message>
        <source>Select a batch first.</source>
        <translation>Спершу виберіть пакет.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>Збережено: %1.</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>Не вдалося зберегти %1: %2</translation>
    </message>
</context>
<context>
    <name>ops::ui::Refusal</name>
    <message>
        <source>Only a supervisor closes an operation by hand.</source>
        <translation>Закрити операцію вручну може лише супервайзер.</translation>
    </message>
    <message>
        <source>No approval allows this: a close after four-eyes needs a second supervisor&apos;s approval, and a decided approval is not decided again.</source>
        <translation>Немає погодження, яке це дозволяє: закриття за принципом чотирьох очей потребує схвалення другого супервайзера, а вирішене погодження повторно не вирішується.</translation>
    </message>
    <message>
        <source>An operation does not change state this way; a closed operation is never reopened.</source>
        <translation>Операція не може так змінити стан; закрита операція ніколи не відкривається знову.</translation>
    </message>
    <message>
        <source>Support may not approve; a supervisor decides approvals.</source>
        <translation>Підтримка не може схвалювати; погодження вирішує супервайзер.</translation>
    </message>
    <message>
        <source>You asked for this yourself; another supervisor must decide it.</source>
        <translation>Це ваш власний запит; рішення має ухвалити інший супервайзер.</translation>
    </message>
    <message>
        <source>Only a person (support or supervisor) asks for or decides an approval.</source>
        <translation>Запитувати й вирішувати погодження може лише людина (підтримка або супервайзер).</translation>
    </message>
    <message>
        <source>Only a supervisor changes the settings, the operator directory and the agents.</source>
        <translation>Налаштування, довідник операторів і агентів змінює лише супервайзер.</translation>
    </message>
    <message>
        <source>An agent does not attach evidence or write to customers; a person does.</source>
        <translation>Агент не додає докази й не пише клієнтам — це робить людина.</translation>
    </message>
    <message>
        <source>Only a service login (the webhook receiver, the reconciler) writes provider events and service leases.</source>
        <translation>Події провайдера й оренди служб записує лише службовий логін (приймач вебхуків, звірка).</translation>
    </message>
    <message>
        <source>Nothing is deleted here: the database keeps every row.</source>
        <translation>Тут нічого не видаляється: база даних зберігає кожен рядок.</translation>
    </message>
    <message>
        <source>Your login is disabled; ask a supervisor. Your history is kept.</source>
        <translation>Ваш логін вимкнено; зверніться до супервайзера. Вашу історію збережено.</translation>
    </message>
    <message>
        <source>Your login is in no ops group; a DBA grants it ops_support or ops_supervisor (docs/team.md).</source>
        <translation>Ваш логін не входить до жодної групи ops; адміністратор БД надає йому ops_support або ops_supervisor (docs/team.md).</translation>
    </message>
    <message>
        <source>Your login has no privilege for this change; the database refused it.</source>
        <translation>Ваш логін не має прав на цю зміну; база даних її відхилила.</translation>
    </message>
    <message>
        <source>The database refuses a change made in the name of someone other than your login.</source>
        <translation>База даних відхиляє зміну від імені будь-кого, крім вашого логіна.</translation>
    </message>
    <message>
        <source>You are logged in as %1; the database refuses a change made in someone else&apos;s name.</source>
        <translation>Ви увійшли як %1; база даних відхиляє зміну від чужого імені.</translation>
    </message>
    <message>
        <source>attach evidence</source>
        <translation>додавати докази</translation>
    </message>
    <message>
        <source>close operations</source>
        <translation>закривати операції</translation>
    </message>
    <message>
        <source>message customers</source>
        <translation>писати клієнтам</translation>
    </message>
    <message>
        <source>resend</source>
        <translation>повторне надсилання</translation>
    </message>
    <message>
        <source>%1 may not %2; ask a supervisor.</source>
        <translation>%1 не може %2; зверніться до супервайзера.</translation>
    </message>
    <message>
        <source>A person takes a row for themselves and gives back their own; only a supervisor gives a row to someone else or releases another person&apos;s row, and only to an enabled person.</source>
        <translation>Людина бере рядок собі й повертає свій; віддати рядок іншому чи зняти чужий може лише супервайзер, і лише активній людині.</translation>
    </message>
</context>
<context>
    <name>ops::ui::Replication</name>
    <message>
        <source>sync standby</source>
        <translation>синхронна репліка</translation>
    </message>
    <message>
        <source>ASYNC standby — new refunds refused</source>
        <translation>АСИНХРОННА репліка — нові повернення відхиляються</translation>
    </message>
    <message>
        <source>async standby (risk accepted)</source>
        <translation>асинхронна репліка (ризик прийнято)</translation>
    </message>
    <message>
        <source>standalone server</source>
        <translation>автономний сервер</translation>
    </message>
</context>
<context>
    <name>ops::ui::ResendConfirmDialog</name>
    <message>
        <source>starts with this attempt</source>
        <translation>почнеться з цієї спроби</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>закрито</translation>
    </message>
    <message>
        <source>%1 (until %2)</source>
        <translation>%1 (до %2)</translation>
    </message>
    <message>
        <source>Resend %1?</source>
        <translation>Надіслати %1 повторно?</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#c62828&apos;&gt;LIVE key: real money moves.&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#c62828&apos;&gt;Бойовий ключ (LIVE): рухаються справжні гроші.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Test key: no real money moves.</source>
        <translation>Тестовий ключ: справжні гроші не рухаються.</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;This sends the stored request once more, with the stored key and the same bytes: one attempt.</source>
        <translation>%1&lt;br&gt;Збережений запит буде надіслано ще раз зі збереженим ключем і тими самими байтами: одна спроба.</translation>
    </message>
    <message>
        <source>Amount:</source>
        <translation>Сума:</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>Ключ:</translation>
    </message>
    <message>
        <source>Window left:</source>
        <translation>Залишок вікна:</translation>
    </message>
    <message>
        <source>Attempts:</source>
        <translation>Спроби:</translation>
    </message>
    <message>
        <source>&amp;Resend once</source>
        <translation>&amp;Надіслати повторно один раз</translation>
    </message>
    <message>
        <source>automation %1 of %2, operators %3; this resend is one more by an operator</source>
        <translation>автоматика %1 з %2, оператори %3; це повторне надсилання — ще одна спроба оператора</translation>
    </message>
    <message>
        <source>automation %1 of %2; this resend is one more by an operator</source>
        <translation>автоматика %1 з %2; це повторне надсилання — ще одна спроба оператора</translation>
    </message>
    <message>
        <source>Warning: the provider stored an answer under this key and replays it: this resend cannot finish the refund.</source>
        <translation>Увага: провайдер зберіг відповідь під цим ключем і повторює її: це повторне надсилання не завершить повернення.</translation>
    </message>
    <message>
        <source>Warning: the provider holds another request under this key and refuses it again: this resend cannot finish the refund.</source>
        <translation>Увага: у провайдера під цим ключем інший запит, і він знову відмовить: це повторне надсилання не завершить повернення.</translation>
    </message>
    <message>
        <source>Close it as failed with that answer as evidence, then start a new refund.</source>
        <translation>Закрийте її як невдалу з цією відповіддю як доказом, потім почніть нове повернення.</translation>
    </message>
    <message>
        <source>Ask a supervisor to close it as failed; a new refund can then be started.</source>
        <translation>Попросіть супервізора закрити її як невдалу; після цього можна почати нове повернення.</translation>
    </message>
</context>
<context>
    <name>ops::ui::RowActions</name>
    <message>
        <source>&amp;Look up at provider</source>
        <translation>&amp;Запитати в провайдера</translation>
    </message>
    <message>
        <source>Ask the provider what happened to this operation</source>
        <translation>Запитати в провайдера, що сталося з цією операцією</translation>
    </message>
    <message>
        <source>&amp;Resend</source>
        <translation>Повторне &amp;надсилання</translation>
    </message>
    <message>
        <source>Send the stored request once more, with the stored key</source>
        <translation>Надіслати збережений запит ще раз зі збереженим ключем</translation>
    </message>
    <message>
        <source>Attach &amp;evidence…</source>
        <translation>Додати &amp;доказ…</translation>
    </message>
    <message>
        <source>Attach provider JSON, a note or a file</source>
        <translation>Додати JSON провайдера, нотатку або файл</translation>
    </message>
    <message>
        <source>Evidence…</source>
        <comment>toolbar button of Attach evidence</comment>
        <translation>Доказ…</translation>
    </message>
    <message>
        <source>Close as &amp;succeeded…</source>
        <translation>Закрити як &amp;успішну…</translation>
    </message>
    <message>
        <source>Close with evidence: the provider moved the money</source>
        <translation>Закрити з доказами: провайдер переказав кошти</translation>
    </message>
    <message>
        <source>Close as &amp;failed…</source>
        <translation>Закрити як &amp;неуспішну…</translation>
    </message>
    <message>
        <source>Close with evidence: no money moved</source>
        <translation>Закрити з доказами: кошти не рухалися</translation>
    </message>
    <message>
        <source>&amp;Copy key</source>
        <translation>&amp;Копіювати ключ</translation>
    </message>
    <message>
        <source>Copy the idempotency key</source>
        <translation>Копіювати ключ ідемпотентності</translation>
    </message>
    <message>
        <source>&amp;Message customer…</source>
        <translation>&amp;Повідомлення клієнтові…</translation>
    </message>
    <message>
        <source>Tell the customer what we know, and only that</source>
        <translation>Повідомити клієнтові те, що ми знаємо, і лише це</translation>
    </message>
    <message>
        <source>Start a &amp;new refund…</source>
        <translation>&amp;Нове повернення…</translation>
    </message>
    <message>
        <source>A refund closed as failed: start a new one with a new key, linked to it</source>
        <translation>Повернення закрито як неуспішне: почати нове з новим ключем, пов’язане з ним</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Скасувати</translation>
    </message>
    <message>
        <source>Stop waiting for the running look-up or resend</source>
        <translation>Припинити чекати на поточний запит або повторне надсилання</translation>
    </message>
    <message>
        <source>Select an operation first.</source>
        <translation>Спершу виберіть операцію.</translation>
    </message>
    <message>
        <source>Resend is off while another action is running.</source>
        <translation>Повторне надсилання недоступне, поки виконується інша дія.</translation>
    </message>
    <message>
        <source>Send the stored request once more, with the stored key (Ctrl+R)</source>
        <translation>Надіслати збережений запит ще раз зі збереженим ключем (Ctrl+R)</translation>
    </message>
    <message>
        <source>Copied key %1</source>
        <translation>Ключ %1 скопійовано</translation>
    </message>
    <message>
        <source>Not resent: %1</source>
        <translation>Не надіслано повторно: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Look up again (Ctrl+L) once the provider answers, or attach what the provider&apos;s dashboard shows (Ctrl+E).</source>
        <translation>Запитайте знову (Ctrl+L), коли провайдер відповість, або додайте те, що показує панель провайдера (Ctrl+E).</translation>
    </message>
    <message>
        <source>Look up again (Ctrl+L) once the provider answers.</source>
        <translation>Запитайте знову (Ctrl+L), коли провайдер відповість.</translation>
    </message>
    <message>
        <source>%1 may not attach evidence; ask a supervisor.</source>
        <translation>%1 не може додавати докази; зверніться до супервайзера.</translation>
    </message>
    <message>
        <source>%1 is not in the current list; clear the search and select it.</source>
        <translation>%1 немає в поточному списку; очистьте пошук і виберіть її.</translation>
    </message>
    <message>
        <source>Attached evidence %1 to %2</source>
        <translation>Доказ %1 додано до %2</translation>
    </message>
    <message>
        <source>The evidence was not stored: </source>
        <translation>Доказ не збережено: </translation>
    </message>
    <message>
        <source>Try again; nothing was attached.</source>
        <translation>Спробуйте ще раз; нічого не додано.</translation>
    </message>
    <message>
        <source>%1 waits for a second person: the close is in the approvals list</source>
        <translation>%1 чекає на другу людину: закриття у списку погоджень</translation>
    </message>
    <message>
        <source>Closed %1 as %2</source>
        <translation>%1 закрито як %2</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Не вдалося прочитати %1: %2</translation>
    </message>
    <message>
        <source>Try again in a moment.</source>
        <translation>Спробуйте ще раз трохи згодом.</translation>
    </message>
    <message>
        <source>The look-up answer was not stored: </source>
        <translation>Відповідь на запит не збережено: </translation>
    </message>
    <message>
        <source>Press Attach again.</source>
        <translation>Натисніть «Додати» ще раз.</translation>
    </message>
    <message>
        <source>%1: a supervisor was asked to close it as %2 (approval #%3)</source>
        <translation>%1: супервайзера попросили закрити її як «%2» (погодження №%3)</translation>
    </message>
    <message>
        <source>Not queued: %1.</source>
        <translation>Не додано до черги: %1.</translation>
    </message>
    <message>
        <source>The database refused the message: %1</source>
        <translation>База даних відхилила повідомлення: %1</translation>
    </message>
    <message>
        <source>The customer already has this message (copied by %1). It is not sent twice.</source>
        <translation>Клієнт уже має це повідомлення (скопіював %1). Удруге воно не надсилається.</translation>
    </message>
    <message>
        <source>The customer already has this message (sent by %1). It is not sent twice.</source>
        <translation>Клієнт уже має це повідомлення (надіслав %1). Удруге воно не надсилається.</translation>
    </message>
    <message>
        <source>Not copied: %1.</source>
        <translation>Не скопійовано: %1.</translation>
    </message>
    <message>
        <source>Message copied to the clipboard; paste it into conversation %1.</source>
        <translation>Повідомлення скопійовано в буфер обміну; вставте його в розмову %1.</translation>
    </message>
    <message>
        <source>New refund: it ends by attaching the provider&apos;s answer, and %1 may not attach evidence; ask a supervisor.</source>
        <translation>Нове повернення: воно завершується додаванням відповіді провайдера, а %1 не може додавати докази; зверніться до супервайзера.</translation>
    </message>
    <message>
        <source>New refund: select a refund closed as failed first.</source>
        <translation>Нове повернення: спершу виберіть повернення, закрите як неуспішне.</translation>
    </message>
    <message>
        <source>New refund: %1 is not a refund.</source>
        <translation>Нове повернення: %1 — не повернення.</translation>
    </message>
    <message>
        <source>New refund: %1 is %2; only a refund closed as failed is started again.</source>
        <translation>Нове повернення: %1 у стані «%2»; знову починають лише повернення, закрите як неуспішне.</translation>
    </message>
    <message>
        <source>New refund: %1 is already replaced by %2 (%3).</source>
        <translation>Нове повернення: %1 вже замінено поверненням %2 (%3).</translation>
    </message>
    <message>
        <source>New refund: another action is running; wait for it.</source>
        <translation>Нове повернення: виконується інша дія; дочекайтеся її.</translation>
    </message>
    <message>
        <source>Try again in a moment (F5).</source>
        <translation>Спробуйте ще раз трохи згодом (F5).</translation>
    </message>
    <message>
        <source>New refund: %1 is not a refund closed as failed.</source>
        <translation>Нове повернення: %1 — не повернення, закрите як неуспішне.</translation>
    </message>
    <message>
        <source>Link to &amp;ticket…</source>
        <translation>Пов&apos;язати з &amp;тікетом…</translation>
    </message>
    <message>
        <source>The helpdesk ticket this operation answers: messages go there</source>
        <translation>Тікет у службі підтримки, до якого належить операція: повідомлення надходять туди</translation>
    </message>
    <message>
        <source>Link to ticket</source>
        <translation>Пов&apos;язати з тікетом</translation>
    </message>
    <message>
        <source>Helpdesk ticket or conversation of %1 (empty: none). Messages about it go there.</source>
        <translation>Тікет або листування для %1 (порожньо: немає). Повідомлення про неї надходять туди.</translation>
    </message>
    <message>
        <source>Not linked: %1.</source>
        <translation>Не пов&apos;язано: %1.</translation>
    </message>
    <message>
        <source>Use the ticket&apos;s id from the helpdesk.</source>
        <translation>Вкажіть id тікета зі служби підтримки.</translation>
    </message>
    <message>
        <source>The database refused the link: %1</source>
        <translation>База даних відхилила зв&apos;язок: %1</translation>
    </message>
    <message>
        <source>%1 is linked to no ticket now.</source>
        <translation>%1 тепер не пов&apos;язана з жодним тікетом.</translation>
    </message>
    <message>
        <source>%1 is linked to ticket %2.</source>
        <translation>%1 пов&apos;язана з тікетом %2.</translation>
    </message>
</context>
<context>
    <name>ops::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Налаштування</translation>
    </message>
    <message>
        <source>System language (%1)</source>
        <translation>Мова системи (%1)</translation>
    </message>
    <message>
        <source>The language, and the way amounts and dates are written, change when the console is started again.</source>
        <translation>Мова, а також запис сум і дат зміняться під час наступного запуску консолі.</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Мова:</translation>
    </message>
    <message>
        <source>&amp;Ask before resending with a test key (with a live key it always asks)</source>
        <translation>&amp;Питати перед повторним надсиланням із тестовим ключем (з бойовим ключем консоль питає завжди)</translation>
    </message>
    <message>
        <source>Four-eyes approval</source>
        <translation>Принцип чотирьох очей</translation>
    </message>
    <message>
        <source>C&amp;urrency:</source>
        <translation>&amp;Валюта:</translation>
    </message>
    <message>
        <source>&amp;Threshold:</source>
        <translation>&amp;Поріг:</translation>
    </message>
    <message>
        <source>Changing the threshold takes the approve right.</source>
        <translation>Щоб змінити поріг, потрібне право схвалення.</translation>
    </message>
    <message>
        <source>none, e.g. %1</source>
        <translation>немає, наприклад %1</translation>
    </message>
    <message>
        <source>Now: none. Closing any amount in %1 by hand needs no second person.</source>
        <translation>Зараз: немає. Ручне закриття будь-якої суми в %1 не потребує другої людини.</translation>
    </message>
    <message>
        <source>Now: %1. Closing a larger amount by hand needs a supervisor&apos;s approval; empty the field to remove the threshold.</source>
        <translation>Зараз: %1. Ручне закриття більшої суми потребує схвалення супервайзера; очистьте поле, щоб прибрати поріг.</translation>
    </message>
    <message>
        <source>Not saved: the %1 threshold: %2</source>
        <translation>Не збережено: поріг для %1: %2</translation>
    </message>
    <message>
        <source>Not saved: </source>
        <translation>Не збережено: </translation>
    </message>
</context>
<context>
    <name>ops::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сполучення клавіш</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Дія</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Клавіші</translation>
    </message>
</context>
<context>
    <name>ops::ui::SupervisorPresenter</name>
    <message>
        <source>&amp;Audit and charts…</source>
        <translation>&amp;Аудит і графіки…</translation>
    </message>
    <message>
        <source>Every attempt and manual action, chain verification, CSV export and charts</source>
        <translation>Усі спроби й ручні дії, перевірка ланцюжка, експорт у CSV і графіки</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Налаштування…</translation>
    </message>
    <message>
        <source>&amp;Connections…</source>
        <translation>&amp;Підключення…</translation>
    </message>
    <message>
        <source>Provider base URLs and secrets, and a check that each one answers</source>
        <translation>Базові URL і секрети провайдерів та перевірка, що кожен відповідає</translation>
    </message>
    <message>
        <source>&amp;Agents…</source>
        <translation>&amp;Агенти…</translation>
    </message>
    <message>
        <source>The AI agents that may call the tools: their limits, use and last call; revoke one</source>
        <translation>ШІ-агенти, яким дозволено викликати інструменти: їхні ліміти, використання й останній виклик; відкликання агента</translation>
    </message>
    <message>
        <source>&amp;Supervisor</source>
        <translation>Суп&amp;ервайзер</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>Се&amp;рвіс</translation>
    </message>
    <message>
        <source>Not sent: the console is busy with another action. Wait for it or cancel it (Esc) in the main window, then approve again.</source>
        <translation>Не надіслано: консоль зайнята іншою дією. Дочекайтеся її або скасуйте (Esc) у головному вікні, потім схваліть знову.</translation>
    </message>
</context>
<context>
    <name>ops::ui::SupervisorWindow</name>
    <message>
        <source>Audit and charts</source>
        <translation>Аудит і графіки</translation>
    </message>
    <message>
        <source>&amp;Audit</source>
        <translation>&amp;Аудит</translation>
    </message>
    <message>
        <source>C&amp;harts</source>
        <translation>&amp;Графіки</translation>
    </message>
    <message>
        <source>Close the audit window</source>
        <translation>Закрити вікно аудиту</translation>
    </message>
    <message>
        <source>Next tab</source>
        <translation>Наступна вкладка</translation>
    </message>
    <message>
        <source>Previous tab</source>
        <translation>Попередня вкладка</translation>
    </message>
    <message>
        <source>&amp;Unmatched events</source>
        <translation>&amp;Незіставлені події</translation>
    </message>
    <message>
        <source>The agent requests could not be read: %1</source>
        <translation>Не вдалося прочитати запити агентів: %1</translation>
    </message>
    <message>
        <source>A&amp;gent requests (%1)</source>
        <translation>&amp;Запити агентів (%1)</translation>
    </message>
    <message>
        <source>Rejected %1: closed as failed with your reason; nothing was sent.</source>
        <translation>%1 відхилено: закрито як неуспішну з вашою причиною; нічого не надіслано.</translation>
    </message>
    <message>
        <source>%1 no longer waits for a person; nothing changed.</source>
        <translation>%1 більше не чекає на рішення людини; нічого не змінилося.</translation>
    </message>
    <message>
        <source>%1 was not rejected: %2</source>
        <translation>%1 не відхилено: %2</translation>
    </message>
    <message>
        <source>Approved %1. %2</source>
        <translation>%1 схвалено. %2</translation>
    </message>
    <message>
        <source>Stopped waiting for %1: a request already sent still gets its answer recorded, and the list shows it.</source>
        <translation>Очікування %1 припинено: відповідь на вже надісланий запит однаково буде записано, і список її покаже.</translation>
    </message>
    <message>
        <source>Refu&amp;nds</source>
        <translation>&amp;Повернення</translation>
    </message>
</context>
<context>
    <name>ops::ui::TeamActions</name>
    <message>
        <source>Ta&amp;ke</source>
        <translation>&amp;Взяти</translation>
    </message>
    <message>
        <source>Make this row yours: the team sees who is on it</source>
        <translation>Зробити рядок своїм: команда бачить, хто ним займається</translation>
    </message>
    <message>
        <source>Assi&amp;gn…</source>
        <translation>Приз&amp;начити…</translation>
    </message>
    <message>
        <source>Give this row to someone (supervisors)</source>
        <translation>Віддати рядок комусь (супервайзери)</translation>
    </message>
    <message>
        <source>Release o&amp;wnership</source>
        <translation>Зн&amp;яти власника</translation>
    </message>
    <message>
        <source>Leave this row without an owner</source>
        <translation>Залишити рядок без власника</translation>
    </message>
    <message>
        <source>Add n&amp;ote…</source>
        <translation>Додат&amp;и нотатку…</translation>
    </message>
    <message>
        <source>A short internal note for the team; never evidence</source>
        <translation>Коротка внутрішня нотатка для команди; не доказ</translation>
    </message>
    <message>
        <source>Select an operation first.</source>
        <translation>Спершу виберіть операцію.</translation>
    </message>
    <message>
        <source>%1 is closed (%2): a closed row needs no owner.</source>
        <translation>%1 закрито (%2): закритому рядку власник не потрібен.</translation>
    </message>
    <message>
        <source>%1 is yours already.</source>
        <translation>%1 вже ваш.</translation>
    </message>
    <message>
        <source>%1 may not assign rows: only a supervisor gives a row to someone.</source>
        <translation>%1 не може призначати рядки: віддати рядок комусь може лише супервайзер.</translation>
    </message>
    <message>
        <source>%1 has no owner.</source>
        <translation>%1 не має власника.</translation>
    </message>
    <message>
        <source>%1 may not release %2&apos;s row: only a supervisor releases a row someone else owns.</source>
        <translation>%1 не може зняти власника %2: зняти чужого власника може лише супервайзер.</translation>
    </message>
    <message>
        <source>Make this row yours: the team sees who is on it (Ctrl+T)</source>
        <translation>Зробити рядок своїм: команда бачить, хто ним займається (Ctrl+T)</translation>
    </message>
    <message>
        <source>Give this row to someone</source>
        <translation>Віддати рядок комусь</translation>
    </message>
    <message>
        <source>A short internal note for the team; never evidence (Ctrl+Shift+O)</source>
        <translation>Коротка внутрішня нотатка для команди; не доказ (Ctrl+Shift+O)</translation>
    </message>
    <message>
        <source>%1 may not add notes: a note needs the attach right; ask a supervisor.</source>
        <translation>%1 не може додавати нотатки: для цього потрібне право додавати докази; зверніться до супервайзера.</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>невідомого часу</translation>
    </message>
    <message>
        <source>Take %1</source>
        <translation>Взяти %1</translation>
    </message>
    <message>
        <source>%1 owns this row since %2. Take it?</source>
        <translation>Цей рядок у %1 з %2. Взяти його?</translation>
    </message>
    <message>
        <source>It becomes yours and leaves %1&apos;s Mine list; an owner is a name, not a lock.</source>
        <translation>Рядок стане вашим і зникне зі списку «Мої» у %1; власник — це ім’я, а не блокування.</translation>
    </message>
    <message>
        <source>%1 is yours now.</source>
        <translation>%1 тепер ваш.</translation>
    </message>
    <message>
        <source>%1 was not taken</source>
        <translation>%1 не взято</translation>
    </message>
    <message>
        <source>Could not read the operator directory: %1</source>
        <translation>Не вдалося прочитати довідник операторів: %1</translation>
    </message>
    <message>
        <source>Try again in a moment (F5).</source>
        <translation>Спробуйте ще раз трохи згодом (F5).</translation>
    </message>
    <message>
        <source>%1 is %2&apos;s now.</source>
        <translation>%1 тепер у %2.</translation>
    </message>
    <message>
        <source>%1 was not assigned</source>
        <translation>%1 не призначено</translation>
    </message>
    <message>
        <source>%1 has no owner now.</source>
        <translation>%1 тепер без власника.</translation>
    </message>
    <message>
        <source>%1 was not released</source>
        <translation>Власника %1 не знято</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1: %2.</translation>
    </message>
    <message>
        <source>The lists show who owns it now.</source>
        <translation>У списках видно, чий він зараз.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Ask a supervisor.</source>
        <translation>Зверніться до супервайзера.</translation>
    </message>
    <message>
        <source>The database refused the change of owner: %1</source>
        <translation>База даних відхилила зміну власника: %1</translation>
    </message>
    <message>
        <source>Try again in a moment.</source>
        <translation>Спробуйте ще раз трохи згодом.</translation>
    </message>
    <message>
        <source>The database refused the note: %1</source>
        <translation>База даних відхилила нотатку: %1</translation>
    </message>
    <message>
        <source>The note on %1 was not added: %2</source>
        <translation>Нотатку до %1 не додано: %2</translation>
    </message>
    <message>
        <source>Add it again (Ctrl+Shift+O).</source>
        <translation>Додайте її знову (Ctrl+Shift+O).</translation>
    </message>
    <message>
        <source>Note added to %1.</source>
        <translation>Нотатку до %1 додано.</translation>
    </message>
    <message>
        <source>%1 may not change who owns a row: that needs the attach right; ask a supervisor.</source>
        <translation>%1 не може змінювати власника рядка: для цього потрібне право додавати докази; зверніться до супервайзера.</translation>
    </message>
</context>
<context>
    <name>ops::ui::TeamText</name>
    <message>
        <source>no owner after %1</source>
        <translation>немає власника довше %1</translation>
    </message>
    <message>
        <source>undecided after %1</source>
        <translation>немає рішення довше %1</translation>
    </message>
    <message>
        <source>approval waiting over %1</source>
        <translation>погодження чекає довше %1</translation>
    </message>
    <message>
        <source>%1 took %2 meanwhile</source>
        <translation>%1 тим часом узяв(ла) %2</translation>
    </message>
    <message>
        <source>%1 was released meanwhile</source>
        <translation>з %1 тим часом зняли власника</translation>
    </message>
    <message>
        <source>there is no operation %1</source>
        <translation>операції %1 немає</translation>
    </message>
    <message>
        <source>%1 is closed (%2): a closed row needs no owner</source>
        <translation>%1 закрито (%2): закритому рядку власник не потрібен</translation>
    </message>
    <message>
        <source>%1 is not a person who may own a row</source>
        <translation>%1 — не людина, якій можна віддати рядок</translation>
    </message>
    <message>
        <source>A note needs some text.</source>
        <translation>У нотатці має бути текст.</translation>
    </message>
    <message>
        <source>A note is at most %1 characters; this one has %2.</source>
        <translation>Нотатка — не більше %1 символів; у цій %2.</translation>
    </message>
    <message>
        <source>A note holds no control characters but line breaks and tabs.</source>
        <translation>У нотатці не може бути керівних символів, крім переведень рядка й табуляцій.</translation>
    </message>
</context>
<context>
    <name>ops::ui::TrayNotices</name>
    <message>
        <source>%1 is %2 now</source>
        <translation>%1 тепер: %2</translation>
    </message>
    <message>
        <source>A row you own was %1 and is %2 now.</source>
        <translation>Ваш рядок був у стані «%1», тепер — «%2».</translation>
    </message>
    <message>
        <source>%1 is late</source>
        <translation>%1 прострочено</translation>
    </message>
    <message>
        <source>A row you own: %1.</source>
        <translation>Ваш рядок: %1.</translation>
    </message>
    <message>
        <source>Approval #%1 waits for you</source>
        <translation>Погодження #%1 чекає на вас</translation>
    </message>
    <message>
        <source>%1 of %2, asked by %3.</source>
        <translation>%1 для %2, запит від %3.</translation>
    </message>
</context>
<context>
    <name>ops::ui::TrayNotifier</name>
    <message>
        <source>Tra&amp;y notifications</source>
        <translation>Спові&amp;щення в треї</translation>
    </message>
    <message>
        <source>Not on a SQLite file database: it has one person at one desk, who sees every change in this window.</source>
        <translation>Недоступно з файловою базою SQLite: з нею працює одна людина за одним столом, і всі зміни вона бачить у цьому вікні.</translation>
    </message>
    <message>
        <source>This desktop has no system tray: nothing is shown while it has none.</source>
        <translation>На цьому робочому столі немає системного трею: поки його немає, нічого не показується.</translation>
    </message>
    <message>
        <source>A message in the system tray when a row you own changes state or is late, and when an approval waits for you, while the console is not the active window.</source>
        <translation>Повідомлення в системному треї, коли ваш рядок змінює стан чи прострочений і коли на вас чекає погодження, поки консоль не активне вікно.</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) on your rows and approvals</source>
        <translation>
            <numerusform>%n зміна у ваших рядках і погодженнях</numerusform>
            <numerusform>%n зміни у ваших рядках і погодженнях</numerusform>
            <numerusform>%n змін у ваших рядках і погодженнях</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ops::ui::UnmatchedEventsView</name>
    <message>
        <source>Every refund event so far matched one of our operations.</source>
        <translation>Досі кожну подію повернення зіставлено з однією з наших операцій.</translation>
    </message>
    <message>
        <source>Could not read the unmatched events: %1</source>
        <translation>Не вдалося прочитати незіставлені події: %1</translation>
    </message>
    <message>
        <source> (the newest %1 shown)</source>
        <translation> (показано останні %1)</translation>
    </message>
    <message>
        <source>Refund events that matched no operation: %1%2. They are refunds made outside this product, e.g. in the provider&apos;s Dashboard.</source>
        <translation>Події повернення, не зіставлені з жодною операцією: %1%2. Це повернення, зроблені поза цим продуктом, наприклад у панелі провайдера.</translation>
    </message>
</context>
</TS>
