-- The counters are read and written by the server as the owner (like system_state): the
-- application role, which runs tenant statements, has no business with them.
REVOKE ALL ON "rate_limit_counters" FROM blotter_app;
