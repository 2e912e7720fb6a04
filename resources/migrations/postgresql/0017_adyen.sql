-- 0017 (PostgreSQL): Adyen is a provider (issue 30, docs/adyen.md). Its refunds are operations
-- like Stripe's, and its notifications are provider events, matched by merchantReference (our
-- operation id) or by originalReference and the amount: matched_by records which.
ALTER TABLE operations DROP CONSTRAINT operations_provider_check;
ALTER TABLE operations ADD CONSTRAINT operations_provider_check
    CHECK (provider IN ('stripe', 'slen', 'adyen'));
ALTER TABLE provider_events DROP CONSTRAINT provider_events_provider_check;
ALTER TABLE provider_events ADD CONSTRAINT provider_events_provider_check
    CHECK (provider IN ('stripe', 'slen', 'adyen'));
ALTER TABLE provider_events DROP CONSTRAINT provider_events_matched_by_check;
ALTER TABLE provider_events ADD CONSTRAINT provider_events_matched_by_check
    CHECK (matched_by IN ('metadata', 'idempotency_key', 'provider_ref', 'merchant_reference',
                          'original_reference'));
