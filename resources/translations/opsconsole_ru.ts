<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ru" sourcelanguage="en">
<context>
    <name>ops::AgentListModel</name>
    <message>
        <source>active</source>
        <translation>активен</translation>
    </message>
    <message>
        <source>revoked</source>
        <translation>отозван</translation>
    </message>
    <message>
        <source>max %1</source>
        <translation>макс. %1</translation>
    </message>
    <message>
        <source>%1 a day</source>
        <translation>%1 в сутки</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/с</translation>
    </message>
    <message>
        <source>no limits</source>
        <translation>без лимитов</translation>
    </message>
    <message>
        <source>never</source>
        <translation>никогда</translation>
    </message>
    <message>
        <source>Agent %1, added by %2 at %3</source>
        <translation>Агент %1, добавил %2, %3</translation>
    </message>
    <message>
        <source>Last changed by %1 at %2</source>
        <translation>Последнее изменение: %1, %2</translation>
    </message>
    <message>
        <source>Revoked at %1: its token is refused</source>
        <translation>Отозван %1: его токен отклоняется</translation>
    </message>
    <message>
        <source>After a rotation the previous token works until %1</source>
        <translation>После ротации прежний токен действует до %1</translation>
    </message>
    <message>
        <source>Operations opened in the last 24 h: %1</source>
        <translation>Операций открыто за последние 24 ч: %1</translation>
    </message>
    <message>
        <source>Last call at %1</source>
        <translation>Последний вызов: %1</translation>
    </message>
    <message>
        <source>No call yet</source>
        <translation>Вызовов ещё не было</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Агент</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Limits</source>
        <translation>Лимиты</translation>
    </message>
    <message>
        <source>Used 24 h</source>
        <translation>За 24 ч</translation>
    </message>
    <message>
        <source>Last call</source>
        <translation>Последний вызов</translation>
    </message>
</context>
<context>
    <name>ops::AgentRequestModel</name>
    <message>
        <source>over the per-refund limit</source>
        <translation>сверх лимита на один возврат</translation>
    </message>
    <message>
        <source>over the daily limit</source>
        <translation>сверх дневного лимита</translation>
    </message>
    <message>
        <source>Asked by %1 at %2</source>
        <translation>Запрос от %1 в %2</translation>
    </message>
    <message>
        <source>The agent&apos;s per-refund limit is now %1</source>
        <translation>Лимит агента на один возврат сейчас: %1</translation>
    </message>
    <message>
        <source>The agent&apos;s daily limit is now %1</source>
        <translation>Дневной лимит агента сейчас: %1</translation>
    </message>
    <message>
        <source>Charge %1</source>
        <translation>Платёж %1</translation>
    </message>
    <message>
        <source>Nothing has been sent: approving sends the stored request with its key once.</source>
        <translation>Ничего не отправлено: одобрение отправит сохранённый запрос с его ключом один раз.</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Why it stopped</source>
        <translation>Почему остановлен</translation>
    </message>
    <message>
        <source>Asked at (UTC)</source>
        <translation>Время запроса (UTC)</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>above the four-eyes threshold</source>
        <translation>выше порога четырёх глаз</translation>
    </message>
    <message>
        <source>%1 (person)</source>
        <translation>%1 (человек)</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>Кто запросил</translation>
    </message>
</context>
<context>
    <name>ops::ApplyPreviewModel</name>
    <message>
        <source>resend with the stored key</source>
        <translation>повторно отправить с сохранённым ключом</translation>
    </message>
    <message>
        <source>close as succeeded (%1)</source>
        <translation>закрыть как успешную (%1)</translation>
    </message>
    <message>
        <source>close as failed</source>
        <translation>закрыть как неуспешную</translation>
    </message>
    <message>
        <source>one attempt with key %1</source>
        <translation>одна попытка с ключом %1</translation>
    </message>
    <message>
        <source>No proposal</source>
        <translation>Нет предложения</translation>
    </message>
    <message>
        <source>No such proposal</source>
        <translation>Такого предложения нет</translation>
    </message>
    <message>
        <source>Proposal decided</source>
        <translation>По предложению уже принято решение</translation>
    </message>
    <message>
        <source>Row closed</source>
        <translation>Строка закрыта</translation>
    </message>
    <message>
        <source>Not in checking</source>
        <translation>Не в очереди проверки</translation>
    </message>
    <message>
        <source>Newer evidence</source>
        <translation>Есть более новые доказательства</translation>
    </message>
    <message>
        <source>Conflicting evidence</source>
        <translation>Доказательства противоречат друг другу</translation>
    </message>
    <message>
        <source>Changed since preview</source>
        <translation>Изменилось после предпросмотра</translation>
    </message>
    <message>
        <source>Past the window</source>
        <translation>Окно закрылось</translation>
    </message>
    <message>
        <source>Leased by a colleague</source>
        <translation>Занята коллегой</translation>
    </message>
    <message>
        <source>Awaiting approval</source>
        <translation>Ожидает согласования</translation>
    </message>
    <message>
        <source>Not permitted</source>
        <translation>Недостаточно прав</translation>
    </message>
    <message>
        <source>Resend elsewhere</source>
        <translation>Повторная отправка отдельно</translation>
    </message>
    <message>
        <source>Excluded — %1: %2</source>
        <translation>Исключено — %1: %2</translation>
    </message>
    <message>
        <source>Approval request: %1</source>
        <translation>Запрос на согласование: %1</translation>
    </message>
    <message>
        <source>Sent for approval</source>
        <translation>Отправлено на согласование</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Ошибка: %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Proposal</source>
        <translation>Предложение</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Доказательства</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Предпросмотр</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>выполнен</translation>
    </message>
    <message>
        <source>closed as failed</source>
        <translation>закрыт как неуспешный</translation>
    </message>
    <message>
        <source>still unknown</source>
        <translation>исход всё ещё неизвестен</translation>
    </message>
    <message>
        <source>%1. Warning: the provider stored an answer under this key and replays it; a resend cannot finish this refund (close it as failed and start a new refund).</source>
        <translation>%1. Внимание: провайдер сохранил ответ под этим ключом и повторяет его; повторная отправка не завершит этот возврат (закройте его как неуспешный и начните новый возврат).</translation>
    </message>
    <message>
        <source>Closed: %1</source>
        <translation>Закрыт: %1</translation>
    </message>
    <message>
        <source>Resent: %1</source>
        <translation>Отправлен повторно: %1</translation>
    </message>
    <message>
        <source>Resent: %1 — %2</source>
        <translation>Отправлен повторно: %1 — %2</translation>
    </message>
</context>
<context>
    <name>ops::ApprovalListModel</name>
    <message>
        <source>support</source>
        <translation>поддержка</translation>
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
        <translation>%1 (отключён)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>ожидает</translation>
    </message>
    <message>
        <source>approved</source>
        <translation>одобрено</translation>
    </message>
    <message>
        <source>rejected</source>
        <translation>отклонено</translation>
    </message>
    <message>
        <source>used</source>
        <translation>использовано</translation>
    </message>
    <message>
        <source>close</source>
        <translation>закрытие</translation>
    </message>
    <message>
        <source>resend</source>
        <translation>повторная отправка</translation>
    </message>
    <message>
        <source>resend once with the stored key</source>
        <translation>повторно отправить один раз с сохранённым ключом</translation>
    </message>
    <message>
        <source>close as %1%2: %3 — evidence %4</source>
        <translation>закрыть со статусом «%1»%2: %3 — доказательства %4</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Approval</source>
        <translation>Согласование</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Asked by</source>
        <translation>Кто запросил</translation>
    </message>
    <message>
        <source>Asked at</source>
        <translation>Запрошено</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Запрос</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
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
        <translation>повтор ответа</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Время</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Кто</translation>
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
        <translation>Задержка</translation>
    </message>
    <message>
        <source>Replayed</source>
        <translation>Повтор ответа</translation>
    </message>
    <message>
        <source>Provider request</source>
        <translation>Запрос у провайдера</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>Транспорт</translation>
    </message>
    <message>
        <source>%1 (operator resend)</source>
        <translation>%1 (повторная отправка оператором)</translation>
    </message>
</context>
<context>
    <name>ops::AttentionModel</name>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Raised at</source>
        <translation>Когда отмечено</translation>
    </message>
    <message>
        <source>Raised by</source>
        <translation>Кем отмечено</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>пока нет</translation>
    </message>
    <message>
        <source>Webhook receiver running · last event %1</source>
        <translation>Приёмник вебхуков работает · последнее событие %1</translation>
    </message>
    <message>
        <source>Webhook receiver not running (last seen %1) · last event %2</source>
        <translation>Приёмник вебхуков не работает (последний раз — %1) · последнее событие %2</translation>
    </message>
    <message>
        <source>No webhook receiver has run · last event %1</source>
        <translation>Приёмник вебхуков ещё ни разу не запускался · последнее событие %1</translation>
    </message>
    <message>
        <source>Last heartbeat %1</source>
        <translation>Последний сигнал активности %1</translation>
    </message>
    <message>
        <source>Last event %1</source>
        <translation>Последнее событие %1</translation>
    </message>
    <message>
        <source>Listening at %1</source>
        <translation>Адрес приёма: %1</translation>
    </message>
</context>
<context>
    <name>ops::AuditEntryModel</name>
    <message>
        <source>Entry</source>
        <translation>Запись</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Время</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Кто</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Подробности</translation>
    </message>
</context>
<context>
    <name>ops::AuditTableModel</name>
    <message>
        <source>hash %1
previous %2</source>
        <translation>хеш %1
предыдущий %2</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Время</translation>
    </message>
    <message>
        <source>Actor</source>
        <translation>Кто</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Detail</source>
        <translation>Подробности</translation>
    </message>
</context>
<context>
    <name>ops::BatchPreviewModel</name>
    <message>
        <source>refunded</source>
        <translation>возвращено</translation>
    </message>
    <message>
        <source>received by the provider, not yet final</source>
        <translation>получено провайдером, ещё не окончательно</translation>
    </message>
    <message>
        <source>checking — outcome unknown</source>
        <translation>на проверке — исход неизвестен</translation>
    </message>
    <message>
        <source>not confirmed yet</source>
        <translation>ещё не подтверждено</translation>
    </message>
    <message>
        <source>waits for approval</source>
        <translation>ждёт согласования</translation>
    </message>
    <message>
        <source>failed at the provider</source>
        <translation>не прошло у провайдера</translation>
    </message>
    <message>
        <source>rejected, nothing sent</source>
        <translation>отклонено, ничего не отправлено</translation>
    </message>
    <message>
        <source>error</source>
        <translation>с ошибкой</translation>
    </message>
    <message>
        <source>not run</source>
        <translation>не выполнено</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Строка</translation>
    </message>
    <message>
        <source>Order</source>
        <translation>Заказ</translation>
    </message>
    <message>
        <source>Charge or payment</source>
        <translation>Платёж</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Причина</translation>
    </message>
    <message>
        <source>Reference</source>
        <translation>Ссылка</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Результат</translation>
    </message>
    <message>
        <source>already run as %1</source>
        <translation>уже выполнено как %1</translation>
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
        <translation>%1 — из прошлого запуска</translation>
    </message>
</context>
<context>
    <name>ops::DetailModels</name>
    <message>
        <source>%1 bytes of %2
SHA-256 %3</source>
        <translation>%1 байт, %2
SHA-256 %3</translation>
    </message>
</context>
<context>
    <name>ops::EventListModel</name>
    <message>
        <source>verified webhook</source>
        <translation>проверенный вебхук</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>импортировано</translation>
    </message>
    <message>
        <source>applied</source>
        <translation>применено</translation>
    </message>
    <message>
        <source>ignored</source>
        <translation>проигнорировано</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>Внимание</translation>
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
        <translation>%1 (получено %2)</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Создано</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Тип</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Объект</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Источник</translation>
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
        <translation>%1 · %2 байт · SHA-256 %3</translation>
    </message>
    <message>
        <source>%1. %2 — %3, %4 by %5</source>
        <translation>%1. %2 — %3, %4, добавил %5</translation>
    </message>
</context>
<context>
    <name>ops::MessageTableModel</name>
    <message>
        <source>pending</source>
        <translation>в очереди</translation>
    </message>
    <message>
        <source>copied</source>
        <translation>скопировано</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>отправлено</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>не доставлено</translation>
    </message>
    <message>
        <source>copied by %1</source>
        <translation>скопировал %1</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>Поставлено в очередь</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Template</source>
        <translation>Шаблон</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Язык</translation>
    </message>
    <message>
        <source>Conversation</source>
        <translation>Диалог</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Попытки</translation>
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
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>internal note</source>
        <translation>внутренняя заметка</translation>
    </message>
</context>
<context>
    <name>ops::OperationTableModel</name>
    <message>
        <source>not started</source>
        <translation>не начато</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>закрыто</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>Операция</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Вид</translation>
    </message>
    <message>
        <source>Subject</source>
        <translation>Объект</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Сумма</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Состояние</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Попытки</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <source>Last attempt</source>
        <translation>Последняя попытка</translation>
    </message>
    <message>
        <source>Window left</source>
        <translation>Осталось</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Доказ.</translation>
    </message>
    <message>
        <source>Age</source>
        <translation>Возраст</translation>
    </message>
    <message>
        <source>%1d %2h</source>
        <translation>%1 д %2 ч</translation>
    </message>
    <message>
        <source>%1h %2m</source>
        <translation>%1 ч %2 мин</translation>
    </message>
    <message>
        <source>%1m %2s</source>
        <translation>%1 мин %2 с</translation>
    </message>
    <message>
        <source>%1s</source>
        <translation>%1 с</translation>
    </message>
    <message>
        <source>refund</source>
        <translation>возврат</translation>
    </message>
    <message>
        <source>credit top-up</source>
        <translation>пополнение кредитов</translation>
    </message>
    <message>
        <source>credit charge</source>
        <translation>списание кредитов</translation>
    </message>
    <message>
        <source>credit adjust</source>
        <translation>корректировка кредитов</translation>
    </message>
    <message>
        <source>execution</source>
        <translation>выполнение</translation>
    </message>
    <message>
        <source>open</source>
        <translation>открыта</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>неизвестно</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>успешна</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>неуспешна</translation>
    </message>
    <message>
        <source>accepted · pending</source>
        <translation>принят · в обработке</translation>
    </message>
    <message>
        <source>The provider accepted the refund and still reports it pending: the money is on its way, not arrived.</source>
        <translation>Провайдер принял возврат, но пока сообщает, что он в обработке: деньги в пути, но ещё не дошли.</translation>
    </message>
    <message numerus="yes">
        <source>%n h</source>
        <translation>
            <numerusform>%n ч</numerusform>
            <numerusform>%n ч</numerusform>
            <numerusform>%n ч</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min</source>
        <translation>
            <numerusform>%n мин</numerusform>
            <numerusform>%n мин</numerusform>
            <numerusform>%n мин</numerusform>
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
        <translation>Окно заканчивается, когда провайдер забывает ключ.</translation>
    </message>
    <message>
        <source>The window ends %1 before the provider forgets the key, so a late resend never reaches a provider that no longer knows it.</source>
        <translation>Окно заканчивается за %1 до того, как провайдер забудет ключ, чтобы поздняя повторная отправка не попала к провайдеру, который этого ключа уже не знает.</translation>
    </message>
    <message>
        <source>Resend possible until %1 (%2).</source>
        <translation>Повторная отправка возможна до %1 (%2).</translation>
    </message>
    <message>
        <source>%1 + %2 by operator</source>
        <translation>%1 + %2 оператором</translation>
    </message>
    <message>
        <source>%1
Idempotency key — Ctrl+Shift+C copies it</source>
        <translation>%1
Ключ идемпотентности — Ctrl+Shift+C копирует его</translation>
    </message>
    <message>
        <source>awaiting approval</source>
        <translation>ждёт одобрения</translation>
    </message>
    <message>
        <source>received · pending</source>
        <translation>получен · в обработке</translation>
    </message>
    <message>
        <source>The provider received the refund and will confirm it by notification: it is being processed, not done.</source>
        <translation>Провайдер получил возврат и подтвердит его уведомлением: он обрабатывается, но ещё не выполнен.</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Ожидает</translation>
    </message>
    <message>
        <source>proposal: resend</source>
        <translation>предложение: повторно отправить</translation>
    </message>
    <message>
        <source>proposal: close succeeded</source>
        <translation>предложение: закрыть как успешную</translation>
    </message>
    <message>
        <source>proposal: close failed</source>
        <translation>предложение: закрыть как неуспешную</translation>
    </message>
    <message>
        <source>The reconciler proposes resending this operation with the stored key; a person carries it out or decides otherwise.</source>
        <translation>Сверка предлагает повторно отправить эту операцию с сохранённым ключом; выполнить это или решить иначе должен человек.</translation>
    </message>
    <message>
        <source>The reconciler proposes closing this operation as succeeded; a person applies it or decides otherwise.</source>
        <translation>Сверка предлагает закрыть эту операцию как успешную; применить это или решить иначе должен человек.</translation>
    </message>
    <message>
        <source>The reconciler proposes closing this operation as failed; a person applies it or decides otherwise.</source>
        <translation>Сверка предлагает закрыть эту операцию как неуспешную; применить это или решить иначе должен человек.</translation>
    </message>
    <message>
        <source>resend it with the stored key</source>
        <translation>повторно отправить её с сохранённым ключом</translation>
    </message>
    <message>
        <source>close it</source>
        <translation>закрыть её</translation>
    </message>
    <message>
        <source>Waiting on approval #%1: %2 asked to %3.</source>
        <translation>Ждёт согласования #%1: %2 просит %3.</translation>
    </message>
    <message>
        <source>A supervisor other than %1 decides it, and none is active: add or enable a second supervisor.</source>
        <translation>Решение принимает супервайзер, но не %1, а активного такого супервайзера нет: добавьте или включите второго супервайзера.</translation>
    </message>
    <message>
        <source>A supervisor other than %1 decides it: %2.</source>
        <translation>Решение принимает супервайзер, но не %1: %2.</translation>
    </message>
    <message>
        <source>%1 is resending this operation right now (until %2); wait for the result before acting on it.</source>
        <translation>%1 прямо сейчас повторно отправляет эту операцию (до %2); дождитесь результата, прежде чем что-то с ней делать.</translation>
    </message>
    <message>
        <source>%1 is resending</source>
        <translation>%1 отправляет повторно</translation>
    </message>
    <message>
        <source>approval #%1 (asked by %2; another supervisor decides)</source>
        <translation>согласование #%1 (запрос от %2; решает другой супервайзер)</translation>
    </message>
    <message>
        <source>%1 since %2</source>
        <translation>%1 с %2</translation>
    </message>
    <message>
        <source>Owner</source>
        <translation>Владелец</translation>
    </message>
