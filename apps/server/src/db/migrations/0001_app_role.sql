-- The application's role: neither superuser nor BYPASSRLS, so row-level security applies to it.
-- Every tenant transaction switches to it (SET LOCAL ROLE); migrations and the few cross-tenant
-- system paths (sign-in, identity provider state, reference data) run as the owner.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'blotter_app') THEN
    CREATE ROLE blotter_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
  END IF;
END
$$;--> statement-breakpoint
GRANT blotter_app TO CURRENT_USER;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO blotter_app;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO blotter_app;--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO blotter_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO blotter_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO blotter_app;--> statement-breakpoint
-- Identity-provider state and installation secrets are never read in a tenant transaction.
REVOKE ALL ON oidc_payloads, system_state FROM blotter_app;--> statement-breakpoint
-- Reference data is read-only for the application.
REVOKE INSERT, UPDATE, DELETE ON countries, states, cities FROM blotter_app;
