-- The search reads one row per incident (incident_search), kept by triggers: the incident's
-- searchable columns and, per kind of card, one text of all its cards ('search documents'). Every
-- criterion is then a condition on that one narrow row, so a capped count stops after 10,001 rows
-- and a page is a walk along an index; before, a text criterion joined the card tables, whose wide
-- rows (a person card is about 1 kB) were read for every candidate: 'nguyen' in a million incidents
-- took 0.45 s, most of it reading 4 GB of incident_persons.
--
-- A document is the incident's cards one after another: chr(30), the card's flags, then each of its
-- fields after chr(31), folded by blotter_search_text. A card criterion is one regular expression over
-- it (src/modules/search/search-documents.ts), which the trigram index serves and which matches
-- within one card only. Flags: E employee, O owner, and the relations R reporter, V victim,
-- I person of interest, S suspect, W witness, J subject.
CREATE FUNCTION public.blotter_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate(public.blotter_fold(coalesce(value, '')), chr(30) || chr(31), '  ') $$;--> statement-breakpoint
-- A value typed by the user as a regular expression matching it literally, folded as the documents are.
CREATE FUNCTION public.blotter_search_pattern(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(public.blotter_search_text(value), '([.^$*+?()\[\]{}|\\])', '\\\1', 'g') $$;--> statement-breakpoint
-- The same as a LIKE pattern '%value%' (its wildcards and escape escaped): the index's first question.
CREATE FUNCTION public.blotter_search_like(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT '%' || regexp_replace(public.blotter_search_text(value), '([\\%_])', '\\\1', 'g') || '%' $$;--> statement-breakpoint
CREATE FUNCTION public.blotter_search_relations(data jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN coalesce((data->>'relationReporter')::boolean, false) THEN 'R' ELSE '' END
    || CASE WHEN coalesce((data->>'relationVictim')::boolean, false) THEN 'V' ELSE '' END
    || CASE WHEN coalesce((data->>'relationPersonOfInterest')::boolean, false) THEN 'I' ELSE '' END
    || CASE WHEN coalesce((data->>'relationSuspect')::boolean, false) THEN 'S' ELSE '' END
    || CASE WHEN coalesce((data->>'relationWitness')::boolean, false) THEN 'W' ELSE '' END
    || CASE WHEN coalesce((data->>'relationSubject')::boolean, false) THEN 'J' ELSE '' END $$;--> statement-breakpoint
CREATE TABLE "incident_search" (
  "id" uuid PRIMARY KEY REFERENCES "incidents"("id") ON DELETE CASCADE,
  "account_id" uuid NOT NULL,
  "number" integer NOT NULL,
  "status" smallint NOT NULL,
  "locked" boolean NOT NULL,
  "create_user_id" uuid NOT NULL,
  "reported_date" timestamp with time zone,
  "occurred_date" timestamp with time zone,
  "last_class_id" uuid,
  "last_location_id" uuid,
  "severity_id" uuid,
  "location_city_id" uuid,
  "location_country_code" text NOT NULL,
  "location_state_name" text NOT NULL,
  -- The incident's street address as one card: unit, address, street, city.
  "address" text NOT NULL,
  "persons" text NOT NULL,
  "companies" text NOT NULL,
  "vehicles" text NOT NULL,
  "items" text NOT NULL,
  "attachments" text NOT NULL
);--> statement-breakpoint
-- The search reads it through the view search_incidents (migration 0012 explains why); the
-- application may read it under its policy, like every tenant table, but writes it only through
-- the functions below, which run as the owner.
ALTER TABLE "incident_search" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "incident_search" AS PERMISSIVE FOR ALL TO public
  USING (account_id = nullif(current_setting('app.account_id', true), '')::uuid)
  WITH CHECK (account_id = nullif(current_setting('app.account_id', true), '')::uuid);--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "incident_search" FROM blotter_app;--> statement-breakpoint
-- Writes the rows of the incidents `incident_ids` (those that still exist) from the incidents and their
-- cards (read by the cards' (account_id, incident_id) indexes).
CREATE FUNCTION public.blotter_search_refresh(incident_ids uuid[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  INSERT INTO incident_search (id, account_id, number, status, locked, create_user_id, reported_date, occurred_date,
      last_class_id, last_location_id, severity_id, location_city_id, location_country_code, location_state_name,
      address, persons, companies, vehicles, items, attachments)
  SELECT i.id, i.account_id, i.number, i.status, i.locked, i.create_user_id, i.reported_date, i.occurred_date,
    i.last_class_id, i.last_location_id, i.severity_id, i.location_city_id, i.location_country_code, i.location_state_name,
    chr(30) || chr(31) || blotter_search_text(i.location_unit) || chr(31) || blotter_search_text(i.location_address)
      || chr(31) || blotter_search_text(i.location_street) || chr(31) || blotter_search_text(i.location_city_name),
    coalesce((SELECT string_agg(chr(30) || CASE WHEN p.is_employee THEN 'E' ELSE '' END || blotter_search_relations(p.data)
        || chr(31) || blotter_search_text(p.first_name) || chr(31) || blotter_search_text(p.middle_name)
        || chr(31) || blotter_search_text(p.last_name), '')
      FROM incident_persons p WHERE p.account_id = i.account_id AND p.incident_id = i.id), ''),
    coalesce((SELECT string_agg(chr(30) || CASE WHEN c.is_owner THEN 'O' ELSE '' END || blotter_search_relations(c.data)
        || chr(31) || blotter_search_text(c.name), '')
      FROM incident_companies c WHERE c.account_id = i.account_id AND c.incident_id = i.id), ''),
    coalesce((SELECT string_agg(chr(30) || chr(31) || blotter_search_text(v.license_plate)
        || chr(31) || blotter_search_text(v.data->>'stateProvince') || chr(31) || blotter_search_text(v.maker)
        || chr(31) || blotter_search_text(v.model) || chr(31) || blotter_search_text(v.color), '')
      FROM incident_vehicles v WHERE v.account_id = i.account_id AND v.incident_id = i.id), ''),
    coalesce((SELECT string_agg(chr(30) || chr(31) || blotter_search_text(t.name) || chr(31) || blotter_search_text(t.brand)
        || chr(31) || blotter_search_text(t.data->>'model') || chr(31) || blotter_search_text(t.data->>'color')
        || chr(31) || blotter_search_text(t.serial_number), '')
      FROM incident_items t WHERE t.account_id = i.account_id AND t.incident_id = i.id), ''),
    coalesce((SELECT string_agg(chr(30) || chr(31) || blotter_search_text(a.name || ' ' || a.file_name), '')
      FROM attachments a WHERE a.account_id = i.account_id AND a.incident_id = i.id), '')
  FROM incidents i WHERE i.id = ANY(incident_ids)
  ON CONFLICT (id) DO UPDATE SET account_id = excluded.account_id, number = excluded.number, status = excluded.status,
    locked = excluded.locked, create_user_id = excluded.create_user_id, reported_date = excluded.reported_date,
    occurred_date = excluded.occurred_date, last_class_id = excluded.last_class_id,
    last_location_id = excluded.last_location_id, severity_id = excluded.severity_id,
    location_city_id = excluded.location_city_id, location_country_code = excluded.location_country_code,
    location_state_name = excluded.location_state_name, address = excluded.address, persons = excluded.persons,
    companies = excluded.companies, vehicles = excluded.vehicles, items = excluded.items, attachments = excluded.attachments
$$;--> statement-breakpoint
-- After each statement on incidents or a card table: the rows of the incidents it touched, in the
-- same transaction. A deleted incident's row goes by the foreign key.
CREATE FUNCTION public.blotter_search_sync() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_TABLE_NAME = 'incidents' THEN
    PERFORM blotter_search_refresh(array(SELECT id FROM new_rows));
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM blotter_search_refresh(array(SELECT DISTINCT incident_id FROM new_rows WHERE incident_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM blotter_search_refresh(array(SELECT DISTINCT incident_id FROM old_rows WHERE incident_id IS NOT NULL));
  ELSE
    PERFORM blotter_search_refresh(array(SELECT incident_id FROM new_rows WHERE incident_id IS NOT NULL
      UNION SELECT incident_id FROM old_rows WHERE incident_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "search_insert" AFTER INSERT ON "incidents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_update" AFTER UPDATE ON "incidents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_insert" AFTER INSERT ON "incident_persons" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_update" AFTER UPDATE ON "incident_persons" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_delete" AFTER DELETE ON "incident_persons" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_insert" AFTER INSERT ON "incident_companies" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_update" AFTER UPDATE ON "incident_companies" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_delete" AFTER DELETE ON "incident_companies" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_insert" AFTER INSERT ON "incident_vehicles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_update" AFTER UPDATE ON "incident_vehicles" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_delete" AFTER DELETE ON "incident_vehicles" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_insert" AFTER INSERT ON "incident_items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_update" AFTER UPDATE ON "incident_items" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_delete" AFTER DELETE ON "incident_items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_insert" AFTER INSERT ON "attachments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_update" AFTER UPDATE ON "attachments" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE TRIGGER "search_delete" AFTER DELETE ON "attachments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
SELECT public.blotter_search_refresh(array(SELECT id FROM incidents));--> statement-breakpoint
CREATE INDEX "incident_search_account_number" ON "incident_search" USING btree ("account_id", "number");--> statement-breakpoint
CREATE INDEX "incident_search_account_status_reported" ON "incident_search" USING btree ("account_id", "status", "reported_date");--> statement-breakpoint
CREATE INDEX "incident_search_account_reported" ON "incident_search" USING btree ("account_id", "reported_date");--> statement-breakpoint
CREATE INDEX "incident_search_account_occurred" ON "incident_search" USING btree ("account_id", "occurred_date");--> statement-breakpoint
CREATE INDEX "incident_search_account_class" ON "incident_search" USING btree ("account_id", "last_class_id", "status");--> statement-breakpoint
CREATE INDEX "incident_search_account_location" ON "incident_search" USING btree ("account_id", "last_location_id");--> statement-breakpoint
CREATE INDEX "incident_search_account_severity" ON "incident_search" USING btree ("account_id", "severity_id");--> statement-breakpoint
CREATE INDEX "incident_search_account_city" ON "incident_search" USING btree ("account_id", "location_city_id");--> statement-breakpoint
CREATE INDEX "incident_search_account_creator" ON "incident_search" USING btree ("account_id", "create_user_id", "status");--> statement-breakpoint
-- The trigram indexes hold the company too (btree_gin), so the index alone answers "this company's
-- incidents whose document contains …": without it the planner ANDed a bitmap of the company's
-- million rows from another index ('nguyen': 55 ms, 42 ms with it).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "incident_search_persons" ON "incident_search" USING gin ("account_id", "persons" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incident_search_companies" ON "incident_search" USING gin ("account_id", "companies" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incident_search_vehicles" ON "incident_search" USING gin ("account_id", "vehicles" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incident_search_items" ON "incident_search" USING gin ("account_id", "items" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incident_search_attachments" ON "incident_search" USING gin ("account_id", "attachments" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "incident_search_address" ON "incident_search" USING gin ("account_id", "address" gin_trgm_ops);--> statement-breakpoint
-- The search reads incident_search now: the views and trigram indexes over the card tables go.
DROP VIEW "search_incidents";--> statement-breakpoint
CREATE VIEW "search_incidents" AS SELECT * FROM "incident_search"
  WHERE account_id = nullif(current_setting('app.account_id', true), '')::uuid;--> statement-breakpoint
GRANT SELECT ON "search_incidents" TO blotter_app;--> statement-breakpoint
DROP VIEW "search_incident_persons";--> statement-breakpoint
DROP VIEW "search_incident_companies";--> statement-breakpoint
DROP VIEW "search_incident_vehicles";--> statement-breakpoint
DROP VIEW "search_incident_items";--> statement-breakpoint
DROP VIEW "search_attachments";--> statement-breakpoint
DROP INDEX "incident_persons_search";--> statement-breakpoint
DROP INDEX "incident_companies_search";--> statement-breakpoint
DROP INDEX "incident_vehicles_search";--> statement-breakpoint
DROP INDEX "incident_items_search";--> statement-breakpoint
DROP INDEX "attachments_search";--> statement-breakpoint
DROP INDEX "incidents_address_search";