</context>
<context>
    <name>ops::ReasonText</name>
    <message>
        <source>provider answered %1; the outcome is undefined</source>
        <translation>провайдер ответил %1; исход не определён</translation>
    </message>
    <message>
        <source>provider holds a different request under this key</source>
        <translation>провайдер хранит под этим ключом другой запрос</translation>
    </message>
    <message>
        <source>attempt cap reached without an answer</source>
        <translation>лимит попыток исчерпан без ответа</translation>
    </message>
    <message>
        <source>provider answer could not be read</source>
        <translation>ответ провайдера не удалось прочитать</translation>
    </message>
    <message>
        <source>provider returned a refund that is not this operation&apos;s</source>
        <translation>провайдер вернул возврат, который не относится к этой операции</translation>
    </message>
    <message>
        <source>provider returned a movement that is not this operation&apos;s</source>
        <translation>провайдер вернул движение, которое не относится к этой операции</translation>
    </message>
    <message>
        <source>provider returned an execution that is not this operation&apos;s</source>
        <translation>провайдер вернул выполнение, которое не относится к этой операции</translation>
    </message>
    <message>
        <source>provider refused: %1</source>
        <translation>провайдер отказал: %1</translation>
    </message>
    <message>
        <source>attempt cap reached</source>
        <translation>лимит попыток исчерпан</translation>
    </message>
    <message>
        <source>retention window closed</source>
        <translation>окно хранения ключа закрылось</translation>
    </message>
    <message>
        <source>a resend proposal is applied by resending %1 with its stored key</source>
        <translation>предложение повторной отправки выполняется повторной отправкой %1 с сохранённым ключом</translation>
    </message>
    <message>
        <source>close %1 as failed</source>
        <translation>закрыть %1 как неуспешную</translation>
    </message>
    <message>
        <source>close %1 as succeeded</source>
        <translation>закрыть %1 как успешную</translation>
    </message>
    <message>
        <source>above the four-eyes threshold: an approval request to close %1 as failed</source>
        <translation>выше порога четырёх глаз: запрос на согласование закрытия %1 как неуспешной</translation>
    </message>
    <message>
        <source>above the four-eyes threshold: an approval request to close %1 as succeeded</source>
        <translation>выше порога четырёх глаз: запрос на согласование закрытия %1 как успешной</translation>
    </message>
    <message>
        <source>the retention window of %1 closed at %2: no resend</source>
        <translation>окно хранения ключа %1 закрылось %2: повторная отправка невозможна</translation>
    </message>
    <message>
        <source>evidence #%1 came after proposal #%2 and may change it</source>
        <translation>доказательство #%1 поступило после предложения #%2 и может его изменить</translation>
    </message>
    <message>
        <source>the row needs attention: %1</source>
        <translation>строка требует внимания: %1</translation>
    </message>
    <message>
        <source>%1 was changed after the preview; preview again</source>
        <translation>%1 изменилась после предпросмотра; обновите предпросмотр</translation>
    </message>
    <message>
        <source>%1 is resending %2 right now</source>
        <translation>%1 сейчас повторно отправляет %2</translation>
    </message>
    <message>
        <source>a close of %1 already waits for approval #%2</source>
        <translation>закрытие %1 уже ждёт согласования #%2</translation>
    </message>
    <message>
        <source>%1 has no open proposal</source>
        <translation>для %1 нет открытого предложения</translation>
    </message>
    <message>
        <source>%1 has already succeeded</source>
        <translation>%1 уже успешна</translation>
    </message>
    <message>
        <source>%1 has already failed</source>
        <translation>%1 уже неуспешна</translation>
    </message>
    <message>
        <source>proposal %1 is superseded</source>
        <translation>предложение %1 заменено более новым</translation>
    </message>
    <message>
        <source>proposal %1 is applied</source>
        <translation>предложение %1 уже применено</translation>
    </message>
    <message>
        <source>proposal %1 waits for approval</source>
        <translation>предложение %1 ждёт согласования</translation>
    </message>
    <message>
        <source>no such operation: %1</source>
        <translation>нет такой операции: %1</translation>
    </message>
    <message>
        <source>proposal %1 is withdrawn</source>
        <translation>предложение %1 отозвано</translation>
    </message>
    <message>
        <source>Resend is off: the operation has already succeeded.</source>
        <translation>Повторная отправка недоступна: операция уже успешна.</translation>
    </message>
    <message>
        <source>Resend is off: the operation has already failed.</source>
        <translation>Повторная отправка недоступна: операция уже завершилась неудачей.</translation>
    </message>
    <message>
        <source>Resend is off: the row is open and automation still owns it; resend is for rows in the checking queue.</source>
        <translation>Повторная отправка недоступна: строка открыта и ею ещё занимается автоматика; повторная отправка — для строк в очереди проверки.</translation>
    </message>
    <message>
        <source>Resend is off: the retention window closed at %1; the provider no longer knows the key, so a resend could pay twice. Close it with evidence instead.</source>
        <translation>Повторная отправка недоступна: окно хранения закрылось в %1; провайдер больше не знает ключ, и повторная отправка могла бы заплатить дважды. Вместо этого закройте её с доказательствами.</translation>
    </message>
    <message>
        <source>Resend is off: %1 is resending this operation right now (lease until %2).</source>
        <translation>Повторная отправка недоступна: %1 прямо сейчас повторно отправляет эту операцию (аренда до %2).</translation>
    </message>
    <message>
        <source>provider accepted the refund</source>
        <translation>провайдер принял возврат</translation>
    </message>
    <message>
        <source>provider replayed the stored answer</source>
        <translation>провайдер повторил сохранённый ответ</translation>
    </message>
    <message>
        <source>provider applied the movement</source>
        <translation>провайдер провёл движение</translation>
    </message>
    <message>
        <source>pending</source>
        <translation>в обработке</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>успешно</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>неуспешно</translation>
    </message>
    <message>
        <source>canceled</source>
        <translation>отменён</translation>
    </message>
    <message>
        <source>requires action</source>
        <translation>требует действия</translation>
    </message>
    <message>
        <source>received</source>
        <translation>получен</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>в очереди</translation>
    </message>
    <message>
        <source>provider settled it; automatic closes are off</source>
        <translation>провайдер решил исход; автоматическое закрытие выключено</translation>
    </message>
    <message>
        <source>running</source>
        <translation>выполняется</translation>
    </message>
    <message>
        <source>amount &apos;%1&apos; is not an amount in %2 such as %3</source>
        <translation>сумма &apos;%1&apos; не является суммой в %2 вида %3</translation>
    </message>
    <message>
        <source>amount must be more than zero</source>
        <translation>сумма должна быть больше нуля</translation>
    </message>
    <message>
        <source>unknown currency &apos;%1&apos;</source>
        <translation>неизвестная валюта &apos;%1&apos;</translation>
    </message>
    <message>
        <source>column &apos;%1&apos; is missing</source>
        <translation>нет столбца &apos;%1&apos;</translation>
    </message>
    <message>
        <source>a field holds a line break</source>
        <translation>поле содержит перевод строки</translation>
    </message>
    <message>
        <source>the file is empty: it needs a header line and at least one refund</source>
        <translation>файл пуст: нужна строка заголовка и хотя бы один возврат</translation>
    </message>
    <message>
        <source>the provider has no charge %1</source>
        <translation>у провайдера нет платежа %1</translation>
    </message>
    <message>
        <source>%1 is more than the %2 left to refund on %3 after the file&apos;s earlier rows</source>
        <translation>%1 больше, чем %2, оставшиеся к возврату по %3 после предыдущих строк файла</translation>
    </message>
    <message>
        <source>%1 is more than the %2 left to refund on %3</source>
        <translation>%1 больше, чем %2, оставшиеся к возврату по %3</translation>
    </message>
</context>
<context>
    <name>ops::RefundTallyModel</name>
    <message>
        <source>No reason code</source>
        <translation>Без кода причины</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>Дубликат</translation>
    </message>
    <message>
        <source>Fraudulent</source>
        <translation>Мошенничество</translation>
    </message>
    <message>
        <source>Requested by the customer</source>
        <translation>По просьбе клиента</translation>
    </message>
    <message>
        <source>Product not received</source>
        <translation>Товар не получен</translation>
    </message>
    <message>
        <source>Price adjustment</source>
        <translation>Корректировка цены</translation>
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
        <translation>Возвраты</translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Возвращено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Неуспешна</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>Money refunded</source>
        <translation>Возвращённая сумма</translation>
    </message>
    <message>
        <source>Last</source>
        <translation>Последний</translation>
    </message>
