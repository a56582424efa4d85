-- incident_search gets its class and location indexes a second time, without the company in front
-- (the ids are the company's own, so they find only its rows; the search still names the company).
-- Why: PostgreSQL ANDs two bitmap index scans only when they share no condition, and every index
-- began with account_id = …, which the trigram indexes hold too (migration 0014). 'Last 365 days,
-- Safety, a person Tremblay, a vehicle' read the 35,000 incidents with a Tremblay (95 ms) instead of
-- ANDing them with the Safety subtree (35 ms). The indexes with the company stay: alone (a subtree
-- and a status) they beat ANDing these with a bitmap of the company's million rows (14 ms, not 53).
CREATE INDEX IF NOT EXISTS "incident_search_class" ON "incident_search" USING btree ("last_class_id", "status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incident_search_location" ON "incident_search" USING btree ("last_location_id");
