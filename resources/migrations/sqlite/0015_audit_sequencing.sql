-- 0015: audit sequencing (docs/design.md §14). On PostgreSQL writers queue their entries and a
-- sequencer chains them after commit (postgresql/0015_audit_sequencing.sql). The file has one
-- writer, so SQLite keeps chaining each entry as it is appended: nothing is ever waiting here.
-- audit_entries is every entry a decision counts (an agent's calls per day, its last call): on
-- SQLite the chain itself; on PostgreSQL the chain and the queue, so a count never misses an
-- entry that is committed but not yet sequenced.
CREATE VIEW audit_entries AS
    SELECT id, at, actor, action, operation_id, detail FROM audit;
