-- 0016 (PostgreSQL): each chained entry keeps when it was queued and when it was chained, so the
-- merge delay (docs/design.md §14) is a figure anyone can read back, not only a bound verify
-- enforces. Neither time is hashed: the chain's hashes and every existing row stay as they are,
-- and entries chained before 0016 keep NULL in both. queued_at is taken inside the writer's own
-- transaction, before its COMMIT, so chained_at - queued_at is an upper bound on the time from
-- commit to chain position.
ALTER TABLE audit ADD COLUMN queued_at TIMESTAMPTZ, ADD COLUMN chained_at TIMESTAMPTZ;

-- As 0015, with the two times carried over (the comments there hold for this version).
CREATE OR REPLACE FUNCTION ops_audit_sequence(batch integer) RETURNS integer LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
    prev text;
    next_hash text;
    entry record;
    placed integer := 0;
BEGIN
    IF NOT pg_try_advisory_xact_lock(8030044989095634289) THEN -- 'ops_aseq', auditsequencer.h
        RETURN -1;
    END IF;
    SELECT hash INTO prev FROM public.audit ORDER BY id DESC LIMIT 1;
    prev := COALESCE(prev, repeat('0', 64));
    FOR entry IN SELECT * FROM public.audit_pending ORDER BY id LIMIT batch LOOP
        next_hash := encode(sha256(convert_to(prev || E'\n' ||
            '{"action":' || to_json(entry.action)::text ||
            ',"actor":' || to_json(entry.actor)::text ||
            ',"at":' || entry.at::text ||
            ',"detail":' || entry.detail ||
            ',"operation_id":' || to_json(COALESCE(entry.operation_id, ''))::text || '}',
            'UTF8')), 'hex');
        INSERT INTO public.audit (at, actor, action, operation_id, detail, prev_hash, hash,
                                  queued_at, chained_at)
            VALUES (entry.at, entry.actor, entry.action, entry.operation_id, entry.detail, prev,
                    next_hash, entry.queued_at, clock_timestamp());
        DELETE FROM public.audit_pending WHERE id = entry.id;
        prev := next_hash;
        placed := placed + 1;
    END LOOP;
    RETURN placed;
END;
$$;

-- The merge delay of the entries chained in the last `window_ms` milliseconds (by the server's
-- clock): how many, the median and the 99th percentile in milliseconds (NULL when none). For
-- the benchmark and for a DBA watching a busy desk.
CREATE FUNCTION ops_audit_merge_delay(window_ms bigint, OUT chained bigint, OUT median_ms double precision,
                                      OUT p99_ms double precision) LANGUAGE sql STABLE AS $$
    SELECT count(*),
           percentile_cont(0.5) WITHIN GROUP (ORDER BY d),
           percentile_cont(0.99) WITHIN GROUP (ORDER BY d)
    FROM (SELECT EXTRACT(EPOCH FROM chained_at - queued_at) * 1000 AS d FROM public.audit
          WHERE chained_at >= clock_timestamp() - make_interval(secs => window_ms / 1000.0)) AS t;
$$;
GRANT EXECUTE ON FUNCTION ops_audit_merge_delay(bigint) TO ops_support, ops_agent, ops_service;
