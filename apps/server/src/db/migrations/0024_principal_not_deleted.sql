-- Issue 13: a deleted user (users.deleted_at, kept so their incidents keep their name) is no
-- principal: blotter_principal and blotter_principal_scope (0006, 0008) answer null for them, so
-- their tokens are refused (401) on the next call, and an email lookup (external issuers) finds
-- only the live user of that email. The two functions are those of 0006 and 0008 with that one
-- condition added; keep them in step.
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
$$;
