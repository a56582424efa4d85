-- incident_search follows every change, in its transaction (repeatable: see src/db/repeatable.ts).
-- After each statement on incidents or a card table: the rows of the incidents it touched. A
-- deleted incident's row goes by the foreign key (incident_search.id references incidents).
-- A writer of many incidents and their cards in one transaction (the bulk import) may set
-- blotter.search_deferred to 'on' (set_config(..., true): this transaction only) and then call
-- blotter_search_refresh once for all of them, instead of a refresh per statement.
CREATE OR REPLACE FUNCTION public.blotter_search_sync() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF current_setting('blotter.search_deferred', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
CREATE OR REPLACE TRIGGER "search_insert" AFTER INSERT ON "incidents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_update" AFTER UPDATE ON "incidents" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_insert" AFTER INSERT ON "incident_persons" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_update" AFTER UPDATE ON "incident_persons" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_delete" AFTER DELETE ON "incident_persons" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_insert" AFTER INSERT ON "incident_companies" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_update" AFTER UPDATE ON "incident_companies" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_delete" AFTER DELETE ON "incident_companies" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_insert" AFTER INSERT ON "incident_vehicles" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_update" AFTER UPDATE ON "incident_vehicles" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_delete" AFTER DELETE ON "incident_vehicles" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_insert" AFTER INSERT ON "incident_items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_update" AFTER UPDATE ON "incident_items" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_delete" AFTER DELETE ON "incident_items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_insert" AFTER INSERT ON "attachments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_update" AFTER UPDATE ON "attachments" REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
CREATE OR REPLACE TRIGGER "search_delete" AFTER DELETE ON "attachments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION public.blotter_search_sync();--> statement-breakpoint
-- The bulk import calls blotter_search_refresh itself (blotter.search_deferred above); only the
-- application role may (it rewrites rows from the incidents, whatever their company).
REVOKE ALL ON FUNCTION public.blotter_search_refresh(uuid[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION public.blotter_search_refresh(uuid[]) TO blotter_app;
