-- 0018: the answer to a counted attempt closes a row that turned unknown while it was in flight
-- (storage/operationstore.cpp, closeSucceeded and closeFailed). A SQLite file has no guard to
-- widen for that: postgresql/0018_team_seams.sql lets the attempt's own login make that close.
--
-- A proposal whose row closes by any path but its own apply is `withdrawn` in the same
-- transaction (storage/reconcile/proposals.h). Widening a CHECK changes nothing stored, so the
-- definition is edited in place as 0017 does.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'CHECK (state IN (''open'', ''superseded'', ''applied'', ''approval''))',
                     'CHECK (state IN (''open'', ''superseded'', ''applied'', ''approval'', ''withdrawn''))')
 WHERE type = 'table' AND name = 'proposals';
PRAGMA writable_schema = OFF;
