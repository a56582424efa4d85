-- The signed-in user of a request, read on every API call: user, workgroup privileges, company
-- and session in one JSON value. As a PL/pgSQL function its plan is prepared once per connection
-- instead of planning a four-table join on every request (most of the cost on PGlite).
-- Matched by user id (embedded provider) or, when p_user is null, by email (external issuer).
CREATE OR REPLACE FUNCTION blotter_principal(p_user uuid, p_email text, p_session text)
RETURNS json LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_user uuid := p_user;
  result json;
BEGIN
  IF found_user IS NULL THEN
    SELECT u.id INTO found_user FROM users u WHERE lower(u.email) = lower(p_email) LIMIT 1;
  END IF;
  SELECT json_build_object(
    'userId', u.id, 'accountId', u.account_id, 'email', u.email,
    'firstName', u.first_name, 'lastName', u.last_name, 'status', u.status,
    'systemAdmin', u.system_admin, 'isAdmin', w.is_admin, 'granted', w.privileges,
    'accountActive', a.active, 'trial', a.trial, 'measurementType', a.measurement_type,
    'dateFormat', a.date_format, 'concurrentUserCount', a.concurrent_user_count,
    'companyName', a.company_name,
    'sessionFound', s.id IS NOT NULL, 'sessionEnded', s.ended_at IS NOT NULL)
  INTO result
  FROM users u
  JOIN workgroups w ON w.id = u.user_group_id
  JOIN accounts a ON a.id = u.account_id
  LEFT JOIN sessions s ON s.id = p_session AND s.user_id = u.id
  WHERE u.id = found_user;
  RETURN result;
END
$$;--> statement-breakpoint
-- Only the owner (the server's system path) resolves principals across companies.
REVOKE ALL ON FUNCTION blotter_principal(uuid, text, text) FROM PUBLIC;
