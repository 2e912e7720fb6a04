-- 0017: Adyen is a provider (issue 30, docs/adyen.md). Its refunds are operations like Stripe's,
-- and its notifications are provider events. A notification names our row by merchantReference
-- (the operation id we sent as `reference`) or, failing that, by the payment's pspReference and
-- the amount (originalReference): matched_by records which.
--
-- Widening a CHECK changes nothing stored, so the definitions are edited in place as 0013 does
-- (sqlite.org/lang_altertable.html); Database::migrate bumps schema_version afterwards.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'CHECK (provider IN (''stripe'', ''slen''))',
                     'CHECK (provider IN (''stripe'', ''slen'', ''adyen''))')
 WHERE type = 'table' AND name IN ('operations', 'provider_events');
UPDATE sqlite_schema
   SET sql = replace(sql, 'CHECK (matched_by IN (''metadata'', ''idempotency_key'', ''provider_ref''))',
                     'CHECK (matched_by IN (''metadata'', ''idempotency_key'', ''provider_ref'', ''merchant_reference'', ''original_reference''))')
 WHERE type = 'table' AND name = 'provider_events';
PRAGMA writable_schema = OFF;
