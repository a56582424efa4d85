-- The request path reads the principal on the connection that then runs the request's queries as
-- the application role (issue 10: at most two round trips for a read), so the application role
-- may call the function, which runs as its owner (SECURITY DEFINER) and answers one user's
-- principal. Every table is schema-qualified, so the caller's search_path (or a temporary table
-- named like one of them) cannot change what it reads; a SET search_path clause would do the
-- same but costs a third of the call.
CREATE OR REPLACE FUNCTION blotter_principal(p_user uuid, p_email text, p_session text)
RETURNS json LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
DECLARE
  found_user uuid := p_user;
  result json;
BEGIN
  IF found_user IS NULL THEN
    SELECT u.id INTO found_user FROM public.users u WHERE lower(u.email) = lower(p_email) LIMIT 1;
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
  FROM public.users u
  JOIN public.workgroups w ON w.id = u.user_group_id
  JOIN public.accounts a ON a.id = u.account_id
  LEFT JOIN public.sessions s ON s.id = p_session AND s.user_id = u.id
  WHERE u.id = found_user;
  RETURN result;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION blotter_principal(uuid, text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION blotter_principal(uuid, text, text) TO blotter_app;
