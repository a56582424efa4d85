-- The request path reads the principal on the connection that then runs the request's queries
-- as the application role (issue 10: at most two round trips for a read). The function runs as
-- its owner (SECURITY DEFINER, fixed search_path) so the application role may call it; it
-- answers one user's principal and nothing else.
ALTER FUNCTION blotter_principal(uuid, text, text) SECURITY DEFINER SET search_path = public, pg_temp;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION blotter_principal(uuid, text, text) TO blotter_app;