</context>
<context>
    <name>ops::console::BatchWorker</name>
    <message>
        <source>%1 above the batch threshold of %2</source>
        <translation>%1 — выше порога для пакетов (%2)</translation>
    </message>
    <message>
        <source>Batch “%1” waits for a second supervisor (approval #%2, asked by %3): %4. Nothing was sent. Once another supervisor approves it (opsctl batch approve %1), run the same file again.</source>
        <translation>Пакет «%1» ждёт второго супервайзера (согласование #%2, запросил %3): %4. Ничего не отправлено. Когда другой супервайзер одобрит его (opsctl batch approve %1), запустите тот же файл ещё раз.</translation>
    </message>
    <message>
        <source>the file has problems; nothing was sent</source>
        <translation>в файле есть проблемы; ничего не отправлено</translation>
    </message>
</context>
<context>
    <name>ops::console::BulkWorker</name>
    <message>
        <source>no such operation</source>
        <translation>нет такой операции</translation>
    </message>
</context>
<context>
    <name>ops::console::ConnectionsService</name>
    <message>
        <source>No answer from %1: %2</source>
        <translation>Нет ответа от %1: %2</translation>
    </message>
    <message>
        <source>Connected: %1 answered HTTP %2 to %3.</source>
        <translation>Подключено: %1 ответил HTTP %2 на %3.</translation>
    </message>
    <message>
        <source>Refused: HTTP %1 to %2 — %3</source>
        <translation>Отказ: HTTP %1 на %2 — %3</translation>
    </message>
    <message>
        <source>%1 is set in the environment and wins over this field.</source>
        <translation>%1 задана в окружении и имеет приоритет над этим полем.</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>не задано</translation>
    </message>
    <message>
        <source>saved %1</source>
        <translation>сохранено: %1</translation>
    </message>
    <message>
        <source>from %1 %2</source>
        <translation>из %1 %2</translation>
    </message>
    <message>
        <source>%1 is set in the environment and wins over the saved file %2.</source>
        <translation>%1 задана в окружении и имеет приоритет над сохранённым файлом %2.</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>отказ</translation>
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
        <translation>Служба поддержки</translation>
    </message>
    <message>
        <source>Stripe webhook secret</source>
        <translation>Секрет вебхуков Stripe</translation>
    </message>
    <message>
        <source>the secret may contain no spaces or line breaks</source>
        <translation>секрет не может содержать пробелов и переносов строк</translation>
    </message>
    <message>
        <source>the project must be 1-128 characters</source>
        <translation>проект должен содержать от 1 до 128 символов</translation>
    </message>
    <message>
        <source>a LIVE key against the simulator or this machine (%1). A live key belongs with the real provider only.</source>
        <translation>боевой (LIVE) ключ для симулятора или этого компьютера (%1). Боевой ключ нужен только для настоящего провайдера.</translation>
    </message>
    <message>
        <source>a TEST key against %1, which is not the simulator: no real money will move.</source>
        <translation>тестовый (TEST) ключ для %1, а это не симулятор: настоящие деньги не двинутся.</translation>
    </message>
    <message>
        <source>schema version %1</source>
        <translation>версия схемы %1</translation>
    </message>
    <message>
        <source>not set up yet (opsctl db migrate)</source>
        <translation>ещё не подготовлена (opsctl db migrate)</translation>
    </message>
    <message>
        <source>schema version %1 of %2 (opsctl db migrate)</source>
        <translation>версия схемы %1 из %2 (opsctl db migrate)</translation>
    </message>
    <message>
        <source>Connected: %1 as %2; %3; %4.</source>
        <translation>Подключено: %1 как %2; %3; %4.</translation>
    </message>
    <message>
        <source>Cannot open: %1</source>
        <translation>Не удалось открыть: %1</translation>
    </message>
    <message>
        <source>Team database (PostgreSQL)</source>
        <translation>Командная база данных (PostgreSQL)</translation>
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
        <translation>Эта консоль использует %1. Сохранённое изменение вступит в силу при следующем запуске; --db имеет приоритет над этим полем.</translation>
    </message>
    <message>
        <source>an unusable location in %1</source>
        <translation>непригодное расположение в %1</translation>
    </message>
    <message>
        <source>a password needs a server URL</source>
        <translation>для пароля нужен URL сервера</translation>
    </message>
    <message>
        <source>the team database is a postgresql:// URL; a SQLite file is chosen with --db or OPS_DB</source>
        <translation>командная база данных задаётся URL postgresql://; файл SQLite выбирается через --db или OPS_DB</translation>
    </message>
    <message>
        <source>the URL carries a password; put it in the Password field, where it is not shown or logged</source>
        <translation>в URL есть пароль; укажите его в поле «Пароль», где он не показывается и не попадает в журнал</translation>
    </message>
    <message>
        <source>a password needs the user name in the URL: postgresql://you@host/db</source>
        <translation>для пароля нужно имя пользователя в URL: postgresql://you@host/db</translation>
    </message>
    <message>
        <source>Empty: a start without --db or OPS_DB uses the embedded SQLite file %1.</source>
        <translation>Пусто: запуск без --db и OPS_DB использует встроенный файл SQLite %1.</translation>
    </message>
    <message>
        <source>%1 is an embedded SQLite file: there is no server to connect to.</source>
        <translation>%1 — встроенный файл SQLite: подключаться не к чему.</translation>
    </message>
    <message>
        <source>saved</source>
        <translation>сохранено</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>из %1</translation>
    </message>
    <message>
        <source>the password may contain no line breaks or control characters</source>
        <translation>пароль не может содержать переносов строк и управляющих символов</translation>
    </message>
    <message>
        <source>Payment providers</source>
        <translation>Платежи</translation>
    </message>
    <message>
        <source>Notifications</source>
        <translation>Уведомления</translation>
    </message>
    <message>
        <source>Adyen</source>
        <translation>Adyen</translation>
    </message>
    <message>
        <source>Adyen notifications (HMAC key)</source>
        <translation>Уведомления Adyen (ключ HMAC)</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Ключ API:</translation>
    </message>
    <message>
        <source>&amp;Merchant account:</source>
        <translation>&amp;Аккаунт продавца:</translation>
    </message>
    <message>
        <source>Live or test is the endpoint&apos;s: https://checkout-test.adyen.com is TEST.</source>
        <translation>LIVE или TEST определяется адресом: https://checkout-test.adyen.com — это TEST.</translation>
    </message>
    <message>
        <source>HMAC key:</source>
        <translation>Ключ HMAC:</translation>
    </message>
    <message>
        <source>The 64 hex digits of the webhook&apos;s HMAC key in Adyen&apos;s Customer Area; two, comma-separated, while a new key is rolled out.</source>
        <translation>64 шестнадцатеричные цифры ключа HMAC вебхука из Customer Area Adyen; два через запятую, пока вводится новый ключ.</translation>
    </message>
    <message>
        <source>Team database</source>
        <translation>База команды</translation>
    </message>
    <message>
        <source>the merchant account is needed with an API key</source>
        <translation>с ключом API нужен аккаунт продавца</translation>
    </message>
    <message>
        <source>Adyen&apos;s HMAC key needs the merchant account its notifications are for (Payment providers → Adyen): without it opsctl serve does not start.</source>
        <translation>Ключу HMAC Adyen нужен аккаунт продавца, для которого приходят уведомления (Платежи → Adyen): без него opsctl serve не запустится.</translation>
    </message>
    <message>
        <source>the saved key belongs to %1; type the key again to use it with %2</source>
        <translation>сохранённый ключ относится к %1; введите ключ ещё раз, чтобы использовать его с %2</translation>
    </message>
    <message>
        <source>Not sent: the configured key goes only to the saved URL. To check %1, type the key again.</source>
        <translation>Не отправлено: настроенный ключ отправляется только на сохранённый URL. Чтобы проверить %1, введите ключ ещё раз.</translation>
    </message>
    <message>
        <source>Credits</source>
        <translation>Кредиты</translation>
    </message>
    <message>
        <source>&amp;Vendor:</source>
        <translation>&amp;Сервис:</translation>
    </message>
    <message>
        <source>U&amp;ser e-mail:</source>
        <translation>E-mail &amp;пользователя:</translation>
    </message>
    <message>
        <source>Zendesk and Gorgias: agent@example.com</source>
        <translation>Zendesk и Gorgias: agent@example.com</translation>
    </message>
    <message>
        <source>Aut&amp;hor:</source>
        <translation>&amp;Автор:</translation>
    </message>
    <message>
        <source>Intercom: the admin id; Gorgias: the sender&apos;s e-mail</source>
        <translation>Intercom: id администратора; Gorgias: e-mail отправителя</translation>
    </message>
    <message>
        <source>choose a vendor</source>
        <translation>выберите сервис</translation>
    </message>
    <message>
        <source>&amp;URL or subdomain:</source>
        <translation>&amp;URL или поддомен:</translation>
    </message>
    <message>
        <source>acme (for acme.zendesk.com), or https://…</source>
        <translation>acme (для acme.zendesk.com) или https://…</translation>
    </message>
    <message>
        <source>API token:</source>
        <translation>API-токен:</translation>
    </message>
    <message>
        <source>Not connected to %1 at %2: %3</source>
        <translation>Нет подключения к %1 по адресу %2: %3</translation>
    </message>
    <message>
        <source>Connected to %1 at %2 as %3.</source>
        <translation>Подключено к %1 по адресу %2 как %3.</translation>
    </message>
</context>
<context>
    <name>ops::console::ConsoleConnections</name>
    <message>
        <source>provider-sim at %1, started by this console (--demo): no provider is reached.</source>
        <translation>provider-sim на %1, запущенный этой консолью (--demo): ни один провайдер не используется.</translation>
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
        <translation>%1 использует боевой ключ %2</translation>
    </message>
    <message>
        <source>%1 uses a test key %2</source>
        <translation>%1 использует тестовый ключ %2</translation>
    </message>
    <message>
        <source>No sk_test_/sk_live_ provider key is configured: see Tools → Connections.</source>
        <translation>Ключ провайдера sk_test_/sk_live_ не настроен: см. «Инструменты → Подключения».</translation>
    </message>
    <message>
        <source>Saved. This console keeps using %1; started without --db, it opens %2.</source>
        <translation>Сохранено. Эта консоль продолжает использовать %1; при запуске без --db она откроет %2.</translation>
    </message>
    <message>
        <source>Adyen uses its live endpoint %1</source>
        <translation>Adyen использует боевой адрес %1</translation>
    </message>
    <message>
        <source>Adyen uses its test endpoint</source>
        <translation>Adyen использует тестовый адрес</translation>
    </message>
</context>
<context>
    <name>ops::console::ConsoleController</name>
    <message>
        <source>Another action is still running.</source>
        <translation>Другое действие ещё выполняется.</translation>
    </message>
    <message>
        <source>Wait for it or cancel it (Esc).</source>
        <translation>Дождитесь его или отмените (Esc).</translation>
    </message>
    <message>
        <source>Cancelled. A request already sent still gets its answer recorded; the list updates when it arrives.</source>
        <translation>Отменено. Ответ на уже отправленный запрос всё равно будет записан; список обновится, когда он придёт.</translation>
    </message>
    <message>
        <source>Looking up %1 at the provider…</source>
        <translation>Запрос %1 у провайдера…</translation>
    </message>
    <message>
        <source>Resending %1 with its stored key…</source>
        <translation>Повторная отправка %1 с сохранённым ключом…</translation>
    </message>
    <message>
        <source>Sending message %1 to the helpdesk…</source>
        <translation>Отправка сообщения %1 через службу поддержки…</translation>
    </message>
    <message>
        <source>Resend: %1 What to do next: %2</source>
        <translation>Повторная отправка: %1 Что делать дальше: %2</translation>
    </message>
    <message>
        <source>Starting a new refund for order %1…</source>
        <translation>Новый возврат по заказу %1 запускается…</translation>
    </message>
    <message>
        <source>Sending the decision on %1 to its ticket…</source>
        <translation>Отправка решения по %1 в его тикет…</translation>
    </message>
</context>
<context>
    <name>ops::console::ConsoleJobs</name>
    <message>
        <source>no attempt</source>
        <translation>нет попытки</translation>
    </message>
    <message>
        <source>no answer</source>
        <translation>нет ответа</translation>
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
        <translation>возврат </translation>
    </message>
    <message>
        <source>movement </source>
        <translation>движение </translation>
    </message>
    <message>
        <source>execution </source>
        <translation>выполнение </translation>
    </message>
    <message>
        <source>the operation</source>
        <translation>операция</translation>
    </message>
    <message>
        <source>Resent %1: the provider confirmed %2; closed as succeeded.</source>
        <translation>%1 отправлена повторно: провайдер подтвердил %2; закрыта как успешная.</translation>
    </message>
    <message>
        <source>Resent %1: the provider refused (%2); closed as failed.</source>
        <translation>%1 отправлена повторно: провайдер отказал (%2); закрыта как неуспешная.</translation>
    </message>
    <message>
        <source>Resent %1 once; the outcome is still unknown (%2).</source>
        <translation>%1 отправлена повторно один раз; результат по-прежнему неизвестен (%2).</translation>
    </message>
    <message>
        <source>Look it up at the provider (Ctrl+L) and close it with that evidence.</source>
        <translation>Запросите её у провайдера (Ctrl+L) и закройте с этим доказательством.</translation>
    </message>
    <message>
        <source>Resent %1; not confirmed yet (%2).</source>
        <translation>%1 отправлена повторно; пока не подтверждена (%2).</translation>
    </message>
    <message>
        <source>Look it up at the provider in a minute.</source>
        <translation>Запросите её у провайдера через минуту.</translation>
    </message>
    <message>
        <source>Resend refused: %1</source>
        <translation>Повторная отправка отклонена: %1</translation>
    </message>
    <message>
        <source>Reload (F5) and check the row&apos;s state.</source>
        <translation>Обновите (F5) и проверьте состояние строки.</translation>
    </message>
    <message>
        <source>Resent %1 (%2).</source>
        <translation>%1 отправлена повторно (%2).</translation>
    </message>
    <message>
        <source>OPS_SLEN_URL &apos;%1&apos; is not an http(s) URL.</source>
        <translation>OPS_SLEN_URL «%1» — не адрес http(s).</translation>
    </message>
    <message>
        <source>No Slen API key is configured.</source>
        <translation>Ключ API Slen не настроен.</translation>
    </message>
    <message>
        <source> Set OPS_STRIPE_URL and OPS_STRIPE_KEY and restart the console.</source>
        <translation> Задайте OPS_STRIPE_URL и OPS_STRIPE_KEY и перезапустите консоль.</translation>
    </message>
    <message>
        <source>No Slen URL is configured.</source>
        <translation>Адрес Slen не настроен.</translation>
    </message>
    <message>
        <source> Set OPS_SLEN_URL and OPS_SLEN_KEY and restart the console.</source>
        <translation> Задайте OPS_SLEN_URL и OPS_SLEN_KEY и перезапустите консоль.</translation>
    </message>
    <message>
        <source>OPS_STRIPE_URL &apos;%1&apos; is not an http(s) URL.</source>
        <translation>OPS_STRIPE_URL «%1» — не адрес http(s).</translation>
    </message>
    <message>
        <source>No Stripe API key is configured.</source>
        <translation>Ключ API Stripe не настроен.</translation>
    </message>
    <message>
        <source>Operation %1 is gone from the database.</source>
        <translation>Операции %1 больше нет в базе данных.</translation>
    </message>
    <message>
        <source>Look-up cancelled.</source>
        <translation>Запрос отменён.</translation>
    </message>
    <message>
        <source>The database failed during the look-up: </source>
        <translation>Ошибка базы данных во время запроса: </translation>
    </message>
    <message>
        <source>Not sent: operation %1 is gone from the database.</source>
        <translation>Не отправлено: операции %1 больше нет в базе данных.</translation>
    </message>
    <message>
        <source>Reload (F5).</source>
        <translation>Обновите (F5).</translation>
    </message>
    <message>
        <source>Nothing was sent; the row is unchanged.</source>
        <translation>Ничего не отправлено; строка не изменилась.</translation>
    </message>
    <message>
        <source>Not sent: %1 is resending %2 right now.</source>
        <translation>Не отправлено: %1 прямо сейчас повторно отправляет %2.</translation>
    </message>
    <message>
        <source>Not sent: %1 is no longer open or unknown.</source>
        <translation>Не отправлено: %1 уже не открыта и не неизвестна.</translation>
    </message>
    <message>
        <source>Wait for their result; the list updates by itself.</source>
        <translation>Дождитесь их результата; список обновится сам.</translation>
    </message>
    <message>
        <source>The database failed during the resend: </source>
        <translation>Ошибка базы данных во время повторной отправки: </translation>
    </message>
    <message>
        <source>Reload (F5): the attempt, if counted, is in the timeline.</source>
        <translation>Обновите (F5): попытка, если она засчитана, есть в хронологии.</translation>
    </message>
    <message>
        <source>Not sent: %1 is above the four-eyes threshold; resend approval #%2 waits for a second person.</source>
        <translation>Не отправлено: %1 превышает порог принципа четырёх глаз; запрос на повторную отправку #%2 ждёт второго сотрудника.</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>никто</translation>
    </message>
    <message>
        <source>Not sent: %1</source>
        <translation>Не отправлено: %1</translation>
    </message>
    <message>
        <source>Nothing was sent.</source>
        <translation>Ничего не отправлено.</translation>
    </message>
    <message>
        <source>
%1 stored a 5xx answer under this key and replays it to every resend: a resend cannot finish this refund. Close it as failed and start a new refund.</source>
        <translation>
%1 сохранил ответ 5xx под этим ключом и повторяет его при каждой повторной отправке: повторная отправка не завершит этот возврат. Закройте его как неуспешный и начните новый возврат.</translation>
    </message>
    <message>
        <source>
%1 holds another request under this key: a resend cannot finish this refund. Close it as failed and start a new refund.</source>
        <translation>
%1 хранит под этим ключом другой запрос: повторная отправка не завершит этот возврат. Закройте его как неуспешный и начните новый возврат.</translation>
    </message>
    <message>
        <source> Set OPS_ADYEN_URL, OPS_ADYEN_KEY and OPS_ADYEN_MERCHANT and restart the console.</source>
        <translation> Задайте OPS_ADYEN_URL, OPS_ADYEN_KEY и OPS_ADYEN_MERCHANT и перезапустите консоль.</translation>
    </message>
    <message>
        <source>Adyen cannot be asked for a refund: its REFUND notification settles this row.</source>
        <translation>Adyen нельзя спросить о возврате: эту строку закрывает его уведомление REFUND.</translation>
    </message>
    <message>
        <source>Nothing says Adyen received it. A resend with the stored key (inside the key&apos;s 7 days) replays Adyen&apos;s first answer.</source>
        <translation>Нет данных, что Adyen получил возврат. Повторная отправка с сохранённым ключом (в пределах 7 дней его жизни) вернёт первый ответ Adyen.</translation>
    </message>
    <message>
        <source>Adyen received it as %1; wait for the notification.</source>
        <translation>Adyen получил возврат как %1; дождитесь уведомления.</translation>
    </message>
    <message>
        <source>  %1, received %2 (%3)</source>
        <translation>  %1, получено %2 (%3)</translation>
    </message>
    <message>
        <source>Stored notifications (%1):</source>
        <translation>Сохранённые уведомления (%1):</translation>
    </message>
    <message>
        <source>Adyen notification %1 (stored %2) settles refund %3 as %4.</source>
        <translation>Уведомление Adyen %1 (сохранено %2) завершает возврат %3 как %4.</translation>
    </message>
    <message>
        <source>This row is closed: %1.</source>
        <translation>Эта строка закрыта: %1.</translation>
    </message>
    <message>
        <source>A second person with the approve right approves it in the Approvals tab, and that approval sends it at once.</source>
        <translation>Второй человек с правом утверждать утверждает его на вкладке «Утверждения», и это утверждение сразу его отправляет.</translation>
    </message>
    <message>
        <source>Look it up at the provider (Ctrl+L): the look-up is kept as evidence, and a supervisor closes the row with it.</source>
        <translation>Проверьте у провайдера (Ctrl+L): результат сохранится как доказательство, и супервизор закроет строку по нему.</translation>
    </message>
    <message>
        <source>
Nothing is stored under this operation&apos;s key: inside the key&apos;s window Stripe reads a resend with the stored key as the first request, so a resend finishes this refund, once.</source>
        <translation>
По ключу этой операции ничего не сохранено: пока ключ действует, Stripe примет повторную отправку с сохранённым ключом как первый запрос, так что повтор завершит этот возврат, и только один раз.</translation>
    </message>
</context>
<context>
    <name>ops::console::MessageJob</name>
    <message>
        <source>no helpdesk URL is configured</source>
        <translation>адрес службы поддержки не настроен</translation>
    </message>
    <message>
        <source>Message %1 is queued but not sent: %2</source>
        <translation>Сообщение %1 в очереди, но не отправлено: %2</translation>
    </message>
    <message>
        <source>Set OPS_HELPDESK_URL and restart, or copy it to the clipboard.</source>
        <translation>Задайте OPS_HELPDESK_URL и перезапустите консоль или скопируйте сообщение в буфер обмена.</translation>
    </message>
    <message>
        <source>Message sent to conversation %1.</source>
        <translation>Сообщение отправлено в диалог %1.</translation>
    </message>
    <message>
        <source>The customer already has this message; nothing was sent.</source>
        <translation>У клиента уже есть это сообщение; ничего не отправлено.</translation>
    </message>
    <message>
        <source>The message was not delivered: %1</source>
        <translation>Сообщение не доставлено: %1</translation>
    </message>
    <message>
        <source>Compose the same message again later to retry (same key: it arrives at most once), or copy it to the clipboard.</source>
        <translation>Чтобы повторить, позже составьте то же сообщение снова (тот же ключ: оно придёт не более одного раза) или скопируйте его в буфер обмена.</translation>
    </message>
    <message>
        <source>Not sent: %1.</source>
        <translation>Не отправлено: %1.</translation>
    </message>
    <message>
        <source>Reload (F5).</source>
        <translation>Обновите (F5).</translation>
    </message>
    <message>
        <source>The database failed while sending the message: %1</source>
        <translation>Ошибка базы данных при отправке сообщения: %1</translation>
    </message>
    <message>
        <source>Reload (F5): the message row shows what was recorded.</source>
        <translation>Обновите (F5): строка сообщения показывает, что было записано.</translation>
    </message>
    <message>
        <source>Nothing was sent; ask a supervisor for the message right.</source>
        <translation>Ничего не отправлено; попросите супервайзера дать право на сообщения.</translation>
    </message>
    <message>
        <source>Unknown whether conversation %1 holds the message: %2</source>
        <translation>Неизвестно, есть ли сообщение в переписке %1: %2</translation>
    </message>
    <message>
        <source>Look at the ticket, or send again later: the ticket is read before anything is sent.</source>
        <translation>Проверьте тикет или отправьте позже: перед отправкой тикет будет прочитан.</translation>
    </message>
    <message>
        <source>Could not read the decision notes of %1: %2</source>
        <translation>Не удалось прочитать заметки о решении по %1: %2</translation>
    </message>
    <message>
        <source>The decision on %1 is noted on its ticket.</source>
        <translation>Решение по %1 записано в его тикете.</translation>
    </message>
    <message>
        <source>Wait a few seconds and send it again: the ticket is read first.</source>
        <translation>Подождите несколько секунд и отправьте снова: сначала будет прочитан тикет.</translation>
    </message>
</context>
<context>
    <name>ops::console::NewRefundJob</name>
    <message>
        <source>The new refund was not started: %1</source>
        <translation>Новый возврат не запущен: %1</translation>
    </message>
    <message>
        <source>Nothing was stored or sent; the failed refund is unchanged.</source>
        <translation>Ничего не сохранено и не отправлено; неуспешный возврат не изменён.</translation>
    </message>
    <message>
        <source>New refund %1 of %2</source>
        <translation>Новый возврат %1 на %2</translation>
    </message>
    <message>
        <source>%1 succeeded: the provider refunded the customer.</source>
        <translation>%1: успешно, провайдер вернул деньги клиенту.</translation>
    </message>
    <message>
        <source>%1: the outcome is unknown (%2).</source>
        <translation>%1: результат неизвестен (%2).</translation>
    </message>
    <message>
        <source>It is in the Checking list; look it up there (Ctrl+L).</source>
        <translation>Он в списке «Проверка»; запросите его там у провайдера (Ctrl+L).</translation>
    </message>
    <message>
        <source>%1 failed at the provider: %2</source>
        <translation>%1 не прошёл у провайдера: %2</translation>
    </message>
    <message>
        <source>No money moved. Look at its attempts before trying again.</source>
        <translation>Деньги не двигались. Посмотрите его попытки, прежде чем пробовать снова.</translation>
    </message>
    <message>
        <source>%1 is %2.</source>
        <translation>%1: %2.</translation>
    </message>
    <message>
        <source>The database failed while starting the new refund: %1</source>
        <translation>Сбой базы данных при запуске нового возврата: %1</translation>
    </message>
    <message>
        <source>Reload (F5): a row, if one was opened, is in the list.</source>
        <translation>Обновите (F5): строка, если она была открыта, появится в списке.</translation>
    </message>
    <message>
        <source>No new refund was started: %1 (%2) already covers order %3 for %4.</source>
        <translation>Новый возврат не начат: %1 (%2) уже покрывает заказ %3 на %4.</translation>
    </message>
    <message>
        <source>The failed refund is unchanged; look at %1 first.</source>
        <translation>Неуспешный возврат не изменён; сначала посмотрите %1.</translation>
    </message>
    <message>
        <source>%1 waits for approval: another person with the approve right sends it (Supervisor → Agent requests).</source>
        <translation>%1 ждёт согласования: его отправит другой сотрудник с правом одобрения (Супервайзер → Запросы агентов).</translation>
    </message>
    <message>
        <source>%1 is not confirmed yet: %2</source>
        <translation>%1 ещё не подтверждён: %2</translation>
    </message>
    <message>
        <source>the provider did not answer</source>
        <translation>провайдер не ответил</translation>
    </message>
    <message>
        <source>It stays open with its key; look it up in a minute (Ctrl+L).</source>
        <translation>Он остаётся открытым со своим ключом; запросите его у провайдера через минуту (Ctrl+L).</translation>
    </message>
    <message>
        <source>%1 was received by the provider as %2; its notification will say how it ended.</source>
        <translation>%1 принят провайдером как %2; его уведомление сообщит, чем он закончился.</translation>
    </message>
</context>
<context>
    <name>ops::console::ProviderLookup</name>
    <message>
        <source>The provider did not answer while reading %1 (%2).</source>
        <translation>Провайдер не ответил при чтении %1 (%2).</translation>
    </message>
    <message>
        <source>The provider refused our API key while reading %1 (HTTP %2). Check OPS_STRIPE_KEY.</source>
        <translation>Провайдер отклонил наш ключ API при чтении %1 (HTTP %2). Проверьте OPS_STRIPE_KEY.</translation>
    </message>
    <message>
        <source>The provider answered HTTP %1 while reading %2.</source>
        <translation>Провайдер ответил HTTP %1 при чтении %2.</translation>
    </message>
    <message>
        <source>Look-up cancelled.</source>
        <translation>Запрос отменён.</translation>
    </message>
    <message>
        <source>the charge&apos;s refunds</source>
        <translation>возвратов по платежу</translation>
    </message>
    <message>
        <source>
Found refund %1 for this operation: %2, status %3.</source>
        <translation>
Найден возврат %1 для этой операции: %2, статус %3.</translation>
    </message>
    <message>
        <source>
The provider has not finished it: look up again later before closing.</source>
        <translation>
Провайдер ещё не завершил его: запросите снова позже, прежде чем закрывать.</translation>
    </message>
    <message>
        <source>Operation %1 has no charge id to look up.</source>
        <translation>У операции %1 нет идентификатора платежа для запроса.</translation>
    </message>
    <message>
        <source>charge </source>
        <translation>платёж </translation>
    </message>
    <message>
        <source>Charge %1: %2 charged, %3 refunded in total (amount_refunded). Refunds examined: %4.</source>
        <translation>Платёж %1: списано %2, всего возвращено %3 (amount_refunded). Просмотрено возвратов: %4.</translation>
    </message>
    <message>
        <source>
No refund with this operation id among the first %1; the charge has more. Check the dashboard before closing.</source>
        <translation>
Среди первых %1 нет возврата с идентификатором этой операции; у платежа их больше. Проверьте панель провайдера, прежде чем закрывать.</translation>
    </message>
    <message>
        <source>
No refund carries this operation id: the provider shows no movement for it.</source>
        <translation>
Ни один возврат не несёт идентификатор этой операции: провайдер не показывает по ней движения денег.</translation>
    </message>
</context>
<context>
    <name>ops::console::SlenLookup</name>
    <message>
        <source>Slen did not answer while reading %1 (%2). Check OPS_SLEN_URL and that the provider is reachable.</source>
        <translation>Slen не ответил при чтении %1 (%2). Проверьте OPS_SLEN_URL и доступность провайдера.</translation>
    </message>
    <message>
        <source>Slen refused our API key while reading %1 (HTTP %2). Check OPS_SLEN_KEY.</source>
        <translation>Slen отклонил наш ключ API при чтении %1 (HTTP %2). Проверьте OPS_SLEN_KEY.</translation>
    </message>
    <message>
        <source>Slen has no %1 (HTTP 404 %2). %3</source>
        <translation>В Slen нет %1 (HTTP 404 %2). %3</translation>
    </message>
    <message>
        <source>Slen answered HTTP %1 %2 while reading %3.</source>
        <translation>Slen ответил HTTP %1 %2 при чтении %3.</translation>
    </message>
    <message>
        <source>
The execution names operation %1, not this one: do not close from this answer; check the row&apos;s stored request.</source>
        <translation>
Выполнение указывает на операцию %1, а не на эту: не закрывайте по этому ответу; проверьте сохранённый запрос строки.</translation>
    </message>
    <message>
        <source>
Error code: %1.</source>
        <translation>
Код ошибки: %1.</translation>
    </message>
    <message>
        <source>
The execution is still running (%1): look again later before closing.</source>
        <translation>
Выполнение ещё идёт (%1): запросите снова позже, прежде чем закрывать.</translation>
    </message>
    <message>
        <source>Operation %1 has no execution id: the provider never told us one (the first request got no readable answer). Slen cannot be searched by idempotency key over this API, so the look-up cannot tell whether the flow ran.
Nothing to propose. Inside the window, Resend sends the stored request with the same key: Slen then answers with the execution if it exists.</source>
        <translation>У операции %1 нет идентификатора выполнения: провайдер его так и не сообщил (на первый запрос не пришло читаемого ответа). Через этот API в Slen нельзя искать по ключу идемпотентности, поэтому запрос не может определить, запускался ли поток.
Предложить нечего. Пока окно открыто, «Повторная отправка» отправит сохранённый запрос с тем же ключом: тогда Slen ответит выполнением, если оно существует.</translation>
    </message>
    <message>
        <source>Slen&apos;s answer for execution %1 could not be read.</source>
        <translation>Не удалось прочитать ответ Slen о выполнении %1.</translation>
    </message>
    <message>
        <source>execution </source>
        <translation>выполнение </translation>
    </message>
    <message>
        <source>Check that OPS_SLEN_KEY belongs to project %1, where the execution was started.</source>
        <translation>Проверьте, что OPS_SLEN_KEY относится к проекту %1, где было запущено выполнение.</translation>
    </message>
    <message>
        <source>Execution %1 (flow %2): status %3.</source>
        <translation>Выполнение %1 (поток %2): статус %3.</translation>
    </message>
    <message>
        <source>
The row holds movement %1 from the provider&apos;s own answer: that is the reference for the close.</source>
        <translation>
В строке есть движение %1 из собственного ответа провайдера: это и есть ссылка для закрытия.</translation>
    </message>
    <message>
        <source>
Slen cannot list movements by idempotency key over this API, and a balance alone cannot prove whether this movement happened (other movements change it too).
Nothing to propose. Inside the window, Resend sends the stored request with the same key: Slen replays the movement if it happened, or makes it once if it did not.</source>
        <translation>
Через этот API Slen не может показать движения по ключу идемпотентности, а один баланс не доказывает, было ли это движение (его меняют и другие движения).
Предложить нечего. Пока окно открыто, «Повторная отправка» отправит сохранённый запрос с тем же ключом: Slen повторит ответ, если движение было, или выполнит его один раз, если не было.</translation>
    </message>
    <message>
        <source>Operation %1 has no customer id to look up.</source>
        <translation>У операции %1 нет идентификатора клиента для запроса.</translation>
    </message>
    <message>
        <source>Slen&apos;s answer for customer %1 could not be read.</source>
        <translation>Не удалось прочитать ответ Slen о клиенте %1.</translation>
    </message>
    <message>
        <source>customer </source>
        <translation>клиент </translation>
    </message>
    <message>
        <source>Check that OPS_SLEN_KEY belongs to project %1.</source>
        <translation>Проверьте, что OPS_SLEN_KEY относится к проекту %1.</translation>
    </message>
    <message>
        <source>Customer %1: %2 balance %3 (all balances: %4). This operation is a %5 of %6 %2.</source>
        <translation>Клиент %1: баланс %2 — %3 (все балансы: %4). Эта операция — %5 на %6 %2.</translation>
    </message>
    <message>
        <source>
Provider reference on the row: %1.</source>
        <translation>
Ссылка провайдера в строке: %1.</translation>
    </message>
</context>
<context>
    <name>ops::ui::AgentRequestsPanel</name>
    <message>
        <source>Reason (required to reject)</source>
        <translation>Причина (обязательна для отклонения)</translation>
    </message>
    <message>
        <source>A&amp;pprove and send</source>
        <translation>&amp;Одобрить и отправить</translation>
    </message>
    <message>
        <source>Re&amp;ject</source>
        <translation>О&amp;тклонить</translation>
    </message>
    <message>
        <source>Sending %1 with its stored key…</source>
        <translation>Отправка %1 с сохранённым ключом…</translation>
    </message>
    <message>
        <source>No agent request waits for a person.</source>
        <translation>Нет запросов агентов, ожидающих решения человека.</translation>
    </message>
    <message>
        <source>Select a request.</source>
        <translation>Выберите запрос.</translation>
    </message>
    <message>
        <source>Reject closes %1 as failed, rejected by you with this reason; nothing is sent.</source>
        <translation>«Отклонить» закроет %1 как неуспешную — отклонено вами с этой причиной; ничего не отправляется.</translation>
    </message>
    <message>
        <source>Wait for the request on its way</source>
        <translation>Дождитесь отправляемого запроса</translation>
    </message>
    <message>
        <source>Send the refund with its stored key</source>
        <translation>Отправить возврат с сохранённым ключом</translation>
    </message>
    <message>
        <source>Close the request as failed, rejected with your reason</source>
        <translation>Закрыть запрос как неуспешный, отклонённый с вашей причиной</translation>
    </message>
    <message>
        <source>Type a reason to reject</source>
        <translation>Укажите причину, чтобы отклонить</translation>
    </message>
    <message>
        <source>%1 (a person)</source>
        <translation>%1 (человек)</translation>
    </message>
    <message>
        <source>agent %1</source>
        <translation>агент %1</translation>
    </message>
    <message>
        <source>You started %1: another person with the approve right sends it (you may withdraw it with Reject and a reason).</source>
        <translation>Вы начали %1: отправляет другой человек с правом утверждать (вы можете отозвать запрос кнопкой «Отклонить» с причиной).</translation>
    </message>
    <message>
        <source>Approve and send refunds %1 of order %2, asked by %3, with the stored key, once; Reject needs a reason.</source>
        <translation>«Утвердить и отправить» возвращает %1 по заказу %2 (запросил %3) с сохранённым ключом, один раз; для отклонения нужна причина.</translation>
    </message>
    <message>
        <source>Nobody approves their own request.</source>
        <translation>Никто не утверждает собственный запрос.</translation>
    </message>
</context>
<context>
    <name>ops::ui::AgentsDialog</name>
    <message>
        <source>Over a limit, an agent&apos;s refund waits in View → Audit and charts → Agent requests until a supervisor approves or rejects it.</source>
        <translation>Возврат агента сверх лимита ждёт в меню «Вид → Аудит и графики → Запросы агентов», пока супервизор не одобрит или не отклонит его.</translation>
    </message>
    <message>
        <source>Agents</source>
        <translation>Агенты</translation>
    </message>
    <message>
        <source>Tokens are never shown here. An agent and its token are created with &lt;tt&gt;opsctl agent add NAME&lt;/tt&gt;, which prints the token once (docs/agents.md).</source>
        <translation>Токены здесь никогда не показываются. Агент и его токен создаются командой &lt;tt&gt;opsctl agent add NAME&lt;/tt&gt;, которая выводит токен один раз (docs/agents.md).</translation>
    </message>
    <message>
        <source>&amp;Revoke…</source>
        <translation>&amp;Отозвать…</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Об&amp;новить</translation>
    </message>
    <message>
        <source>The agents could not be read: %1</source>
        <translation>Не удалось прочитать список агентов: %1</translation>
    </message>
    <message>
        <source>Revoke agent %1?</source>
        <translation>Отозвать агента %1?</translation>
    </message>
    <message>
        <source>Its token is refused from the next request on, and a revoked agent is never restored: to give it access again, add an agent under another name.</source>
        <translation>Его токен отклоняется начиная со следующего запроса, а отозванный агент никогда не восстанавливается: чтобы снова дать доступ, добавьте агента под другим именем.</translation>
    </message>
    <message>
        <source>Revoke %1</source>
        <translation>Отозвать %1</translation>
    </message>
    <message>
        <source>Agent %1 is revoked: its token is refused from now on.</source>
        <translation>Агент %1 отозван: отныне его токен отклоняется.</translation>
    </message>
    <message>
        <source>Agent %1 was not revoked: %2</source>
        <translation>Агент %1 не отозван: %2</translation>
    </message>
    <message>
        <source>Select an agent to revoke</source>
        <translation>Выберите агента, чтобы отозвать его</translation>
    </message>
    <message>
        <source>%1 is already revoked</source>
        <translation>%1 уже отозван</translation>
    </message>
    <message>
        <source>Revoke %1: its token stops working at once; asks first</source>
        <translation>Отозвать %1: его токен сразу перестаёт действовать; сначала будет вопрос</translation>
    </message>
</context>
<context>
    <name>ops::ui::AmountUnits</name>
    <message>
        <source>write an amount in %1 such as %2</source>
        <translation>укажите сумму в %1, например %2</translation>
    </message>
    <message>
        <source>%1 has no decimals</source>
        <translation>у %1 нет дробной части</translation>
    </message>
    <message>
        <source>%1 has %2 decimals at most</source>
        <translation>у %1 не больше %2 знаков после запятой</translation>
    </message>
    <message>
        <source>the amount is too large</source>
        <translation>сумма слишком велика</translation>
    </message>
</context>
<context>
    <name>ops::ui::ApprovalsPanel</name>
    <message>
        <source>Reason (required to reject)</source>
        <translation>Причина (обязательна для отклонения)</translation>
    </message>
    <message>
        <source>&amp;Approve</source>
        <translation>&amp;Одобрить</translation>
    </message>
    <message>
        <source>Re&amp;ject</source>
        <translation>О&amp;тклонить</translation>
    </message>
    <message>
        <source>Nothing waits for approval.</source>
        <translation>Нет запросов, ожидающих одобрения.</translation>
    </message>
    <message>
        <source>Select a request.</source>
        <translation>Выберите запрос.</translation>
    </message>
    <message>
        <source>You asked for #%1: another supervisor must approve it (you may withdraw it with Reject and a reason).</source>
        <translation>Запрос #%1 — ваш: его должен одобрить другой супервайзер (вы можете отозвать его кнопкой «Отклонить», указав причину).</translation>
    </message>
    <message>
        <source>Approve carries out %1 at once; Reject needs a reason.</source>
        <translation>«Одобрить» сразу выполняет: %1; для «Отклонить» нужна причина.</translation>
    </message>
    <message>
        <source>Nobody approves their own request.</source>
        <translation>Никто не одобряет собственный запрос.</translation>
    </message>
    <message>
        <source>Approve and carry out the request</source>
        <translation>Одобрить и выполнить запрос</translation>
    </message>
    <message>
        <source>Reject the request</source>
        <translation>Отклонить запрос</translation>
    </message>
    <message>
        <source>Type a reason to reject</source>
        <translation>Укажите причину, чтобы отклонить</translation>
    </message>
    <message>
        <source>You are connected as the owner of the tables (%1), whom the database does not check: names are typed, not authenticated, so four-eyes here is a habit, not a control. For enforced approvals each supervisor logs in as themselves (team mode, docs/team.md).</source>
        <translation>Вы подключены как владелец таблиц (%1), которого база данных не проверяет: имена вводятся вручную и не подтверждены, поэтому принцип четырёх глаз здесь — привычка, а не контроль. Чтобы согласования проверялись, каждый супервайзер входит под своим логином (командный режим, docs/team.md).</translation>
    </message>
    <message>
        <source>Single-desk file: names are not authenticated, so anyone at this desk can approve under another name. Four-eyes here is a habit, not a control. For enforced approvals use team mode: PostgreSQL with one login per person (docs/team.md).</source>
        <translation>Файл одного рабочего места: имена не подтверждены, и любой за этим местом может одобрить запрос под чужим именем. Принцип четырёх глаз здесь — привычка, а не контроль. Чтобы согласования проверялись, используйте командный режим: PostgreSQL с отдельным логином для каждого (docs/team.md).</translation>
    </message>
    <message>
        <source>Deciding #%1…</source>
        <translation>Решение по №%1 отправлено…</translation>
    </message>
</context>
<context>
    <name>ops::ui::AssignDialog</name>
    <message>
        <source>Assign %1</source>
        <translation>Назначить %1</translation>
    </message>
    <message>
        <source>%1 has no owner.</source>
        <translation>У %1 нет владельца.</translation>
    </message>
    <message>
        <source>%1 owns %2 since %3.</source>
        <translation>%2 принадлежит %1 с %3.</translation>
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
        <translation>В справочнике операторов больше никто не активен.</translation>
    </message>
    <message>
        <source>An owner is a name, not a lock: anyone with the rights may still act on the row.</source>
        <translation>Владелец — это имя, а не блокировка: любой, у кого есть права, по-прежнему может работать со строкой.</translation>
    </message>
    <message>
        <source>&amp;Assign</source>
        <translation>&amp;Назначить</translation>
    </message>
</context>
<context>
    <name>ops::ui::AttentionPanel</name>
    <message>
        <source>No row waits for a person: nothing needs Attention.</source>
        <translation>Ни одна строка не ждёт человека: ничто не требует внимания.</translation>
    </message>
    <message>
        <source>C&amp;lear Attention</source>
        <translation>Сн&amp;ять отметку «Внимание»</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Заметка</translation>
    </message>
    <message>
        <source>What was done (told the customer, opened a new refund, …) — required</source>
        <translation>Что сделано (сообщили клиенту, оформили новый возврат, …) — обязательно</translation>
    </message>
    <message>
        <source>Select a row to clear its Attention.</source>
        <translation>Выберите строку, чтобы снять с неё отметку «Внимание».</translation>
    </message>
    <message>
        <source>Clear Attention on %1 with the note (needs the Close right; written to the audit trail)</source>
        <translation>Снять отметку «Внимание» с %1 с этой заметкой (нужно право на закрытие; записывается в журнал аудита)</translation>
    </message>
</context>
<context>
    <name>ops::ui::AuditView</name>
    <message>
        <source>&amp;Verify chain</source>
        <translation>&amp;Проверить цепочку</translation>
    </message>
    <message>
        <source>Recompute every entry&apos;s hash and check that each one follows the previous entry</source>
        <translation>Пересчитать хеш каждой записи и проверить, что каждая следует за предыдущей</translation>
    </message>
    <message>
        <source>Export &amp;CSV…</source>
        <translation>Экспорт в &amp;CSV…</translation>
    </message>
    <message>
        <source>Write the entries that match the filters to a CSV file</source>
        <translation>Записать подходящие под фильтры записи в файл CSV</translation>
    </message>
    <message>
        <source>Could not read the audit trail: %1</source>
        <translation>Не удалось прочитать журнал аудита: %1</translation>
    </message>
    <message>
        <source>Actor starts with… (operator:, agent:)</source>
        <translation>Кто — начало… (operator:, agent:)</translation>
    </message>
    <message>
        <source>Any action</source>
        <translation>Любое действие</translation>
    </message>
    <message>
        <source>Attempts</source>
        <translation>Попытки</translation>
    </message>
    <message>
        <source>State changes</source>
        <translation>Смена состояния</translation>
    </message>
    <message>
        <source>Manual closes</source>
        <translation>Ручные закрытия</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>Доказательства</translation>
    </message>
    <message>
        <source>Operation id starts with…</source>
        <translation>Идентификатор операции начинается с…</translation>
    </message>
    <message>
        <source>Any kind</source>
        <translation>Любой вид</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Возврат</translation>
    </message>
    <message>
        <source>Credit top-up</source>
        <translation>Пополнение кредитов</translation>
    </message>
    <message>
        <source>Credit charge</source>
        <translation>Списание кредитов</translation>
    </message>
    <message>
        <source>Credit adjust</source>
        <translation>Корректировка кредитов</translation>
    </message>
    <message>
        <source>Execution</source>
        <translation>Выполнение</translation>
    </message>
    <message>
        <source>From</source>
        <translation>С</translation>
    </message>
    <message>
        <source>to</source>
        <translation>по</translation>
    </message>
    <message numerus="yes">
        <source>%n entries match</source>
        <translation>
            <numerusform>%n запись подходит</numerusform>
            <numerusform>%n записи подходят</numerusform>
            <numerusform>%n записей подходят</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entries in the database wait to be chained (oldest %1 s)</source>
        <translation>
            <numerusform>%n запись в базе ждёт места в цепочке (самая старая %1 с)</numerusform>
            <numerusform>%n записи в базе ждут места в цепочке (самая старая %1 с)</numerusform>
            <numerusform>%n записей в базе ждут места в цепочке (самая старая %1 с)</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not count the entries: %1</source>
        <translation>Не удалось подсчитать записи: %1</translation>
    </message>
    <message numerus="yes">
        <source>Chain holds (%n entries)</source>
        <translation>
            <numerusform>Цепочка цела (%n запись)</numerusform>
            <numerusform>Цепочка цела (%n записи)</numerusform>
            <numerusform>Цепочка цела (%n записей)</numerusform>
        </translation>
    </message>
    <message>
        <source>First broken entry #%1: %2</source>
        <translation>Первая нарушенная запись #%1: %2</translation>
    </message>
    <message>
        <source>Export audit entries</source>
        <translation>Экспорт записей аудита</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>Экспорт не удался: %1</translation>
    </message>
    <message>
        <source>Exporting audit entries…</source>
        <translation>Экспорт записей аудита…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n entries to %1</source>
        <translation>
            <numerusform>Экспортирована %n запись в %1</numerusform>
            <numerusform>Экспортированы %n записи в %1</numerusform>
            <numerusform>Экспортировано %n записей в %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export cancelled; no file was written</source>
        <translation>Экспорт отменён; файл не записан</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>&amp;Обновить</translation>
    </message>
    <message>
        <source>Read the entries again (new ones appear at the top)</source>
        <translation>Перечитать записи (новые появляются сверху)</translation>
    </message>
    <message>
        <source>Select an entry to read its detail.</source>
        <translation>Выберите запись, чтобы прочитать подробности.</translation>
    </message>
    <message>
        <source>Stop the chain check or the export (a cancelled export writes no file)</source>
        <translation>Остановить проверку цепочки или экспорт (отменённый экспорт не записывает файл)</translation>
    </message>
    <message>
        <source>Entry %1 · %2 · %3

</source>
        <translation>Запись %1 · %2 · %3

</translation>
    </message>
    <message>
        <source>Local time (%1); the store compares UTC</source>
        <translation>Местное время (%1); хранилище сравнивает в UTC</translation>
    </message>
    <message>
        <source>Times in this window are local time (%1)</source>
        <translation>Время в этом окне — местное (%1)</translation>
    </message>
    <message>
        <source>%1+ entries match</source>
        <translation>подходит записей: %1+</translation>
    </message>
    <message>
        <source>Verifying the chain…</source>
        <translation>Проверка цепочки…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 из %2</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Отмена…</translation>
    </message>
    <message>
        <source>Chain check cancelled</source>
        <translation>Проверка цепочки отменена</translation>
    </message>
    <message>
        <source>Closes by a resend&apos;s answer</source>
        <translation>Закрытия по ответу на повторную отправку</translation>
    </message>
</context>
<context>
    <name>ops::ui::BatchActions</name>
    <message>
        <source>&amp;Import refunds…</source>
        <translation>Импорт &amp;возвратов…</translation>
    </message>
    <message>
        <source>Import refunds: a batch sends refunds and attaches their answers, and %1 may not; ask a supervisor.</source>
        <translation>Импорт возвратов: пакет отправляет возвраты и прикладывает ответы на них, а %1 не может этого делать; обратитесь к супервайзеру.</translation>
    </message>
    <message>
        <source>Import refunds: an import is already open.</source>
        <translation>Импорт возвратов: импорт уже открыт.</translation>
    </message>
    <message>
        <source>Check a CSV file of refunds, then run it (Ctrl+Shift+I)</source>
        <translation>Проверить файл CSV с возвратами, затем выполнить его (Ctrl+Shift+I)</translation>
    </message>
    <message>
        <source>Import refunds</source>
        <translation>Импорт возвратов</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation>Файлы CSV (*.csv *.txt);;Все файлы (*)</translation>
    </message>
    <message>
        <source>Import refunds: no console is attached to check and run it.</source>
        <translation>Импорт возвратов: к окну не подключена консоль, которая могла бы проверить и выполнить его.</translation>
    </message>
</context>
<context>
    <name>ops::ui::BatchImportDialog</name>
    <message>
        <source>Import refunds</source>
        <translation>Импорт возвратов</translation>
    </message>
    <message>
        <source>Part of every row&apos;s unit of work: run the same file under the same name again and nothing is refunded twice.</source>
        <translation>Входит в единицу работы каждой строки: если запустить тот же файл под тем же названием ещё раз, ничего не будет возвращено дважды.</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>Файл:</translation>
    </message>
    <message>
        <source>Batch &amp;name:</source>
        <translation>&amp;Название пакета:</translation>
    </message>
    <message>
        <source>%v of %m rows</source>
        <translation>Строки: %v из %m</translation>
    </message>
    <message>
        <source>Check &amp;again</source>
        <translation>Проверить &amp;ещё раз</translation>
    </message>
    <message>
        <source>Read and check the file again under the name above; nothing is sent</source>
        <translation>Прочитать и проверить файл ещё раз под названием выше; ничего не отправляется</translation>
    </message>
    <message>
        <source>&amp;Save results…</source>
        <translation>&amp;Сохранить результаты…</translation>
    </message>
    <message>
        <source>Save a CSV: line, ticket, operation, status, reason, provider reference</source>
        <translation>Сохранить CSV: строка, обращение, операция, статус, причина, ссылка провайдера</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Выполнить</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрыть</translation>
    </message>
    <message>
        <source>Reading and checking %1…</source>
        <translation>Чтение и проверка %1…</translation>
    </message>
    <message numerus="yes">
        <source>Batch “%1”: %n row(s)</source>
        <translation>
            <numerusform>Пакет «%1»: %n строка</numerusform>
            <numerusform>Пакет «%1»: %n строки</numerusform>
            <numerusform>Пакет «%1»: %n строк</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n проблема</numerusform>
            <numerusform>%n проблемы</numerusform>
            <numerusform>%n проблем</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n already run</source>
        <translation>
            <numerusform>%n уже выполнена</numerusform>
            <numerusform>%n уже выполнены</numerusform>
            <numerusform>%n уже выполнено</numerusform>
        </translation>
    </message>
    <message>
        <source>total %1</source>
        <translation>всего %1</translation>
    </message>
    <message>
        <source>Send each row at the provider&apos;s pace; a second run of this file sends nothing twice (Enter)</source>
        <translation>Отправить каждую строку в темпе провайдера; повторный запуск этого файла ничего не отправит дважды (Enter)</translation>
    </message>
    <message>
        <source>Mend the file&apos;s problems first: a batch runs only when every line reads well.</source>
        <translation>Сначала исправьте проблемы в файле: пакет выполняется, только если каждая строка прочитана без ошибок.</translation>
    </message>
    <message>
        <source>Could not check the file: %1</source>
        <translation>Не удалось проверить файл: %1</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Остановить</translation>
    </message>
    <message>
        <source>Stop before the next row; run the file again to go on (Esc)</source>
        <translation>Остановиться перед следующей строкой; чтобы продолжить, запустите файл ещё раз (Esc)</translation>
    </message>
    <message>
        <source>The run stopped: %1</source>
        <translation>Запуск остановлен: %1</translation>
    </message>
    <message>
        <source>Rows not run were left untouched: run the same file under the same name again to go on.</source>
        <translation>Невыполненные строки остались нетронутыми: чтобы продолжить, запустите тот же файл под тем же названием ещё раз.</translation>
    </message>
    <message>
        <source>Close the summary (Esc)</source>
        <translation>Закрыть итоги (Esc)</translation>
    </message>
    <message>
        <source>Save the batch&apos;s results</source>
        <translation>Сохранить результаты пакета</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message>
        <source>Results saved to %1.</source>
        <translation>Результаты сохранены в %1.</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>Не удалось сохранить %1: %2</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Остановка…</translation>
    </message>
    <message>
        <source>The name changed: check again under it first (Enter).</source>
        <translation>Название изменилось: сначала проверьте под ним ещё раз (Enter).</translation>
    </message>
</context>
<context>
    <name>ops::ui::BulkActions</name>
    <message>
        <source>Select all with a &amp;proposal</source>
        <translation>Выде&amp;лить все с предложением</translation>
    </message>
    <message>
        <source>Select every row in Checking the reconciler left a proposal for</source>
        <translation>Выделить все строки в очереди проверки, для которых сверка оставила предложение</translation>
    </message>
    <message>
        <source>&amp;Apply proposals…</source>
        <translation>Пр&amp;именить предложения…</translation>
    </message>
    <message>
        <source>Resend selecte&amp;d…</source>
        <translation>Повторно о&amp;тправить выбранные…</translation>
    </message>
    <message>
        <source>Bulk actions work in the Checking tab (Ctrl+2).</source>
        <translation>Массовые действия работают на вкладке «Проверка» (Ctrl+2).</translation>
    </message>
    <message>
        <source>Select rows in Checking first (Shift+arrows, or Ctrl+Shift+P).</source>
        <translation>Сначала выберите строки на вкладке «Проверка» (Shift+стрелки или Ctrl+Shift+P).</translation>
    </message>
    <message>
        <source>A bulk preview is already open.</source>
        <translation>Предпросмотр массового действия уже открыт.</translation>
    </message>
    <message>
        <source>Preview the selected rows&apos; proposals, then apply them (Ctrl+Shift+Y)</source>
        <translation>Предпросмотр предложений выбранных строк, затем их применение (Ctrl+Shift+Y)</translation>
    </message>
    <message>
        <source>Preview, then resend the selected rows with their stored keys (Ctrl+Shift+R)</source>
        <translation>Предпросмотр, затем повторная отправка выбранных строк с их сохранёнными ключами (Ctrl+Shift+R)</translation>
    </message>
    <message>
        <source>Could not read the proposals: %1</source>
        <translation>Не удалось прочитать предложения: %1</translation>
    </message>
    <message>
        <source>Nothing was selected; try again (F5 reloads).</source>
        <translation>Ничего не выбрано; попробуйте ещё раз (F5 — обновить).</translation>
    </message>
    <message>
        <source>No row in Checking has a proposal.</source>
        <translation>Ни у одной строки в очереди проверки нет предложения.</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with a proposal selected; Ctrl+Shift+Y previews applying them.</source>
        <translation>
            <numerusform>Выбрана %n строка с предложением; Ctrl+Shift+Y — предпросмотр применения.</numerusform>
            <numerusform>Выбраны %n строки с предложением; Ctrl+Shift+Y — предпросмотр применения.</numerusform>
            <numerusform>Выбрано %n строк с предложением; Ctrl+Shift+Y — предпросмотр применения.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with a proposal selected; Ctrl+Shift+R previews resending them. Applying proposals needs a supervisor.</source>
        <translation>
            <numerusform>Выбрана %n строка с предложением; Ctrl+Shift+R показывает их повторную отправку. Применять предложения может только супервайзер.</numerusform>
            <numerusform>Выбрано %n строки с предложением; Ctrl+Shift+R показывает их повторную отправку. Применять предложения может только супервайзер.</numerusform>
            <numerusform>Выбрано %n строк с предложением; Ctrl+Shift+R показывает их повторную отправку. Применять предложения может только супервайзер.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) with a proposal selected; applying them needs a supervisor.</source>
        <translation>
            <numerusform>Выбрана %n строка с предложением; применить её может только супервайзер.</numerusform>
            <numerusform>Выбрано %n строки с предложением; применить их может только супервайзер.</numerusform>
            <numerusform>Выбрано %n строк с предложением; применить их может только супервайзер.</numerusform>
        </translation>
    </message>
    <message>
        <source>no console is attached to read it.</source>
        <translation>к окну не подключена консоль, которая могла бы его прочитать.</translation>
    </message>
</context>
<context>
    <name>ops::ui::BulkApplyDialog</name>
    <message>
        <source>Apply proposals</source>
        <translation>Применить предложения</translation>
    </message>
    <message>
        <source>Resend selected</source>
        <translation>Повторно отправить выбранные</translation>
    </message>
    <message>
        <source>%v of %m rows</source>
        <translation>Строки: %v из %m</translation>
    </message>
    <message>
        <source>&amp;Confirm</source>
        <translation>&amp;Подтвердить</translation>
    </message>
    <message>
        <source>&amp;Resend</source>
        <translation>Повторная &amp;отправка</translation>
    </message>
    <message>
        <source>Run every row the preview does not exclude (Enter)</source>
        <translation>Выполнить все строки, которые предпросмотр не исключил (Enter)</translation>
    </message>
    <message>
        <source>Every selected row is excluded; nothing to run.</source>
        <translation>Все выбранные строки исключены; выполнять нечего.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Close without changing anything (Esc)</source>
        <translation>Закрыть, ничего не меняя (Esc)</translation>
    </message>
    <message numerus="yes">
        <source>%n excluded</source>
        <translation>
            <numerusform>%n исключена</numerusform>
            <numerusform>%n исключены</numerusform>
            <numerusform>%n исключено</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n selected: </source>
        <translation>
            <numerusform>%n строка выбрана: </numerusform>
            <numerusform>%n строки выбраны: </numerusform>
            <numerusform>%n строк выбрано: </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n will be resent with the stored key and bytes, one attempt each; </source>
        <translation>
            <numerusform>%n будет отправлена повторно с сохранёнными ключом и байтами, по одной попытке на каждую; </numerusform>
            <numerusform>%n будут отправлены повторно с сохранёнными ключом и байтами, по одной попытке на каждую; </numerusform>
            <numerusform>%n будут отправлены повторно с сохранёнными ключом и байтами, по одной попытке на каждую; </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n will be closed as proposed</source>
        <translation>
            <numerusform>%n будет закрыта по предложению</numerusform>
            <numerusform>%n будут закрыты по предложению</numerusform>
            <numerusform>%n будут закрыты по предложению</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n will ask a second person for approval</source>
        <translation>
            <numerusform>для %n строки будет запрошено согласование второго сотрудника</numerusform>
            <numerusform>для %n строк будет запрошено согласование второго сотрудника</numerusform>
            <numerusform>для %n строк будет запрошено согласование второго сотрудника</numerusform>
        </translation>
    </message>
    <message>
        <source>Each row runs in its own transaction; the store checks each row again.</source>
        <translation>Каждая строка выполняется в своей транзакции; хранилище ещё раз проверяет каждую строку.</translation>
    </message>
    <message>
        <source>sent for approval %1</source>
        <translation>отправлено на согласование: %1</translation>
    </message>
    <message>
        <source>excluded %1</source>
        <translation>исключено: %1</translation>
    </message>
    <message>
        <source>excluded %1 (%2)</source>
        <translation>исключено: %1 (%2)</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled: %n row(s) left untouched.</source>
        <translation>
            <numerusform>Отменено: %n строка осталась нетронутой.</numerusform>
            <numerusform>Отменено: %n строки остались нетронутыми.</numerusform>
            <numerusform>Отменено: %n строк остались нетронутыми.</numerusform>
        </translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Прервать выполнение</translation>
    </message>
    <message>
        <source>Stop after the row in hand; later rows stay untouched (Esc)</source>
        <translation>Остановиться после текущей строки; остальные строки останутся нетронутыми (Esc)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>&amp;Закрыть</translation>
    </message>
    <message>
        <source>Close the summary (Esc)</source>
        <translation>Закрыть итоги (Esc)</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Отмена…</translation>
    </message>
    <message numerus="yes">
        <source>Reading %n row(s)…</source>
        <translation>
            <numerusform>Читается %n строка…</numerusform>
            <numerusform>Читаются %n строки…</numerusform>
            <numerusform>Читаются %n строк…</numerusform>
        </translation>
    </message>
    <message>
        <source>The preview is being read.</source>
        <translation>Предпросмотр загружается.</translation>
    </message>
    <message>
        <source>Could not read the preview: %1</source>
        <translation>Не удалось прочитать предпросмотр: %1</translation>
    </message>
    <message>
        <source>Nothing was changed; close and try again.</source>
        <translation>Ничего не изменено; закройте окно и попробуйте снова.</translation>
    </message>
    <message>
        <source>Succeeded %1</source>
        <translation>Выполнено %1</translation>
    </message>
    <message>
        <source>closed as failed %1</source>
        <translation>закрыто как неуспешные %1</translation>
    </message>
    <message>
        <source>still unknown %1</source>
        <translation>исход неизвестен %1</translation>
    </message>
    <message>
        <source>errors %1</source>
        <translation>ошибок %1</translation>
    </message>
    <message numerus="yes">
        <source>%n will be resent with the stored key, one attempt each</source>
        <translation>
            <numerusform>%n будет отправлена повторно с сохранённым ключом, по одной попытке</numerusform>
            <numerusform>%n будут отправлены повторно с сохранённым ключом, по одной попытке на каждую</numerusform>
            <numerusform>%n будут отправлены повторно с сохранённым ключом, по одной попытке на каждую</numerusform>
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
        <translation>менее 1 ч</translation>
    </message>
    <message>
        <source>1–4 h</source>
        <translation>1–4 ч</translation>
    </message>
    <message>
        <source>4–12 h</source>
        <translation>4–12 ч</translation>
    </message>
    <message>
        <source>12–24 h</source>
        <translation>12–24 ч</translation>
    </message>
    <message>
        <source>1–3 days</source>
        <translation>1–3 дня</translation>
    </message>
    <message>
        <source>Last 14 days</source>
        <translation>Последние 14 дней</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Последние 30 дней</translation>
    </message>
    <message>
        <source>Last 90 days</source>
        <translation>Последние 90 дней</translation>
    </message>
    <message>
        <source>Unknown outcomes over:</source>
        <translation>Неизвестные результаты за:</translation>
    </message>
    <message>
        <source>Could not read the figures: %1</source>
        <translation>Не удалось прочитать данные: %1</translation>
    </message>
    <message>
        <source>Operations that became unknown, per day (UTC)</source>
        <translation>Операции, ставшие неизвестными, по дням (UTC)</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Неизвестно</translation>
    </message>
    <message>
        <source>Operations</source>
        <translation>Операции</translation>
    </message>
    <message>
        <source>attempts</source>
        <translation>попыток</translation>
    </message>
    <message>
        <source>Time from unknown to closed</source>
        <translation>Время от «неизвестно» до закрытия</translation>
    </message>
    <message>
        <source>3+ days</source>
        <translation>от 3 дней</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>&amp;Перечитать</translation>
    </message>
    <message>
        <source>Attempts per operation: automation and operators, counted apart</source>
        <translation>Попытки на операцию: автоматика и операторы, считаются отдельно</translation>
    </message>
    <message>
        <source>Automatic (the engine)</source>
        <translation>Автоматически (движок)</translation>
    </message>
    <message>
        <source>By operators (resends)</source>
        <translation>Операторами (повторные отправки)</translation>
    </message>
</context>
<context>
    <name>ops::ui::CloseDialog</name>
    <message>
        <source>Close %1</source>
        <translation>Закрыть %1</translation>
    </message>
    <message>
        <source>Close &lt;b&gt;%1&lt;/b&gt; (%2, %3) by hand. Every close records who, when, why and which evidence.</source>
        <translation>Закрыть &lt;b&gt;%1&lt;/b&gt; (%2, %3) вручную. Каждое закрытие записывает, кто, когда, почему и с какими доказательствами.</translation>
    </message>
    <message>
        <source>&amp;Succeeded — the provider moved the money</source>
        <translation>&amp;Успешно — провайдер перевёл деньги</translation>
    </message>
    <message>
        <source>&amp;Failed — no money moved</source>
        <translation>&amp;Неуспешно — деньги не двигались</translation>
    </message>
    <message>
        <source>re_… as the provider shows it</source>
        <translation>re_… так, как показывает провайдер</translation>
    </message>
    <message>
        <source>Why: what you checked and what it showed</source>
        <translation>Почему: что вы проверили и что это показало</translation>
    </message>
    <message>
        <source>Provider &amp;reference</source>
        <translation>&amp;Ссылка провайдера</translation>
    </message>
    <message>
        <source>R&amp;eason</source>
        <translation>&amp;Причина</translation>
    </message>
    <message>
        <source>E&amp;vidence (tick at least one)</source>
        <translation>&amp;Доказательства (отметьте хотя бы одно)</translation>
    </message>
    <message>
        <source>&amp;Close operation</source>
        <translation>&amp;Закрыть операцию</translation>
    </message>
    <message>
        <source>Not closed: </source>
        <translation>Не закрыто: </translation>
    </message>
    <message>
        <source>&amp;Attach evidence…</source>
        <translation>&amp;Приложить доказательство…</translation>
    </message>
    <message>
        <source>the reason: what you checked and what it showed</source>
        <translation>причина: что вы проверили и что это показало</translation>
    </message>
    <message>
        <source>evidence that the provider moved the money; this operation has no evidence yet (look it up at the provider, or Attach evidence…)</source>
        <translation>доказательство, что провайдер перевёл деньги; у этой операции ещё нет доказательств (запросите у провайдера или нажмите «Приложить доказательство…»)</translation>
    </message>
    <message>
        <source>evidence that no money moved; this operation has no evidence yet (look it up at the provider, or Attach evidence…)</source>
        <translation>доказательство, что деньги не двигались; у этой операции ещё нет доказательств (запросите у провайдера или нажмите «Приложить доказательство…»)</translation>
    </message>
    <message>
        <source>a tick on the evidence that supports this close</source>
        <translation>отметка на доказательстве, которое подтверждает это закрытие</translation>
    </message>
    <message>
        <source>the provider&apos;s reference (re_…)</source>
        <translation>идентификатор провайдера (re_…)</translation>
    </message>
    <message>
        <source>Still needed before this close:</source>
        <translation>Для этого закрытия ещё нужно:</translation>
    </message>
    <message>
        <source>it still needs %1.</source>
        <translation>ещё нужно: %1.</translation>
    </message>
    <message>
        <source>Closing this %1 of %2 needs a supervisor&apos;s approval: it is above the %3 threshold. Confirming asks for that approval; the operation stays as it is until a second person approves.</source>
        <translation>Закрытие: %1 на %2 требует одобрения супервайзера: сумма выше порога %3. Подтверждение запрашивает это одобрение; операция остаётся как есть, пока второй человек не одобрит.</translation>
    </message>
    <message>
        <source>Ask for a&amp;pproval</source>
        <translation>Запросить &amp;одобрение</translation>
    </message>
</context>
<context>
    <name>ops::ui::ComposeDialog</name>
    <message>
        <source>The operation is &lt;b&gt;%1&lt;/b&gt;: the message may say so.</source>
        <translation>Состояние операции — &lt;b&gt;%1&lt;/b&gt;: сообщение может об этом сказать.</translation>
    </message>
    <message>
        <source>The operation is &lt;b&gt;%1&lt;/b&gt;: the customer may only hear that we are checking. Claims that the money moved, or did not, are refused.</source>
        <translation>Состояние операции — &lt;b&gt;%1&lt;/b&gt;: клиенту можно сообщить только, что мы проверяем. Утверждения, что деньги переведены или не переведены, отклоняются.</translation>
    </message>
    <message>
        <source>Message the customer about %1</source>
        <translation>Сообщение клиенту по операции %1</translation>
    </message>
    <message>
        <source>&amp;Template</source>
        <translation>&amp;Шаблон</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Язык</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>&amp;Предпросмотр</translation>
    </message>
    <message>
        <source>&amp;Send</source>
        <translation>&amp;Отправить</translation>
    </message>
    <message>
        <source>Copy to &amp;clipboard</source>
        <translation>Копировать в &amp;буфер обмена</translation>
    </message>
    <message>
        <source>Write to the customer…</source>
        <translation>Напишите клиенту…</translation>
    </message>
    <message>
        <source>The message is empty.</source>
        <translation>Сообщение пустое.</translation>
    </message>
    <message>
        <source>Deliver it through the helpdesk</source>
        <translation>Доставить через службу поддержки</translation>
    </message>
    <message>
        <source>The provider accepted this refund but still reports it &lt;b&gt;pending&lt;/b&gt;: say it is issued and on its way, not that it is completed or has arrived.</source>
        <translation>Провайдер принял этот возврат, но пока сообщает, что он &lt;b&gt;в обработке&lt;/b&gt;: пишите, что возврат оформлен и деньги в пути, а не что он завершён или деньги уже пришли.</translation>
    </message>
    <message>
        <source>from the helpdesk ticket; remembered for this order</source>
        <translation>из обращения в службе поддержки; запоминается для этого заказа</translation>
    </message>
    <message>
        <source>The conversation id of the customer&apos;s helpdesk ticket (Send needs it; Copy does not). The console remembers it for this order.</source>
        <translation>Идентификатор переписки из обращения клиента в службу поддержки (нужен для «Отправить», для «Копировать» — нет). Консоль запоминает его для этого заказа.</translation>
    </message>
    <message>
        <source>Helpdesk c&amp;onversation</source>
        <translation>&amp;Переписка в поддержке</translation>
    </message>
    <message>
        <source>Send needs the helpdesk conversation id; Copy does not</source>
        <translation>Для «Отправить» нужен идентификатор переписки в поддержке; для «Копировать» — нет</translation>
    </message>
</context>
<context>
    <name>ops::ui::ConnectionsDialog</name>
    <message>
        <source>Connections</source>
        <translation>Подключения</translation>
    </message>
    <message>
        <source>Secrets are saved to files only you can read (0600) in your configuration folder, never in the settings or the database. An empty secret field keeps the saved secret.</source>
        <translation>Секреты сохраняются в файлы, доступные для чтения только вам (0600), в папке конфигурации — никогда в настройках или базе данных. Пустое поле секрета оставляет сохранённый секрет.</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Сохранить</translation>
    </message>
    <message>
        <source>Base &amp;URL:</source>
        <translation>Базовый &amp;URL:</translation>
    </message>
    <message>
        <source>&amp;Project:</source>
        <translation>&amp;Проект:</translation>
    </message>
    <message>
        <source>Check connection</source>
        <translation>Проверить подключение</translation>
    </message>
    <message>
        <source>Secret:</source>
        <translation>Секрет:</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Проверка…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Not saved. %1</source>
        <translation>Не сохранено. %1</translation>
    </message>
    <message>
        <source>Check before saving: %1 Press Save anyway to save it like this.</source>
        <translation>Проверка перед сохранением: %1 Нажмите «Всё равно сохранить», чтобы сохранить как есть.</translation>
    </message>
    <message>
        <source>Save &amp;anyway</source>
        <translation>&amp;Всё равно сохранить</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>Не сохранено: %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::ConsoleWrites</name>
    <message>
        <source>this console cannot write: it was opened without its controller</source>
        <translation>эта консоль не может записывать: она открыта без своего контроллера</translation>
    </message>
</context>
<context>
    <name>ops::ui::DecisionsPresenter</name>
    <message>
        <source>not in the operator directory — view only</source>
        <translation>нет в справочнике операторов — только просмотр</translation>
    </message>
    <message>
        <source>disabled — view only</source>
        <translation>отключён — только просмотр</translation>
    </message>
    <message>
        <source>checked by the database</source>
        <translation>проверено базой данных</translation>
    </message>
    <message>
        <source>PostgreSQL authenticated the login %1; the database refuses any change made in another name or beyond the login&apos;s group.</source>
        <translation>PostgreSQL подтвердил логин %1; база данных отклоняет любое изменение от чужого имени или сверх прав группы этого логина.</translation>
    </message>
    <message>
        <source>name not authenticated (owner of the tables)</source>
        <translation>имя не подтверждено (владелец таблиц)</translation>
    </message>
    <message>
        <source>You are connected as %1, the owner of the tables, whom the database does not check: names are typed, not proven. Log in as yourself for checked names and enforced approvals (docs/team.md).</source>
        <translation>Вы подключены как %1 — владелец таблиц, которого база данных не проверяет: имена вводятся вручную и ничем не подтверждены. Войдите под своим логином, чтобы имена и согласования проверялись (docs/team.md).</translation>
    </message>
    <message>
        <source>name not authenticated (single-desk file)</source>
        <translation>имя не подтверждено (локальный файл)</translation>
    </message>
    <message>
        <source>On a SQLite file anyone at this desk can type any name: the audit trail records the name typed, and four-eyes is a habit, not a control. Team mode (PostgreSQL, one login per person) proves who acted (docs/team.md).</source>
        <translation>В файле SQLite любой за этим рабочим местом может ввести любое имя: журнал аудита записывает введённое имя, а принцип четырёх глаз — привычка, а не контроль. Командный режим (PostgreSQL, отдельный логин для каждого) доказывает, кто действовал (docs/team.md).</translation>
    </message>
    <message>
        <source>replication unknown</source>
        <translation>репликация неизвестна</translation>
    </message>
    <message>
        <source>How this database keeps a commit through a failover (opsctl db check, docs/team.md).</source>
        <translation>Как эта база данных сохраняет фиксацию при переключении на реплику (opsctl db check, docs/team.md).</translation>
    </message>
    <message>
        <source>Four-eyes needs a second approver</source>
        <translation>Для двух подписей нужен второй утверждающий</translation>
    </message>
    <message>
        <source>A four-eyes threshold is set (%1), but only %2 may approve: a close or resend above it waits until a second person with the approve right exists. Add a second supervisor (docs/team.md).</source>
        <translation>Порог двух подписей задан (%1), но утверждать может только %2: закрытие или повторная отправка выше порога ждёт, пока не появится второй человек с правом утверждать. Добавьте второго супервизора (docs/team.md).</translation>
    </message>
    <message>
        <source>nobody</source>
        <translation>никто</translation>
    </message>
    <message>
        <source>Logged in as %1 (%2)</source>
        <translation>Вход выполнен: %1 (%2)</translation>
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
        <translation>Согласования (%1)</translation>
    </message>
    <message>
        <source>Approvals</source>
        <translation>Согласования</translation>
    </message>
    <message>
        <source>Approval #%1 was not decided: %2</source>
        <translation>Решение по запросу #%1 не принято: %2</translation>
    </message>
    <message>
        <source>Nothing changed; reload (F5) to see the request as it is now.</source>
        <translation>Ничего не изменилось; обновите (F5), чтобы увидеть текущее состояние запроса.</translation>
    </message>
    <message>
        <source>Approval #%1 %2 (%3 of %4)</source>
        <translation>Запрос на согласование #%1: %2 (%3, операция %4)</translation>
    </message>
    <message>
        <source>Approval #%1 is approved, and %2 was not resent: another job is running.</source>
        <translation>Запрос #%1 утверждён, но %2 не отправлен повторно: выполняется другое действие.</translation>
    </message>
    <message>
        <source>Resend %1 once the job ends; the approval waits for you or %2.</source>
        <translation>Отправьте %1 повторно, когда действие закончится; утверждение ждёт вас или %2.</translation>
    </message>
</context>
<context>
    <name>ops::ui::DetailPane</name>
    <message>
        <source>&amp;Request</source>
        <translation>&amp;Запрос</translation>
    </message>
    <message>
        <source>A&amp;udit</source>
        <translation>&amp;Аудит</translation>
    </message>
    <message>
        <source>Copy key</source>
        <translation>Копировать ключ</translation>
    </message>
    <message>
        <source>Copy the idempotency key (Ctrl+Shift+C)</source>
        <translation>Копировать ключ идемпотентности (Ctrl+Shift+C)</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Ключ</translation>
    </message>
    <message>
        <source>Select an evidence item to read it.</source>
        <translation>Выберите доказательство, чтобы прочитать его.</translation>
    </message>
    <message>
        <source>SHA-256 %1

</source>
        <translation>SHA-256 %1

</translation>
    </message>
    <message>
        <source>No operation selected</source>
        <translation>Операция не выбрана</translation>
    </message>
    <message>
        <source> at </source>
        <translation> у </translation>
    </message>
    <message>
        <source>order </source>
        <translation>заказ </translation>
    </message>
    <message>
        <source>charge </source>
        <translation>платёж </translation>
    </message>
    <message>
        <source>customer </source>
        <translation>клиент </translation>
    </message>
    <message>
        <source>provider ref </source>
        <translation>ссылка провайдера </translation>
    </message>
    <message>
        <source>provider status </source>
        <translation>статус у провайдера </translation>
    </message>
    <message>
        <source>unknown because: </source>
        <translation>неизвестно, потому что: </translation>
    </message>
    <message>
        <source>closed by %1: %2</source>
        <translation>закрыл %1: %2</translation>
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
        <translation>первая попытка %1 · последняя попытка %2</translation>
    </message>
    <message>
        <source> · closed %1</source>
        <translation> · закрыта %1</translation>
    </message>
    <message>
        <source> · retention window starts with the first attempt</source>
        <translation> · окно хранения начинается с первой попытки</translation>
    </message>
    <message>
        <source> · &lt;b style=&apos;color:#c62828&apos;&gt;retention window closed&lt;/b&gt; at %1</source>
        <translation> · &lt;b style=&apos;color:#c62828&apos;&gt;окно хранения закрылось&lt;/b&gt; в %1</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#c62828&apos;&gt;%1 left&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#c62828&apos;&gt;осталось %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 left&lt;/b&gt;</source>
        <translation>&lt;b&gt;осталось %1&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · window </source>
        <translation> · окно </translation>
    </message>
    <message>
        <source> (until %1)</source>
        <translation> (до %1)</translation>
    </message>
    <message>
        <source>&amp;Messages</source>
        <translation>&amp;Сообщения</translation>
    </message>
    <message>
        <source>&amp;Messages (%1)</source>
        <translation>&amp;Сообщения (%1)</translation>
    </message>
    <message>
        <source>the provider accepted it and still reports it pending: the money is on its way, not arrived</source>
        <translation>провайдер принял возврат, но пока сообщает, что он в обработке: деньги в пути, но ещё не дошли</translation>
    </message>
    <message>
        <source>Attem&amp;pts</source>
        <translation>&amp;Попытки</translation>
    </message>
    <message>
        <source>&amp;Evidence</source>
        <translation>&amp;Доказательства</translation>
    </message>
    <message>
        <source>attempts %1</source>
        <translation>попытки %1</translation>
    </message>
    <message>
        <source> (until %1; it ends %2 before the provider forgets the key)</source>
        <translation> (до %1; окно заканчивается за %2 до того, как провайдер забудет ключ)</translation>
    </message>
    <message>
        <source>Eve&amp;nts</source>
        <translation>Со&amp;бытия</translation>
    </message>
    <message>
        <source>Eve&amp;nts (%1)</source>
        <translation>Со&amp;бытия (%1)</translation>
    </message>
    <message>
        <source>Replaces %1</source>
        <translation>Заменяет %1</translation>
    </message>
    <message>
        <source>Replaced by %1</source>
        <translation>Заменён: %1</translation>
    </message>
    <message>
        <source>the provider received it and will confirm it by notification: it is being processed, not done</source>
        <translation>провайдер получил его и подтвердит уведомлением: он обрабатывается, но ещё не выполнен</translation>
    </message>
    <message>
        <source>ticket </source>
        <translation>тикет </translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>Заметки</translation>
    </message>
    <message>
        <source>No notes yet. A note tells the team what was done or agreed; it is never evidence.</source>
        <translation>Заметок пока нет. Заметка говорит команде, что сделано или о чём договорились; доказательством она не бывает.</translation>
    </message>
    <message>
        <source>Notes (%1)</source>
        <translation>Заметки (%1)</translation>
    </message>
    <message>
        <source>owned by %1 since %2</source>
        <translation>владелец %1 с %2</translation>
    </message>
    <message>
        <source>no owner</source>
        <translation>без владельца</translation>
    </message>
</context>
<context>
    <name>ops::ui::DetailPresenter</name>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Не удалось прочитать %1: %2</translation>
    </message>
    <message>
        <source>Try again in a moment (F5).</source>
        <translation>Попробуйте ещё раз чуть позже (F5).</translation>
    </message>
</context>
<context>
    <name>ops::ui::EventsPanel</name>
    <message>
        <source>Select an event to read its JSON.</source>
        <translation>Выберите событие, чтобы прочитать его JSON.</translation>
    </message>
    <message>
        <source>No provider event names this operation yet.</source>
        <translation>Ни одно событие провайдера пока не упоминает эту операцию.</translation>
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
        <translation>Внимание</translation>
    </message>
    <message>
        <source>%1 may not clear Attention; ask a supervisor.</source>
        <translation>%1 не может снимать отметку «Внимание»; обратитесь к супервайзеру.</translation>
    </message>
    <message>
        <source>Attention (%1)</source>
        <translation>Внимание (%1)</translation>
    </message>
    <message>
        <source>%1 no longer needs Attention.</source>
        <translation>%1 больше не требует внимания.</translation>
    </message>
    <message>
        <source>Attention on %1 was not cleared: %2</source>
        <translation>Отметка «Внимание» с %1 не снята: %2</translation>
    </message>
    <message>
        <source>Nothing changed; try again in a moment (F5).</source>
        <translation>Ничего не изменилось; попробуйте ещё раз чуть позже (F5).</translation>
    </message>
    <message>
        <source>Attention on %1 cleared; the note is in its audit trail.</source>
        <translation>Отметка «Внимание» с %1 снята; заметка записана в журнал аудита.</translation>
    </message>
    <message>
        <source>Attention on %1 cleared</source>
        <translation>Отметка «Внимание» с %1 снята</translation>
    </message>
</context>
<context>
    <name>ops::ui::EvidenceDialog</name>
    <message>
        <source>Attach evidence to %1</source>
        <translation>Приложить доказательство к %1</translation>
    </message>
    <message>
        <source>Provider object (JSON)</source>
        <translation>Объект провайдера (JSON)</translation>
    </message>
    <message>
        <source>Provider event / webhook (JSON)</source>
        <translation>Событие / вебхук провайдера (JSON)</translation>
    </message>
    <message>
        <source>Provider support answer</source>
        <translation>Ответ поддержки провайдера</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Заметка</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Файл</translation>
    </message>
    <message>
        <source>e.g. Refund re_123 from the Stripe dashboard</source>
        <translation>напр. возврат re_123 из панели Stripe</translation>
    </message>
    <message>
        <source>Choose &amp;file…</source>
        <translation>Выбрать &amp;файл…</translation>
    </message>
    <message>
        <source>&amp;Kind</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>&amp;Title</source>
        <translation>&amp;Название</translation>
    </message>
    <message>
        <source>&amp;Content</source>
        <translation>&amp;Содержимое</translation>
    </message>
    <message>
        <source>&amp;Attach</source>
        <translation>&amp;Приложить</translation>
    </message>
    <message>
        <source>Paste the JSON exactly as the provider returned it</source>
        <translation>Вставьте JSON точно в том виде, в каком его вернул провайдер</translation>
    </message>
    <message>
        <source>What the provider or the customer said, with dates</source>
        <translation>Что сказал провайдер или клиент, с датами</translation>
    </message>
    <message>
        <source>Attach a file</source>
        <translation>Приложить файл</translation>
    </message>
    <message>
        <source>%1 is %2 MB; files up to %3 MB can be attached.</source>
        <translation>%1 занимает %2 МБ; можно прикладывать файлы до %3 МБ.</translation>
    </message>
    <message>
        <source>Cannot read %1: %2</source>
        <translation>Не удаётся прочитать %1: %2</translation>
    </message>
    <message>
        <source>%1 · %2 bytes · %3
SHA-256 %4</source>
        <translation>%1 · %2 байт · %3
SHA-256 %4</translation>
    </message>
    <message>
        <source>Give the evidence a title.</source>
        <translation>Дайте доказательству название.</translation>
    </message>
    <message>
        <source>Choose a non-empty file.</source>
        <translation>Выберите непустой файл.</translation>
    </message>
    <message>
        <source>The content is empty.</source>
        <translation>Содержимое пустое.</translation>
    </message>
    <message>
        <source>Not valid JSON: %1 at character %2.</source>
        <translation>Некорректный JSON: %1 в символе %2.</translation>
    </message>
    <message>
        <source>Expected a JSON object ({…}) as the provider returns it.</source>
        <translation>Ожидается объект JSON ({…}) в том виде, в каком его возвращает провайдер.</translation>
    </message>
</context>
<context>
    <name>ops::ui::FirstRunDialog</name>
    <message>
        <source>A new database</source>
        <translation>Новая база данных</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; has no operations and no operators yet.&lt;/p&gt;&lt;p&gt;Become its first &lt;b&gt;supervisor&lt;/b&gt; as &lt;b&gt;%2&lt;/b&gt;? A supervisor may do everything, including adding the other operators (&lt;tt&gt;opsctl operator add&lt;/tt&gt;). The first operator of a database is always a supervisor; after that only a supervisor adds people.&lt;/p&gt;&lt;p&gt;Not now: the console opens with view rights only.&lt;/p&gt;</source>
        <translation>&lt;p&gt;В &lt;b&gt;%1&lt;/b&gt; пока нет ни операций, ни операторов.&lt;/p&gt;&lt;p&gt;Стать её первым &lt;b&gt;супервайзером&lt;/b&gt; как &lt;b&gt;%2&lt;/b&gt;? Супервизор может всё, в том числе добавлять других операторов (&lt;tt&gt;opsctl operator add&lt;/tt&gt;). Первый оператор базы данных всегда супервайзер; после этого людей добавляет только супервайзер.&lt;/p&gt;&lt;p&gt;«Не сейчас»: консоль откроется только с правами просмотра.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Become supervisor</source>
        <translation>&amp;Стать супервайзером</translation>
    </message>
    <message>
        <source>&amp;Not now</source>
        <translation>&amp;Не сейчас</translation>
    </message>
    <message>
        <source>Not added: %1</source>
        <translation>Не добавлено: %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::LookupDialog</name>
    <message>
        <source>Provider look-up: %1</source>
        <translation>Запрос у провайдера: %1</translation>
    </message>
    <message>
        <source>&amp;Attach as evidence</source>
        <translation>&amp;Приложить как доказательство</translation>
    </message>
    <message>
        <source>Attach and close as &amp;succeeded…</source>
        <translation>Приложить и закрыть как &amp;успешную…</translation>
    </message>
    <message>
        <source>Attach and close as &amp;failed…</source>
        <translation>Приложить и закрыть как &amp;неуспешную…</translation>
    </message>
    <message>
        <source>&amp;Resend…</source>
        <translation>Повторная &amp;отправка…</translation>
    </message>
    <message>
        <source>Send the stored request once more with the stored key: the provider replays it if it happened, or makes it once.</source>
        <translation>Отправить сохранённый запрос ещё раз с сохранённым ключом: провайдер повторит ответ, если операция уже прошла, или выполнит её один раз.</translation>
    </message>
    <message>
        <source>
The retention window has closed: nothing can be resent for this operation. Close it with evidence, then tell the customer.</source>
        <translation>
Окно хранения закрылось: повторно отправить эту операцию уже нельзя. Закройте её с доказательствами, затем сообщите клиенту.</translation>
    </message>
    <message>
        <source>Not resent: %1</source>
        <translation>Не отправлено повторно: %1</translation>
    </message>
    <message>
        <source>Attached as evidence %1 of this operation.</source>
        <translation>Приложено как доказательство %1 этой операции.</translation>
    </message>
    <message>
        <source>Attach evidence and as&amp;k a supervisor</source>
        <translation>Приложить доказательство и спросить су&amp;первайзера</translation>
    </message>
    <message>
        <source>Attach the answer and file its proposed close as a request: a supervisor approves it (the close is carried out) or rejects it in their Approvals tab.</source>
        <translation>Приложить ответ и подать предлагаемое закрытие как запрос: супервайзер одобряет его (закрытие выполняется) или отклоняет на своей вкладке «Согласования».</translation>
    </message>
    <message>
        <source>
Only a supervisor closes operations: &quot;Attach evidence and ask a supervisor&quot; files this close for one to approve or reject.</source>
        <translation>
Закрывает операции только супервайзер: «Приложить доказательство и спросить супервайзера» подаёт это закрытие ему на одобрение или отклонение.</translation>
    </message>
    <message>
        <source>Asked a supervisor: approval #%1 waits in their Approvals tab. The evidence is attached.</source>
        <translation>Супервайзер спрошен: согласование №%1 ждёт на его вкладке «Согласования». Доказательство приложено.</translation>
    </message>
    <message>
        <source>Not asked: %1. The answer is attached as evidence.</source>
        <translation>Запрос не подан: %1. Ответ приложен как доказательство.</translation>
    </message>
    <message>
        <source>Attaching the answer as evidence…</source>
        <translation>Ответ прикрепляется как доказательство…</translation>
    </message>
</context>
<context>
    <name>ops::ui::MainWindow</name>
    <message>
        <source>Operations console — %1</source>
        <translation>Консоль операций — %1</translation>
    </message>
    <message>
        <source>Cancel (Esc)</source>
        <translation>Отмена (Esc)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;What to do next: %2</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;Что делать дальше: %2</translation>
    </message>
    <message>
        <source>&amp;Search</source>
        <translation>&amp;Поиск</translation>
    </message>
    <message>
        <source>Search operations</source>
        <translation>Поиск операций</translation>
    </message>
    <message>
        <source>Re&amp;fresh</source>
        <translation>Об&amp;новить</translation>
    </message>
    <message>
        <source>Read the lists again</source>
        <translation>Перечитать списки</translation>
    </message>
    <message>
        <source>&amp;Operations</source>
        <translation>&amp;Операции</translation>
    </message>
    <message>
        <source>&amp;Checking queue</source>
        <translation>Очередь про&amp;верки</translation>
    </message>
    <message>
        <source>Actions</source>
        <translation>Действия</translation>
    </message>
    <message>
        <source>&amp;Operation</source>
        <translation>&amp;Операция</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Вид</translation>
    </message>
    <message>
        <source>Database unreachable — retrying (%1)</source>
        <translation>База данных недоступна — повторная попытка (%1)</translation>
    </message>
    <message>
        <source>Database reachable again</source>
        <translation>База данных снова доступна</translation>
    </message>
    <message>
        <source>resend</source>
        <translation>выполнять повторную отправку</translation>
    </message>
    <message>
        <source>&amp;Attention queue</source>
        <translation>Очередь вни&amp;мания</translation>
    </message>
    <message>
        <source>Appro&amp;vals</source>
        <translation>Со&amp;гласования</translation>
    </message>
    <message>
        <source>Press / to search, Enter to open the detail.</source>
        <translation>/ — поиск, Enter открывает подробности.</translation>
    </message>
    <message>
        <source>attach</source>
        <translation>приложить</translation>
    </message>
    <message>
        <source>close</source>
        <translation>закрыть</translation>
    </message>
    <message>
        <source>message</source>
        <translation>написать</translation>
    </message>
    <message>
        <source>audit</source>
        <translation>аудит</translation>
    </message>
    <message>
        <source>approve</source>
        <translation>одобрить</translation>
    </message>
    <message>
        <source>%1 needs the %2 right; you are %3.</source>
        <translation>Для действия «%1» нужно право «%2»; ваша роль — %3.</translation>
    </message>
    <message>
        <source> Look the row up (Ctrl+L) and ask a supervisor from there.</source>
        <translation> Запросите строку у провайдера (Ctrl+L) и спросите супервайзера оттуда.</translation>
    </message>
    <message>
        <source> Ask a supervisor.</source>
        <translation> Обратитесь к супервайзеру.</translation>
    </message>
    <message>
        <source>%1: select an operation first.</source>
        <translation>%1: сначала выберите операцию.</translation>
    </message>
    <message>
        <source>%1: %2 is already closed (%3).</source>
        <translation>%1: %2 уже закрыта (%3).</translation>
    </message>
    <message>
        <source>%1: another action is running; wait for it or press Esc.</source>
        <translation>%1: выполняется другое действие; дождитесь его или нажмите Esc.</translation>
    </message>
    <message>
        <source>%1 is not available now.</source>
        <translation>%1 сейчас недоступно.</translation>
    </message>
    <message>
        <source>%1 is not in the list shown; clear the search.</source>
        <translation>%1 нет в показанном списке; очистите поиск.</translation>
    </message>
    <message>
        <source>&amp;Mine</source>
        <translation>Мо&amp;и</translation>
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
        <translation>БОЕВОЙ</translation>
    </message>
    <message>
        <source>NOT CONNECTED</source>
        <translation>НЕ ПОДКЛЮЧЕНО</translation>
    </message>
    <message>
        <source>Live mode</source>
        <translation>Боевой режим</translation>
    </message>
    <message>
        <source>Mode: %1</source>
        <translation>Режим: %1</translation>
    </message>
    <message>
        <source>LIVE — real money moves. %1</source>
        <translation>БОЕВОЙ РЕЖИМ — движутся настоящие деньги. %1</translation>
    </message>
</context>
<context>
    <name>ops::ui::NavigationActions</name>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Выход</translation>
    </message>
    <message>
        <source>Close the console</source>
        <translation>Закрыть консоль</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Файл</translation>
    </message>
    <message>
        <source>&amp;Next tab</source>
        <translation>&amp;Следующая вкладка</translation>
    </message>
    <message>
        <source>&amp;Previous tab</source>
        <translation>П&amp;редыдущая вкладка</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Справ&amp;ка</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts…</source>
        <translation>&amp;Сочетания клавиш…</translation>
    </message>
    <message>
        <source>Close the audit window</source>
        <translation>Закрыть окно аудита</translation>
    </message>
</context>
<context>
    <name>ops::ui::NewRefundDialog</name>
    <message>
        <source>New refund for order %1</source>
        <translation>Новый возврат по заказу %1</translation>
    </message>
    <message>
        <source>This refund replaces %1, which is closed as failed: no money moved for it. It is a new operation with a new idempotency key; the two rows name each other.</source>
        <translation>Этот возврат заменяет %1, закрытый как неуспешный: по нему деньги не двигались. Это новая операция с новым ключом идемпотентности; обе строки ссылаются друг на друга.</translation>
    </message>
    <message>
        <source>Before anything is stored, the provider&apos;s refundable balance of the charge is checked: a refund above what is left is refused, and nothing is stored or sent.</source>
        <translation>Перед сохранением проверяется остаток платежа, доступный для возврата у провайдера: возврат больше остатка отклоняется, и ничего не сохраняется и не отправляется.</translation>
    </message>
    <message>
        <source>&amp;Start the refund</source>
        <translation>&amp;Начать возврат</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>Заказ:</translation>
    </message>
    <message>
        <source>Charge:</source>
        <translation>Платёж:</translation>
    </message>
    <message>
        <source>Payment intent:</source>
        <translation>Payment intent:</translation>
    </message>
    <message>
        <source>&amp;Amount:</source>
        <translation>&amp;Сумма:</translation>
    </message>
    <message>
        <source>none</source>
        <translation>нет</translation>
    </message>
    <message>
        <source>&amp;Reference:</source>
        <translation>&amp;Ссылка:</translation>
    </message>
    <message>
        <source>none given</source>
        <translation>не указана</translation>
    </message>
    <message>
        <source>requested by the customer</source>
        <translation>по просьбе клиента</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>дубликат</translation>
    </message>
    <message>
        <source>fraudulent</source>
        <translation>мошенничество</translation>
    </message>
    <message>
        <source>R&amp;eason:</source>
        <translation>П&amp;ричина:</translation>
    </message>
    <message>
        <source>Amount: %1.</source>
        <translation>Сумма: %1.</translation>
    </message>
    <message>
        <source>Amount: a refund is above zero.</source>
        <translation>Сумма: возврат должен быть больше нуля.</translation>
    </message>
    <message>
        <source>Amount: one refund is at most %1.</source>
        <translation>Сумма: один возврат — не больше %1.</translation>
    </message>
    <message>
        <source>Above the four-eyes threshold of %1: the refund waits until another person with the approve right sends it.</source>
        <translation>Выше порога четырёх глаз (%1): возврат ждёт, пока его отправит другой сотрудник с правом одобрения.</translation>
    </message>
    <message>
        <source>&amp;Start and ask for approval</source>
        <translation>&amp;Начать и запросить одобрение</translation>
    </message>
    <message>
        <source>Adyen cannot be asked for the payment&apos;s balance: the refund is bounded by the payment&apos;s stored notifications and this product&apos;s refunds of it, and Adyen&apos;s notification refuses a refund above what is left.</source>
        <translation>У Adyen нельзя запросить остаток платежа: возврат ограничен сохранёнными уведомлениями о платеже и возвратами этого платежа, сделанными здесь, а уведомление Adyen отклонит возврат сверх остатка.</translation>
    </message>
    <message>
        <source>Adyen payment:</source>
        <translation>Платёж Adyen:</translation>
    </message>
</context>
<context>
    <name>ops::ui::NextStepDialog</name>
    <message>
        <source>Next step for %1</source>
        <translation>Следующий шаг для %1</translation>
    </message>
    <message>
        <source>%1 is closed as failed: no money moved for it, and the customer is still waiting. Tell them, or start again.</source>
        <translation>%1 закрыта как неуспешная: деньги по ней не двигались, а клиент всё ещё ждёт. Сообщите ему или начните заново.</translation>
    </message>
    <message>
        <source>&amp;Message the customer…</source>
        <translation>&amp;Написать клиенту…</translation>
    </message>
    <message>
        <source>Copied: paste it into a terminal where opsctl reaches this database.</source>
        <translation>Скопировано: вставьте в терминал, где opsctl видит эту базу данных.</translation>
    </message>
    <message>
        <source>To refund again, start a new refund: a new operation with a new idempotency key, linked to this one, which stays closed with its evidence. From a terminal, the same is:</source>
        <translation>Чтобы вернуть деньги снова, начните новый возврат: новую операцию с новым ключом идемпотентности, связанную с этой; эта остаётся закрытой со своими доказательствами. То же из терминала:</translation>
    </message>
    <message>
        <source>Start a &amp;new refund…</source>
        <translation>&amp;Новый возврат…</translation>
    </message>
    <message>
        <source>&amp;Copy the command</source>
        <translation>&amp;Копировать команду</translation>
    </message>
</context>
<context>
    <name>ops::ui::NoteDialog</name>
    <message>
        <source>Add a note to %1</source>
        <translation>Заметка к %1</translation>
    </message>
    <message>
        <source>An internal note for the team: who called, what was agreed, what to check next. Everyone who opens %1 reads it; it is never evidence for a close and cannot be changed later.</source>
        <translation>Внутренняя заметка для команды: кто звонил, о чём договорились, что проверить дальше. Её прочтёт каждый, кто откроет %1; доказательством для закрытия она не бывает, и изменить её потом нельзя.</translation>
    </message>
    <message>
        <source>e.g. Customer called at 10:15; the bank shows no refund yet.</source>
        <translation>например: клиент звонил в 10:15; банк пока не видит возврата.</translation>
    </message>
    <message>
        <source>Add &amp;note</source>
        <translation>Добавить &amp;заметку</translation>
    </message>
    <message>
        <source>%1 / %2 characters</source>
        <translation>%1 / %2 символов</translation>
    </message>
</context>
<context>
    <name>ops::ui::OpenFailedDialog</name>
    <message>
        <source>Cannot open the database</source>
        <translation>Не удаётся открыть базу данных</translation>
    </message>
    <message>
        <source>&lt;p&gt;The console cannot open the database&lt;/p&gt;&lt;p&gt;&lt;tt&gt;%1&lt;/tt&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;Reason:&lt;/b&gt; %2&lt;/p&gt;&lt;p&gt;Choose another database file (a new file becomes an empty database), or quit and fix the path or its permissions.&lt;/p&gt;</source>
        <translation>&lt;p&gt;Консоль не может открыть базу данных&lt;/p&gt;&lt;p&gt;&lt;tt&gt;%1&lt;/tt&gt;&lt;/p&gt;&lt;p&gt;&lt;b&gt;Причина:&lt;/b&gt; %2&lt;/p&gt;&lt;p&gt;Выберите другой файл базы данных (новый файл станет пустой базой) или выйдите и исправьте путь или права доступа.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Choose another…</source>
        <translation>&amp;Выбрать другую…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>В&amp;ыйти</translation>
    </message>
    <message>
        <source>Choose a database</source>
        <translation>Выберите базу данных</translation>
    </message>
    <message>
        <source>SQLite databases (*.sqlite *.db);;All files (*)</source>
        <translation>Базы данных SQLite (*.sqlite *.db);;Все файлы (*)</translation>
    </message>
</context>
<context>
    <name>ops::ui::OperationDelegate</name>
    <message>
        <source>Late: %1.</source>
        <translation>Просрочено: %1.</translation>
    </message>
</context>
<context>
    <name>ops::ui::OperationListView</name>
    <message>
        <source>Any state</source>
        <translation>Любое состояние</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Открыта</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Неизвестно</translation>
    </message>
    <message>
        <source>Succeeded</source>
        <translation>Успешна</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Неуспешна</translation>
    </message>
    <message>
        <source>Any kind</source>
        <translation>Любой вид</translation>
    </message>
    <message>
        <source>Refund</source>
        <translation>Возврат</translation>
    </message>
    <message>
        <source>Credit top-up</source>
        <translation>Пополнение кредитов</translation>
    </message>
    <message>
        <source>Credit charge</source>
        <translation>Списание кредитов</translation>
    </message>
    <message>
        <source>Credit adjust</source>
        <translation>Корректировка кредитов</translation>
    </message>
    <message>
        <source>Execution</source>
        <translation>Выполнение</translation>
    </message>
    <message>
        <source>Any provider</source>
        <translation>Любой провайдер</translation>
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
        <translation>Любой возраст</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Последний час</translation>
    </message>
    <message>
        <source>Last 24 hours</source>
        <translation>Последние 24 часа</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>Последние 7 дней</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>Последние 30 дней</translation>
    </message>
    <message>
        <source>Clear search and filters</source>
        <translation>Сбросить поиск и фильтры</translation>
    </message>
    <message>
        <source>No operation matches these filters</source>
        <translation>Нет операций, подходящих под эти фильтры</translation>
    </message>
    <message>
        <source>No operation matches “%1”</source>
        <translation>Нет операций по запросу «%1»</translation>
    </message>
    <message>
        <source>The checking queue holds only unknown operations. Clear the search and filters to see all of them.</source>
        <translation>В очереди проверки только операции с неизвестным исходом. Сбросьте поиск и фильтры, чтобы увидеть их все.</translation>
    </message>
    <message>
        <source>Check the spelling, or clear the search and filters to see every operation.</source>
        <translation>Проверьте написание или сбросьте поиск и фильтры, чтобы увидеть все операции.</translation>
    </message>
    <message>
        <source>Nothing to check</source>
        <translation>Проверять нечего</translation>
    </message>
    <message>
        <source>No operation has an unknown outcome right now. New ones appear here by themselves.</source>
        <translation>Сейчас нет операций с неизвестным исходом. Новые появятся здесь сами.</translation>
    </message>
    <message>
        <source>No operations yet</source>
        <translation>Операций пока нет</translation>
    </message>
    <message>
        <source>Operations appear here as soon as an agent or opsctl makes one.</source>
        <translation>Операции появятся здесь, как только агент или opsctl создаст первую.</translation>
    </message>
    <message>
        <source>Open the selected operation&apos;s attempts</source>
        <translation>Открыть попытки выбранной операции</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>From the search box to the list</source>
        <translation>Из поля поиска в список</translation>
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
        <translation>Поиск по id операции, ключу, заказу, клиенту, платежу, ссылке провайдера или тикету  ( / )</translation>
    </message>
</context>
<context>
    <name>ops::ui::QueuePresenter</name>
    <message>
        <source>Operations</source>
        <translation>Операции</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>Could not read the operations: </source>
        <translation>Не удалось прочитать операции: </translation>
    </message>
    <message>
        <source>Check that the database file is reachable; the list retries on the next change or with F5.</source>
        <translation>Проверьте, что файл базы данных доступен; список попробует снова при следующем изменении или по F5.</translation>
    </message>
    <message numerus="yes">
        <source>%n selected row(s) left %1 after a change made elsewhere: %2</source>
        <translation>
            <numerusform>%n выбранная строка покинула список «%1» после изменения в другом месте: %2</numerusform>
            <numerusform>%n выбранные строки покинули список «%1» после изменения в другом месте: %2</numerusform>
            <numerusform>%n выбранных строк покинули список «%1» после изменения в другом месте: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Checking (%1)</source>
        <translation>Проверка (%1)</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>Мои</translation>
    </message>
    <message>
        <source>Checking (%1, %2 late)</source>
        <translation>Проверка (%1, просрочено %2)</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) past a service target: the late mark in the Window left column says which.</source>
        <translation>
            <numerusform>%n строка вышла за целевой срок: какой именно, говорит метка в колонке «Осталось».</numerusform>
            <numerusform>%n строки вышли за целевой срок: какой именно, говорит метка в колонке «Осталось».</numerusform>
            <numerusform>%n строк вышли за целевой срок: какой именно, говорит метка в колонке «Осталось».</numerusform>
        </translation>
    </message>
    <message>
        <source>Mine (%1)</source>
        <translation>Мои (%1)</translation>
    </message>
    <message>
        <source>Nothing is yours yet</source>
        <translation>Пока ничего вашего</translation>
    </message>
    <message>
        <source>Rows you take (Ctrl+T) or a supervisor gives you appear here. An owner is a name, not a lock: the team sees who is on a row.</source>
        <translation>Здесь появляются строки, которые вы взяли (Ctrl+T) или которые вам назначил супервайзер. Владелец — это имя, а не блокировка: команда видит, кто занят строкой.</translation>
    </message>
