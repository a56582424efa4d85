-- The analysis counts a company's incidents of a date range by day, month, hour, class…: 400,000
-- rows for two 12-month periods at a million incidents. With the columns the visibility and the
-- filters read in the index, the count is an index-only scan instead of 25,000 heap pages (month,
-- two periods: 244 -> 113 ms at p95). It replaces the plain (account_id, occurred_date) index.
CREATE INDEX IF NOT EXISTS "incident_search_account_occurred_cover" ON "incident_search" USING btree ("account_id", "occurred_date") INCLUDE ("status", "locked", "create_user_id", "last_class_id", "last_location_id");--> statement-breakpoint
DROP INDEX IF EXISTS "incident_search_account_occurred";
