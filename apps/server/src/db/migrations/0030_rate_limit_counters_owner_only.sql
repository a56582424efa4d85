-- The counters are read and written by the server as the owner (like system_state): the
-- application role, which runs tenant statements, has no business with them.
REVOKE ALL ON "rate_limit_counters" FROM blotter_app;--> statement-breakpoint
-- Counters of the last hour at most: not worth a WAL flush on every counted request (a logged
-- table made each hit wait for its commit to reach the disk, about 10 ms against 0.2 ms). After a
-- crash PostgreSQL empties an unlogged table, which only restarts the windows; standbys do not get
-- it, so a promoted standby starts with no counts either.
ALTER TABLE "rate_limit_counters" SET UNLOGGED;
