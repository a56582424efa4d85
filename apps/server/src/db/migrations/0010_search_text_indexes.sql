-- Text criteria of the search (spec 2 §3) match partially, case- and accent-insensitively ('tran'
-- finds 'Trần'): both sides are folded with blotter_fold and compared with LIKE '%…%', which these
-- trigram indexes serve. Each part table has one index over the searched fields joined by spaces;
-- the query narrows with it and then tests the field asked for. The expressions must stay exactly
-- those of src/modules/search/search-text.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.blotter_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
CREATE INDEX "incident_persons_search" ON "incident_persons" USING gin
  (public.blotter_fold(first_name || ' ' || middle_name || ' ' || last_name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incident_companies_search" ON "incident_companies" USING gin
  (public.blotter_fold(name) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incident_vehicles_search" ON "incident_vehicles" USING gin
  (public.blotter_fold(license_plate || ' ' || maker || ' ' || model || ' ' || color || ' ' || coalesce(data->>'stateProvince', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incident_items_search" ON "incident_items" USING gin
  (public.blotter_fold(name || ' ' || brand || ' ' || serial_number || ' ' || coalesce(data->>'model', '') || ' ' || coalesce(data->>'color', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "attachments_search" ON "attachments" USING gin
  (public.blotter_fold(name || ' ' || file_name) gin_trgm_ops) WHERE incident_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "incidents_address_search" ON "incidents" USING gin
  (public.blotter_fold(location_unit || ' ' || location_address || ' ' || location_street || ' ' || location_city_name) gin_trgm_ops);
