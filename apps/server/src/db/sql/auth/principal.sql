-- The signed-in user of a request, read on every API call (repeatable: see src/db/repeatable.ts).
-- blotter_principal: user, workgroup privileges, company and session in one JSON value. As a
-- PL/pgSQL function its plan is prepared once per connection instead of planning a four-table join
-- on every request. Matched by user id (embedded provider) or, when p_user is null, by email
-- (external issuer). A deleted user (users.deleted_at) is no principal, and an email finds only
-- the live user of that email. It runs as its owner (SECURITY DEFINER) and answers one user's
-- principal; every table is schema-qualified, so the caller's search_path (or a temporary table
-- named like one of them) cannot change what it reads (a SET search_path clause would do the same
-- but costs a third of the call). Only the owner and the application role may call it.
CREATE OR REPLACE FUNCTION blotter_principal(p_user uuid, p_email text, p_session text)
RETURNS json LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
DECLARE
  found_user uuid := p_user;
  result json;
BEGIN
  IF found_user IS NULL THEN
    SELECT u.id INTO found_user FROM public.users u WHERE lower(u.email) = lower(p_email) AND u.deleted_at IS NULL LIMIT 1;
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
  WHERE u.id = found_user AND u.deleted_at IS NULL;
  RETURN result;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION blotter_principal(uuid, text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION blotter_principal(uuid, text, text) TO blotter_app;--> statement-breakpoint
-- blotter_principal_scope: the request path's first statement on PostgreSQL in one function: the
-- principal of a token, as blotter_principal answers it, and on the caller's connection the tenant
-- and the read-only mode of the request. Its query is blotter_principal's written out again
-- (calling that function from this one cost about 20 µs of database CPU per read in the throughput
-- bench): keep the two in step. Without a SET clause, the settings it makes stay on the session
-- (the connection) after it returns, as set_config(..., false) does. An unknown user leaves the
-- tenant empty, so the connection then sees no tenant rows. app.request takes the request's nonce:
-- a read sent in the same round trip behind this statement answers only when it matches
-- (PreparedQuery.forRequest), so if this statement fails, that read never runs under a tenant an
-- earlier request left on the connection.
CREATE OR REPLACE FUNCTION blotter_principal_scope(p_user uuid, p_email text, p_session text, p_read_only boolean, p_request text)
RETURNS json LANGUAGE plpgsql VOLATILE SECURITY DEFINER AS $$
DECLARE
  found_user uuid := p_user;
  result json;
  tenant text;
BEGIN
  IF found_user IS NULL THEN
    SELECT u.id INTO found_user FROM public.users u WHERE lower(u.email) = lower(p_email) AND u.deleted_at IS NULL LIMIT 1;
  END IF;
  SELECT json_build_object(
    'userId', u.id, 'accountId', u.account_id, 'email', u.email,
    'firstName', u.first_name, 'lastName', u.last_name, 'status', u.status,
    'systemAdmin', u.system_admin, 'isAdmin', w.is_admin, 'granted', w.privileges,
    'accountActive', a.active, 'trial', a.trial, 'measurementType', a.measurement_type,
    'dateFormat', a.date_format, 'concurrentUserCount', a.concurrent_user_count,
    'companyName', a.company_name,
    'sessionFound', s.id IS NOT NULL, 'sessionEnded', s.ended_at IS NOT NULL),
    u.account_id::text
  INTO result, tenant
  FROM public.users u
  JOIN public.workgroups w ON w.id = u.user_group_id
  JOIN public.accounts a ON a.id = u.account_id
  LEFT JOIN public.sessions s ON s.id = p_session AND s.user_id = u.id
  WHERE u.id = found_user AND u.deleted_at IS NULL;
  PERFORM set_config('app.account_id', coalesce(tenant, ''), false),
    set_config('default_transaction_read_only', CASE WHEN p_read_only THEN 'on' ELSE 'off' END, false),
    set_config('app.request', coalesce(p_request, ''), false);
  RETURN result;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION blotter_principal_scope(uuid, text, text, boolean, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION blotter_principal_scope(uuid, text, text, boolean, text) TO blotter_app;