</context>
<context>
    <name>ops::ui::RefundsView</name>
    <message>
        <source>Refunds by reason</source>
        <translation>Возвраты по причинам</translation>
    </message>
    <message>
        <source>Export by reas&amp;on…</source>
        <translation>Экспорт по &amp;причинам…</translation>
    </message>
    <message>
        <source>Export by &amp;batch…</source>
        <translation>Экспорт по па&amp;кетам…</translation>
    </message>
    <message>
        <source>Export the batch&apos;s refun&amp;ds…</source>
        <translation>Экспорт возв&amp;ратов пакета…</translation>
    </message>
    <message>
        <source>Could not read the refunds: %1</source>
        <translation>Не удалось прочитать возвраты: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es); refunds by reason include every refund.</source>
        <translation>
            <numerusform>%n пакет; возвраты по причинам включают все возвраты.</numerusform>
            <numerusform>%n пакета; возвраты по причинам включают все возвраты.</numerusform>
            <numerusform>%n пакетов; возвраты по причинам включают все возвраты.</numerusform>
        </translation>
    </message>
    <message>
        <source>Refunded</source>
        <translation>Возвращено</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Неуспешна</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>Проверка</translation>
    </message>
    <message>
        <source>Could not read batch %1: %2</source>
        <translation>Не удалось прочитать пакет %1: %2</translation>
    </message>
    <message>
        <source>Export refunds</source>
        <translation>Экспорт возвратов</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>Файлы CSV (*.csv)</translation>
    </message>
    <message>
        <source>Select a batch first.</source>
        <translation>Сначала выберите пакет.</translation>
    </message>
    <message>
        <source>Saved %1.</source>
        <translation>Сохранено: %1.</translation>
    </message>
    <message>
        <source>Could not save %1: %2</source>
        <translation>Не удалось сохранить %1: %2</translation>
    </message>
