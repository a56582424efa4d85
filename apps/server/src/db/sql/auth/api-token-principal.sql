-- The principal of an API token (issue 32 §2), read on every call that carries one
-- (repeatable: see src/db/repeatable.ts). One round trip, like blotter_principal_scope: the token by
-- the SHA-256 of its secret, its creator, the creator's workgroup and company, as one JSON value
-- with the fields of blotter_principal plus the token's. A revoked or expired token still answers
-- (so the caller can say which), as does one whose creator was deleted (creatorDeleted); an
-- unknown hash answers null. With p_scope (PostgreSQL's request path) it also sets on the caller's connection the
-- tenant, the read-only mode and the request's nonce, exactly as blotter_principal_scope does; a
-- token that cannot act (revoked, expired, its creator deleted) leaves the tenant empty. SECURITY DEFINER with
-- schema-qualified tables, for the reasons given in principal.sql.
CREATE OR REPLACE FUNCTION blotter_api_token_principal(p_hash text, p_read_only boolean, p_request text, p_scope boolean)
RETURNS json LANGUAGE plpgsql VOLATILE SECURITY DEFINER AS $$
DECLARE
  result json;
  tenant text;
BEGIN
  SELECT json_build_object(
    'userId', u.id, 'accountId', u.account_id, 'email', u.email,
    'firstName', u.first_name, 'lastName', u.last_name, 'status', u.status,
    'systemAdmin', u.system_admin, 'isAdmin', w.is_admin, 'granted', w.privileges,
    'accountActive', a.active, 'trial', a.trial, 'measurementType', a.measurement_type,
    'dateFormat', a.date_format, 'concurrentUserCount', a.concurrent_user_count,
    'companyName', a.company_name,
    'sessionFound', true, 'sessionEnded', false,
    'token', json_build_object(
      'id', t.id, 'name', t.name, 'privileges', t.privileges,
      'revoked', t.revoked_at IS NOT NULL,
      'expired', t.expires_at IS NOT NULL AND t.expires_at <= now(),
      'creatorDeleted', u.deleted_at IS NOT NULL,
      'usedRecently', t.last_used_at IS NOT NULL AND t.last_used_at > now() - interval '1 minute')),
    CASE WHEN t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now()) AND u.deleted_at IS NULL
      THEN u.account_id::text END
  INTO result, tenant
  FROM public.api_tokens t
  JOIN public.users u ON u.id = t.created_by AND u.account_id = t.account_id
  JOIN public.workgroups w ON w.id = u.user_group_id
  JOIN public.accounts a ON a.id = u.account_id
  WHERE t.token_hash = p_hash;
  IF p_scope THEN
    PERFORM set_config('app.account_id', coalesce(tenant, ''), false),
      set_config('default_transaction_read_only', CASE WHEN p_read_only THEN 'on' ELSE 'off' END, false),
      set_config('app.request', coalesce(p_request, ''), false);
  END IF;
  RETURN result;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION blotter_api_token_principal(text, boolean, text, boolean) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION blotter_api_token_principal(text, boolean, text, boolean) TO blotter_app;
