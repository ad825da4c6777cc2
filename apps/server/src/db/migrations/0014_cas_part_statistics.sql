-- Statistics on the expression the CAS-part lookup searches (possible copies, used content). The GIN
-- index of 0010 is partial, and PostgreSQL keeps no statistics on a partial index's expression, so
-- the planner guessed 1 % of a million inspections and ran parallel workers: 96 ms for two rows.
-- With these it expects tens of rows and the lookup takes under a millisecond (bench/checks.bench.ts).
CREATE STATISTICS IF NOT EXISTS "file_inspections_cas_parts_stats" ON (("result" -> 'casPartIds')) FROM "file_inspections";