</context>
<context>
    <name>ops::ui::Refusal</name>
    <message>
        <source>Only a supervisor closes an operation by hand.</source>
        <translation>Закрыть операцию вручную может только супервайзер.</translation>
    </message>
    <message>
        <source>No approval allows this: a close after four-eyes needs a second supervisor&apos;s approval, and a decided approval is not decided again.</source>
        <translation>Нет согласования, которое это разрешает: закрытие по принципу четырёх глаз требует одобрения второго супервайзера, а решённое согласование повторно не решается.</translation>
    </message>
    <message>
        <source>An operation does not change state this way; a closed operation is never reopened.</source>
        <translation>Операция не может так сменить состояние; закрытая операция никогда не открывается снова.</translation>
    </message>
    <message>
        <source>Support may not approve; a supervisor decides approvals.</source>
        <translation>Поддержка не может одобрять; согласования решает супервайзер.</translation>
    </message>
    <message>
        <source>You asked for this yourself; another supervisor must decide it.</source>
        <translation>Это ваш собственный запрос; решение должен принять другой супервайзер.</translation>
    </message>
    <message>
        <source>Only a person (support or supervisor) asks for or decides an approval.</source>
        <translation>Запрашивать и решать согласования может только человек (поддержка или супервайзер).</translation>
    </message>
    <message>
        <source>Only a supervisor changes the settings, the operator directory and the agents.</source>
        <translation>Настройки, справочник операторов и агентов меняет только супервайзер.</translation>
    </message>
    <message>
        <source>An agent does not attach evidence or write to customers; a person does.</source>
        <translation>Агент не прикладывает доказательства и не пишет клиентам — это делает человек.</translation>
    </message>
    <message>
        <source>Only a service login (the webhook receiver, the reconciler) writes provider events and service leases.</source>
        <translation>События провайдера и аренды служб записывает только служебный логин (приёмник вебхуков, сверка).</translation>
    </message>
    <message>
        <source>Nothing is deleted here: the database keeps every row.</source>
        <translation>Здесь ничего не удаляется: база данных хранит каждую строку.</translation>
    </message>
    <message>
        <source>Your login is disabled; ask a supervisor. Your history is kept.</source>
        <translation>Ваш логин отключён; обратитесь к супервайзеру. Ваша история сохранена.</translation>
    </message>
    <message>
        <source>Your login is in no ops group; a DBA grants it ops_support or ops_supervisor (docs/team.md).</source>
        <translation>Ваш логин не входит ни в одну группу ops; администратор БД выдаёт ему ops_support или ops_supervisor (docs/team.md).</translation>
    </message>
    <message>
        <source>Your login has no privilege for this change; the database refused it.</source>
        <translation>У вашего логина нет прав на это изменение; база данных его отклонила.</translation>
    </message>
    <message>
        <source>The database refuses a change made in the name of someone other than your login.</source>
        <translation>База данных отклоняет изменение от имени кого-либо, кроме вашего логина.</translation>
    </message>
    <message>
        <source>You are logged in as %1; the database refuses a change made in someone else&apos;s name.</source>
        <translation>Вы вошли как %1; база данных отклоняет изменение от чужого имени.</translation>
    </message>
    <message>
        <source>attach evidence</source>
        <translation>прикладывать доказательства</translation>
    </message>
    <message>
        <source>close operations</source>
        <translation>закрывать операции</translation>
    </message>
    <message>
        <source>message customers</source>
        <translation>писать клиентам</translation>
    </message>
    <message>
        <source>resend</source>
        <translation>повторная отправка</translation>
    </message>
    <message>
        <source>%1 may not %2; ask a supervisor.</source>
        <translation>%1 не может %2; обратитесь к супервайзеру.</translation>
    </message>
    <message>
        <source>A person takes a row for themselves and gives back their own; only a supervisor gives a row to someone else or releases another person&apos;s row, and only to an enabled person.</source>
        <translation>Человек берёт строку себе и возвращает свою; отдать строку другому или снять чужую может только супервайзер, и только активному человеку.</translation>
    </message>
</context>
<context>
    <name>ops::ui::Replication</name>
    <message>
        <source>sync standby</source>
        <translation>синхронная реплика</translation>
    </message>
    <message>
        <source>ASYNC standby — new refunds refused</source>
        <translation>АСИНХРОННАЯ реплика — новые возвраты отклоняются</translation>
    </message>
    <message>
        <source>async standby (risk accepted)</source>
        <translation>асинхронная реплика (риск принят)</translation>
    </message>
    <message>
        <source>standalone server</source>
        <translation>автономный сервер</translation>
    </message>
</context>
<context>
    <name>ops::ui::ResendConfirmDialog</name>
    <message>
        <source>starts with this attempt</source>
        <translation>начнётся с этой попытки</translation>
    </message>
    <message>
        <source>closed</source>
        <translation>закрыто</translation>
    </message>
    <message>
        <source>%1 (until %2)</source>
        <translation>%1 (до %2)</translation>
    </message>
    <message>
        <source>Resend %1?</source>
        <translation>Отправить %1 повторно?</translation>
    </message>
    <message>
        <source>&lt;b style=&apos;color:#c62828&apos;&gt;LIVE key: real money moves.&lt;/b&gt;</source>
        <translation>&lt;b style=&apos;color:#c62828&apos;&gt;Боевой ключ (LIVE): двигаются настоящие деньги.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Test key: no real money moves.</source>
        <translation>Тестовый ключ: настоящие деньги не двигаются.</translation>
    </message>
    <message>
        <source>%1&lt;br&gt;This sends the stored request once more, with the stored key and the same bytes: one attempt.</source>
        <translation>%1&lt;br&gt;Сохранённый запрос будет отправлен ещё раз с сохранённым ключом и теми же байтами: одна попытка.</translation>
    </message>
    <message>
        <source>Amount:</source>
        <translation>Сумма:</translation>
    </message>
    <message>
        <source>Key:</source>
        <translation>Ключ:</translation>
    </message>
    <message>
        <source>Window left:</source>
        <translation>Осталось окна:</translation>
    </message>
    <message>
        <source>Attempts:</source>
        <translation>Попытки:</translation>
    </message>
    <message>
        <source>&amp;Resend once</source>
        <translation>&amp;Отправить повторно один раз</translation>
    </message>
    <message>
        <source>automation %1 of %2, operators %3; this resend is one more by an operator</source>
        <translation>автоматика %1 из %2, операторы %3; эта повторная отправка — ещё одна попытка оператора</translation>
    </message>
    <message>
        <source>automation %1 of %2; this resend is one more by an operator</source>
        <translation>автоматика %1 из %2; эта повторная отправка — ещё одна попытка оператора</translation>
    </message>
    <message>
        <source>Warning: the provider stored an answer under this key and replays it: this resend cannot finish the refund.</source>
        <translation>Внимание: провайдер сохранил ответ под этим ключом и повторяет его: эта повторная отправка не завершит возврат.</translation>
    </message>
    <message>
        <source>Warning: the provider holds another request under this key and refuses it again: this resend cannot finish the refund.</source>
        <translation>Внимание: у провайдера под этим ключом другой запрос, и он снова откажет: эта повторная отправка не завершит возврат.</translation>
    </message>
    <message>
        <source>Close it as failed with that answer as evidence, then start a new refund.</source>
        <translation>Закройте её как неуспешную с этим ответом в качестве доказательства, затем начните новый возврат.</translation>
    </message>
    <message>
        <source>Ask a supervisor to close it as failed; a new refund can then be started.</source>
        <translation>Попросите супервизора закрыть её как неуспешную; после этого можно начать новый возврат.</translation>
    </message>
</context>
<context>
    <name>ops::ui::RowActions</name>
    <message>
        <source>&amp;Look up at provider</source>
        <translation>&amp;Запросить у провайдера</translation>
    </message>
    <message>
        <source>Ask the provider what happened to this operation</source>
        <translation>Спросить у провайдера, что стало с этой операцией</translation>
    </message>
    <message>
        <source>&amp;Resend</source>
        <translation>Повторная &amp;отправка</translation>
    </message>
    <message>
        <source>Send the stored request once more, with the stored key</source>
        <translation>Отправить сохранённый запрос ещё раз с сохранённым ключом</translation>
    </message>
    <message>
        <source>Attach &amp;evidence…</source>
        <translation>Приложить &amp;доказательство…</translation>
    </message>
    <message>
        <source>Attach provider JSON, a note or a file</source>
        <translation>Приложить JSON провайдера, заметку или файл</translation>
    </message>
    <message>
        <source>Evidence…</source>
        <comment>toolbar button of Attach evidence</comment>
        <translation>Доказательство…</translation>
    </message>
    <message>
        <source>Close as &amp;succeeded…</source>
        <translation>Закрыть как &amp;успешную…</translation>
    </message>
    <message>
        <source>Close with evidence: the provider moved the money</source>
        <translation>Закрыть с доказательствами: провайдер перевёл деньги</translation>
    </message>
    <message>
        <source>Close as &amp;failed…</source>
        <translation>Закрыть как &amp;неуспешную…</translation>
    </message>
    <message>
        <source>Close with evidence: no money moved</source>
        <translation>Закрыть с доказательствами: деньги не двигались</translation>
    </message>
    <message>
        <source>&amp;Copy key</source>
        <translation>&amp;Копировать ключ</translation>
    </message>
    <message>
        <source>Copy the idempotency key</source>
        <translation>Копировать ключ идемпотентности</translation>
    </message>
    <message>
        <source>&amp;Message customer…</source>
        <translation>&amp;Сообщение клиенту…</translation>
    </message>
    <message>
        <source>Tell the customer what we know, and only that</source>
        <translation>Сообщить клиенту то, что мы знаем, и только это</translation>
    </message>
    <message>
        <source>Start a &amp;new refund…</source>
        <translation>&amp;Новый возврат…</translation>
    </message>
    <message>
        <source>A refund closed as failed: start a new one with a new key, linked to it</source>
        <translation>Возврат закрыт как неуспешный: начать новый с новым ключом, связанный с ним</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Отмена</translation>
    </message>
    <message>
        <source>Stop waiting for the running look-up or resend</source>
        <translation>Перестать ждать текущий запрос или повторную отправку</translation>
    </message>
    <message>
        <source>Select an operation first.</source>
        <translation>Сначала выберите операцию.</translation>
    </message>
    <message>
        <source>Resend is off while another action is running.</source>
        <translation>Повторная отправка недоступна, пока выполняется другое действие.</translation>
    </message>
    <message>
        <source>Send the stored request once more, with the stored key (Ctrl+R)</source>
        <translation>Отправить сохранённый запрос ещё раз с сохранённым ключом (Ctrl+R)</translation>
    </message>
    <message>
        <source>Copied key %1</source>
        <translation>Ключ %1 скопирован</translation>
    </message>
    <message>
        <source>Not resent: %1</source>
        <translation>Не отправлено повторно: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Look up again (Ctrl+L) once the provider answers, or attach what the provider&apos;s dashboard shows (Ctrl+E).</source>
        <translation>Запросите снова (Ctrl+L), когда провайдер ответит, или приложите то, что показывает панель провайдера (Ctrl+E).</translation>
    </message>
    <message>
        <source>Look up again (Ctrl+L) once the provider answers.</source>
        <translation>Запросите снова (Ctrl+L), когда провайдер ответит.</translation>
    </message>
    <message>
        <source>%1 may not attach evidence; ask a supervisor.</source>
        <translation>%1 не может прикладывать доказательства; обратитесь к супервайзеру.</translation>
    </message>
    <message>
        <source>%1 is not in the current list; clear the search and select it.</source>
        <translation>%1 нет в текущем списке; очистите поиск и выберите её.</translation>
    </message>
    <message>
        <source>Attached evidence %1 to %2</source>
        <translation>Доказательство %1 приложено к %2</translation>
    </message>
    <message>
        <source>The evidence was not stored: </source>
        <translation>Доказательство не сохранено: </translation>
    </message>
    <message>
        <source>Try again; nothing was attached.</source>
        <translation>Попробуйте ещё раз; ничего не приложено.</translation>
    </message>
    <message>
        <source>%1 waits for a second person: the close is in the approvals list</source>
        <translation>%1 ждёт второго человека: закрытие в списке согласований</translation>
    </message>
    <message>
        <source>Closed %1 as %2</source>
        <translation>%1 закрыта как %2</translation>
    </message>
    <message>
        <source>Could not read %1: %2</source>
        <translation>Не удалось прочитать %1: %2</translation>
    </message>
    <message>
        <source>Try again in a moment.</source>
        <translation>Попробуйте ещё раз чуть позже.</translation>
    </message>
    <message>
        <source>The look-up answer was not stored: </source>
        <translation>Ответ на запрос не сохранён: </translation>
    </message>
    <message>
        <source>Press Attach again.</source>
        <translation>Нажмите «Приложить» ещё раз.</translation>
    </message>
    <message>
        <source>%1: a supervisor was asked to close it as %2 (approval #%3)</source>
        <translation>%1: супервайзера попросили закрыть её как «%2» (согласование №%3)</translation>
    </message>
    <message>
        <source>Not queued: %1.</source>
        <translation>Не поставлено в очередь: %1.</translation>
    </message>
    <message>
        <source>The database refused the message: %1</source>
        <translation>База данных отклонила сообщение: %1</translation>
    </message>
    <message>
        <source>The customer already has this message (copied by %1). It is not sent twice.</source>
        <translation>У клиента уже есть это сообщение (скопировал %1). Повторно оно не отправляется.</translation>
    </message>
    <message>
        <source>The customer already has this message (sent by %1). It is not sent twice.</source>
        <translation>У клиента уже есть это сообщение (отправил %1). Повторно оно не отправляется.</translation>
    </message>
    <message>
        <source>Not copied: %1.</source>
        <translation>Не скопировано: %1.</translation>
    </message>
    <message>
        <source>Message copied to the clipboard; paste it into conversation %1.</source>
        <translation>Сообщение скопировано в буфер обмена; вставьте его в диалог %1.</translation>
    </message>
    <message>
        <source>New refund: it ends by attaching the provider&apos;s answer, and %1 may not attach evidence; ask a supervisor.</source>
        <translation>Новый возврат: он завершается приложением ответа провайдера, а %1 не может прикладывать доказательства; обратитесь к супервайзеру.</translation>
    </message>
    <message>
        <source>New refund: select a refund closed as failed first.</source>
        <translation>Новый возврат: сначала выберите возврат, закрытый как неуспешный.</translation>
    </message>
    <message>
        <source>New refund: %1 is not a refund.</source>
        <translation>Новый возврат: %1 — не возврат.</translation>
    </message>
    <message>
        <source>New refund: %1 is %2; only a refund closed as failed is started again.</source>
        <translation>Новый возврат: %1 в состоянии «%2»; заново начинается только возврат, закрытый как неуспешный.</translation>
    </message>
    <message>
        <source>New refund: %1 is already replaced by %2 (%3).</source>
        <translation>Новый возврат: %1 уже заменён возвратом %2 (%3).</translation>
    </message>
    <message>
        <source>New refund: another action is running; wait for it.</source>
        <translation>Новый возврат: выполняется другое действие; дождитесь его.</translation>
    </message>
    <message>
        <source>Try again in a moment (F5).</source>
        <translation>Попробуйте ещё раз чуть позже (F5).</translation>
    </message>
    <message>
        <source>New refund: %1 is not a refund closed as failed.</source>
        <translation>Новый возврат: %1 — не возврат, закрытый как неуспешный.</translation>
    </message>
    <message>
        <source>Link to &amp;ticket…</source>
        <translation>Связать с &amp;тикетом…</translation>
    </message>
    <message>
        <source>The helpdesk ticket this operation answers: messages go there</source>
        <translation>Тикет в службе поддержки, к которому относится операция: сообщения уходят туда</translation>
    </message>
    <message>
        <source>Link to ticket</source>
        <translation>Связать с тикетом</translation>
    </message>
    <message>
        <source>Helpdesk ticket or conversation of %1 (empty: none). Messages about it go there.</source>
        <translation>Тикет или переписка для %1 (пусто: нет). Сообщения о ней уходят туда.</translation>
    </message>
    <message>
        <source>Not linked: %1.</source>
        <translation>Не связано: %1.</translation>
    </message>
    <message>
        <source>Use the ticket&apos;s id from the helpdesk.</source>
        <translation>Укажите id тикета из службы поддержки.</translation>
    </message>
    <message>
        <source>The database refused the link: %1</source>
        <translation>База данных отклонила связь: %1</translation>
    </message>
    <message>
        <source>%1 is linked to no ticket now.</source>
        <translation>%1 теперь не связана ни с одним тикетом.</translation>
    </message>
    <message>
        <source>%1 is linked to ticket %2.</source>
        <translation>%1 связана с тикетом %2.</translation>
    </message>
</context>
<context>
    <name>ops::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Настройки</translation>
    </message>
    <message>
        <source>System language (%1)</source>
        <translation>Язык системы (%1)</translation>
    </message>
    <message>
        <source>The language, and the way amounts and dates are written, change when the console is started again.</source>
        <translation>Язык, а также запись сумм и дат изменятся при следующем запуске консоли.</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Язык:</translation>
    </message>
    <message>
        <source>&amp;Ask before resending with a test key (with a live key it always asks)</source>
        <translation>&amp;Спрашивать перед повторной отправкой с тестовым ключом (с боевым ключом консоль спрашивает всегда)</translation>
    </message>
    <message>
        <source>Four-eyes approval</source>
        <translation>Принцип четырёх глаз</translation>
    </message>
    <message>
        <source>C&amp;urrency:</source>
        <translation>&amp;Валюта:</translation>
    </message>
    <message>
        <source>&amp;Threshold:</source>
        <translation>&amp;Порог:</translation>
    </message>
    <message>
        <source>Changing the threshold takes the approve right.</source>
        <translation>Чтобы изменить порог, нужно право одобрения.</translation>
    </message>
    <message>
        <source>none, e.g. %1</source>
        <translation>нет, например %1</translation>
    </message>
    <message>
        <source>Now: none. Closing any amount in %1 by hand needs no second person.</source>
        <translation>Сейчас: нет. Ручное закрытие любой суммы в %1 не требует второго человека.</translation>
    </message>
    <message>
        <source>Now: %1. Closing a larger amount by hand needs a supervisor&apos;s approval; empty the field to remove the threshold.</source>
        <translation>Сейчас: %1. Ручное закрытие большей суммы требует одобрения супервайзера; очистите поле, чтобы убрать порог.</translation>
    </message>
    <message>
        <source>Not saved: the %1 threshold: %2</source>
        <translation>Не сохранено: порог для %1: %2</translation>
    </message>
    <message>
        <source>Not saved: </source>
        <translation>Не сохранено: </translation>
    </message>
</context>
<context>
    <name>ops::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Сочетания клавиш</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Действие</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Клавиши</translation>
    </message>
</context>
<context>
    <name>ops::ui::SupervisorPresenter</name>
    <message>
        <source>&amp;Audit and charts…</source>
        <translation>&amp;Аудит и графики…</translation>
    </message>
    <message>
        <source>Every attempt and manual action, chain verification, CSV export and charts</source>
        <translation>Все попытки и ручные действия, проверка цепочки, экспорт в CSV и графики</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Настройки…</translation>
    </message>
    <message>
        <source>&amp;Connections…</source>
        <translation>&amp;Подключения…</translation>
    </message>
    <message>
        <source>Provider base URLs and secrets, and a check that each one answers</source>
        <translation>Базовые URL и секреты провайдеров и проверка, что каждый отвечает</translation>
    </message>
    <message>
        <source>&amp;Agents…</source>
        <translation>&amp;Агенты…</translation>
    </message>
    <message>
        <source>The AI agents that may call the tools: their limits, use and last call; revoke one</source>
        <translation>ИИ-агенты, которым разрешено вызывать инструменты: их лимиты, использование и последний вызов; отзыв агента</translation>
    </message>
    <message>
        <source>&amp;Supervisor</source>
        <translation>Суп&amp;ервайзер</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>Се&amp;рвис</translation>
    </message>
    <message>
        <source>Not sent: the console is busy with another action. Wait for it or cancel it (Esc) in the main window, then approve again.</source>
        <translation>Не отправлено: консоль занята другим действием. Дождитесь его или отмените (Esc) в главном окне, затем одобрите снова.</translation>
    </message>
</context>
<context>
    <name>ops::ui::SupervisorWindow</name>
    <message>
        <source>Audit and charts</source>
        <translation>Аудит и графики</translation>
    </message>
    <message>
        <source>&amp;Audit</source>
        <translation>&amp;Аудит</translation>
    </message>
    <message>
        <source>C&amp;harts</source>
        <translation>&amp;Графики</translation>
    </message>
    <message>
        <source>Close the audit window</source>
        <translation>Закрыть окно аудита</translation>
    </message>
    <message>
        <source>Next tab</source>
        <translation>Следующая вкладка</translation>
    </message>
    <message>
        <source>Previous tab</source>
        <translation>Предыдущая вкладка</translation>
    </message>
    <message>
        <source>&amp;Unmatched events</source>
        <translation>&amp;Несопоставленные события</translation>
    </message>
    <message>
        <source>The agent requests could not be read: %1</source>
        <translation>Не удалось прочитать запросы агентов: %1</translation>
    </message>
    <message>
        <source>A&amp;gent requests (%1)</source>
        <translation>&amp;Запросы агентов (%1)</translation>
    </message>
    <message>
        <source>Rejected %1: closed as failed with your reason; nothing was sent.</source>
        <translation>%1 отклонена: закрыта как неуспешная с вашей причиной; ничего не отправлено.</translation>
    </message>
    <message>
        <source>%1 no longer waits for a person; nothing changed.</source>
        <translation>%1 больше не ожидает решения человека; ничего не изменилось.</translation>
    </message>
    <message>
        <source>%1 was not rejected: %2</source>
        <translation>%1 не отклонена: %2</translation>
    </message>
    <message>
        <source>Approved %1. %2</source>
        <translation>%1 одобрена. %2</translation>
    </message>
    <message>
        <source>Stopped waiting for %1: a request already sent still gets its answer recorded, and the list shows it.</source>
        <translation>Ожидание %1 прекращено: ответ на уже отправленный запрос всё равно будет записан, и список его покажет.</translation>
    </message>
    <message>
        <source>Refu&amp;nds</source>
        <translation>&amp;Возвраты</translation>
    </message>
</context>
<context>
    <name>ops::ui::TeamActions</name>
    <message>
        <source>Ta&amp;ke</source>
        <translation>&amp;Взять</translation>
    </message>
    <message>
        <source>Make this row yours: the team sees who is on it</source>
        <translation>Сделать строку своей: команда видит, кто ею занят</translation>
    </message>
    <message>
        <source>Assi&amp;gn…</source>
        <translation>Н&amp;азначить…</translation>
    </message>
    <message>
        <source>Give this row to someone (supervisors)</source>
        <translation>Отдать строку кому-то (супервайзеры)</translation>
    </message>
    <message>
        <source>Release o&amp;wnership</source>
        <translation>Сн&amp;ять владельца</translation>
    </message>
    <message>
        <source>Leave this row without an owner</source>
        <translation>Оставить строку без владельца</translation>
    </message>
    <message>
        <source>Add n&amp;ote…</source>
        <translation>Добавить за&amp;метку…</translation>
    </message>
    <message>
        <source>A short internal note for the team; never evidence</source>
        <translation>Короткая внутренняя заметка для команды; не доказательство</translation>
    </message>
    <message>
        <source>Select an operation first.</source>
        <translation>Сначала выберите операцию.</translation>
    </message>
    <message>
        <source>%1 is closed (%2): a closed row needs no owner.</source>
        <translation>%1 закрыта (%2): закрытой строке владелец не нужен.</translation>
    </message>
    <message>
        <source>%1 is yours already.</source>
        <translation>%1 уже ваша.</translation>
    </message>
    <message>
        <source>%1 may not assign rows: only a supervisor gives a row to someone.</source>
        <translation>%1 не может назначать строки: отдать строку кому-то может только супервайзер.</translation>
    </message>
    <message>
        <source>%1 has no owner.</source>
        <translation>У %1 нет владельца.</translation>
    </message>
    <message>
        <source>%1 may not release %2&apos;s row: only a supervisor releases a row someone else owns.</source>
        <translation>%1 не может снять владельца %2: снять чужого владельца может только супервайзер.</translation>
    </message>
    <message>
        <source>Make this row yours: the team sees who is on it (Ctrl+T)</source>
        <translation>Сделать строку своей: команда видит, кто ею занят (Ctrl+T)</translation>
    </message>
    <message>
        <source>Give this row to someone</source>
        <translation>Отдать строку кому-то</translation>
    </message>
    <message>
        <source>A short internal note for the team; never evidence (Ctrl+Shift+O)</source>
        <translation>Короткая внутренняя заметка для команды; не доказательство (Ctrl+Shift+O)</translation>
    </message>
    <message>
        <source>%1 may not add notes: a note needs the attach right; ask a supervisor.</source>
        <translation>%1 не может добавлять заметки: для этого нужно право прикладывать доказательства; обратитесь к супервайзеру.</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>неизвестного времени</translation>
    </message>
    <message>
        <source>Take %1</source>
        <translation>Взять %1</translation>
    </message>
    <message>
        <source>%1 owns this row since %2. Take it?</source>
        <translation>Эта строка у %1 с %2. Взять её?</translation>
    </message>
    <message>
        <source>It becomes yours and leaves %1&apos;s Mine list; an owner is a name, not a lock.</source>
        <translation>Строка станет вашей и уйдёт из списка «Мои» у %1; владелец — это имя, а не блокировка.</translation>
    </message>
    <message>
        <source>%1 is yours now.</source>
        <translation>%1 теперь ваша.</translation>
    </message>
    <message>
        <source>%1 was not taken</source>
        <translation>%1 не взята</translation>
    </message>
    <message>
        <source>Could not read the operator directory: %1</source>
        <translation>Не удалось прочитать справочник операторов: %1</translation>
    </message>
    <message>
        <source>Try again in a moment (F5).</source>
        <translation>Попробуйте ещё раз чуть позже (F5).</translation>
    </message>
    <message>
        <source>%1 is %2&apos;s now.</source>
        <translation>%1 теперь у %2.</translation>
    </message>
    <message>
        <source>%1 was not assigned</source>
        <translation>%1 не назначена</translation>
    </message>
    <message>
        <source>%1 has no owner now.</source>
        <translation>У %1 теперь нет владельца.</translation>
    </message>
    <message>
        <source>%1 was not released</source>
        <translation>Владелец %1 не снят</translation>
    </message>
    <message>
        <source>%1: %2.</source>
        <translation>%1: %2.</translation>
    </message>
    <message>
        <source>The lists show who owns it now.</source>
        <translation>В списках видно, чья она сейчас.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Ask a supervisor.</source>
        <translation>Обратитесь к супервайзеру.</translation>
    </message>
    <message>
        <source>The database refused the change of owner: %1</source>
        <translation>База данных отклонила смену владельца: %1</translation>
    </message>
    <message>
        <source>Try again in a moment.</source>
        <translation>Попробуйте ещё раз чуть позже.</translation>
    </message>
    <message>
        <source>The database refused the note: %1</source>
        <translation>База данных отклонила заметку: %1</translation>
    </message>
    <message>
        <source>The note on %1 was not added: %2</source>
        <translation>Заметка к %1 не добавлена: %2</translation>
    </message>
    <message>
        <source>Add it again (Ctrl+Shift+O).</source>
        <translation>Добавьте её снова (Ctrl+Shift+O).</translation>
    </message>
    <message>
        <source>Note added to %1.</source>
        <translation>Заметка к %1 добавлена.</translation>
    </message>
    <message>
        <source>%1 may not change who owns a row: that needs the attach right; ask a supervisor.</source>
        <translation>%1 не может менять владельца строки: для этого нужно право прикладывать доказательства; обратитесь к супервайзеру.</translation>
    </message>
</context>
<context>
    <name>ops::ui::TeamText</name>
    <message>
        <source>no owner after %1</source>
        <translation>нет владельца дольше %1</translation>
    </message>
    <message>
        <source>undecided after %1</source>
        <translation>нет решения дольше %1</translation>
    </message>
    <message>
        <source>approval waiting over %1</source>
        <translation>согласование ждёт дольше %1</translation>
    </message>
    <message>
        <source>%1 took %2 meanwhile</source>
        <translation>%1 тем временем взял(а) %2</translation>
    </message>
    <message>
        <source>%1 was released meanwhile</source>
        <translation>с %1 тем временем сняли владельца</translation>
    </message>
    <message>
        <source>there is no operation %1</source>
        <translation>операции %1 нет</translation>
    </message>
    <message>
        <source>%1 is closed (%2): a closed row needs no owner</source>
        <translation>%1 закрыта (%2): закрытой строке владелец не нужен</translation>
    </message>
    <message>
        <source>%1 is not a person who may own a row</source>
        <translation>%1 — не человек, которому можно отдать строку</translation>
    </message>
    <message>
        <source>A note needs some text.</source>
        <translation>В заметке должен быть текст.</translation>
    </message>
    <message>
        <source>A note is at most %1 characters; this one has %2.</source>
        <translation>Заметка — не больше %1 символов; в этой %2.</translation>
    </message>
    <message>
        <source>A note holds no control characters but line breaks and tabs.</source>
        <translation>В заметке не может быть управляющих символов, кроме переводов строки и табуляций.</translation>
    </message>
</context>
<context>
    <name>ops::ui::TrayNotices</name>
    <message>
        <source>%1 is %2 now</source>
        <translation>%1 теперь: %2</translation>
    </message>
    <message>
        <source>A row you own was %1 and is %2 now.</source>
        <translation>Ваша строка была в состоянии «%1», теперь — «%2».</translation>
    </message>
    <message>
        <source>%1 is late</source>
        <translation>%1 просрочена</translation>
    </message>
    <message>
        <source>A row you own: %1.</source>
        <translation>Ваша строка: %1.</translation>
    </message>
    <message>
        <source>Approval #%1 waits for you</source>
        <translation>Согласование #%1 ждёт вас</translation>
    </message>
    <message>
        <source>%1 of %2, asked by %3.</source>
        <translation>%1 для %2, запросил(а) %3.</translation>
    </message>
</context>
<context>
    <name>ops::ui::TrayNotifier</name>
    <message>
        <source>Tra&amp;y notifications</source>
        <translation>Уведомления в тре&amp;е</translation>
    </message>
    <message>
        <source>Not on a SQLite file database: it has one person at one desk, who sees every change in this window.</source>
        <translation>Недоступно с файловой базой SQLite: с ней работает один человек за одним столом, и все изменения он видит в этом окне.</translation>
    </message>
    <message>
        <source>This desktop has no system tray: nothing is shown while it has none.</source>
        <translation>На этом рабочем столе нет системного трея: пока его нет, ничего не показывается.</translation>
    </message>
    <message>
        <source>A message in the system tray when a row you own changes state or is late, and when an approval waits for you, while the console is not the active window.</source>
        <translation>Сообщение в системном трее, когда ваша строка меняет состояние или просрочена и когда вас ждёт согласование, пока консоль не активное окно.</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s) on your rows and approvals</source>
        <translation>
            <numerusform>%n изменение в ваших строках и согласованиях</numerusform>
            <numerusform>%n изменения в ваших строках и согласованиях</numerusform>
            <numerusform>%n изменений в ваших строках и согласованиях</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ops::ui::UnmatchedEventsView</name>
    <message>
        <source>Every refund event so far matched one of our operations.</source>
        <translation>Пока каждое событие возврата сопоставлено с одной из наших операций.</translation>
    </message>
    <message>
        <source>Could not read the unmatched events: %1</source>
        <translation>Не удалось прочитать несопоставленные события: %1</translation>
    </message>
    <message>
        <source> (the newest %1 shown)</source>
        <translation> (показаны последние %1)</translation>
    </message>
    <message>
        <source>Refund events that matched no operation: %1%2. They are refunds made outside this product, e.g. in the provider&apos;s Dashboard.</source>
        <translation>События возврата, не сопоставленные ни с одной операцией: %1%2. Это возвраты, сделанные вне этого продукта, например в панели провайдера.</translation>
    </message>
</context>
</TS>
