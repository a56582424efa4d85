-- The search documents of incident_search (repeatable: see src/db/repeatable.ts). Their format
-- (separators, flag words, field order) is src/modules/search/search-document-format.ts: the
-- placeholders in double braces (CARD, FIELD, FLAG_EMPLOYEE…) are filled from it when this file is
-- applied, and a test (search-document-format.test.ts) reads documents built here with it.
--
-- incident_search holds one row per incident: its searchable columns and, per kind of card, one
-- text of all its cards (a 'document'). A document is the incident's cards one after another: the
-- card separator, the card's flags as words, then each of its fields after the field separator,
-- folded by blotter_search_text. A card criterion is one regular expression over it
-- (src/modules/search/search-documents.ts), which the trigram index serves and which matches
-- within one card only.

-- Text criteria match partially, case- and accent-insensitively ('tran' finds 'Trần'): both sides
-- are folded with blotter_fold.
CREATE OR REPLACE FUNCTION public.blotter_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;--> statement-breakpoint
-- A field's text in a document: folded, with the separators it might hold turned into spaces.
CREATE OR REPLACE FUNCTION public.blotter_search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT translate(public.blotter_fold(coalesce(value, '')), {{CARD}} || {{FIELD}}, '  ') $$;--> statement-breakpoint
-- A value typed by the user as a regular expression matching it literally, folded as the documents are.
CREATE OR REPLACE FUNCTION public.blotter_search_pattern(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(public.blotter_search_text(value), '([.^$*+?()\[\]{}|\\])', '\\\1', 'g') $$;--> statement-breakpoint
-- The same as a LIKE pattern '%value%' (its wildcards and escape escaped): the index's first question.
CREATE OR REPLACE FUNCTION public.blotter_search_like(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT '%' || regexp_replace(public.blotter_search_text(value), '([\\%_])', '\\\1', 'g') || '%' $$;--> statement-breakpoint
-- A card's flags as words the trigram index can find ('tran' + Victim would otherwise read every
-- incident with a 'tran' and check each): employee, owner, then one per relation, in that order.
-- No folded name holds 'qx' followed by a letter and a space in practice; if one did, the
-- expression that checks the card would still refuse it.
CREATE OR REPLACE FUNCTION public.blotter_search_flags(employee boolean, owner boolean, data jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN employee THEN {{FLAG_EMPLOYEE}} ELSE '' END || CASE WHEN owner THEN {{FLAG_OWNER}} ELSE '' END
    || CASE WHEN coalesce((data->>'relationReporter')::boolean, false) THEN {{FLAG_REPORTER}} ELSE '' END
    || CASE WHEN coalesce((data->>'relationVictim')::boolean, false) THEN {{FLAG_VICTIM}} ELSE '' END
    || CASE WHEN coalesce((data->>'relationPersonOfInterest')::boolean, false) THEN {{FLAG_PERSON_OF_INTEREST}} ELSE '' END
    || CASE WHEN coalesce((data->>'relationSuspect')::boolean, false) THEN {{FLAG_SUSPECT}} ELSE '' END
    || CASE WHEN coalesce((data->>'relationWitness')::boolean, false) THEN {{FLAG_WITNESS}} ELSE '' END
    || CASE WHEN coalesce((data->>'relationSubject')::boolean, false) THEN {{FLAG_SUBJECT}} ELSE '' END $$;--> statement-breakpoint
-- Writes the rows of the incidents `incident_ids` (those that still exist) from the incidents and
-- their cards (read by the cards' (account_id, incident_id) indexes). Runs as the owner: the
-- application may read incident_search under its policy but never writes it.
CREATE OR REPLACE FUNCTION public.blotter_search_refresh(incident_ids uuid[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  INSERT INTO incident_search (id, account_id, number, status, locked, create_user_id, reported_date, occurred_date,
      last_class_id, last_location_id, severity_id, location_city_id, location_country_code, location_state_name,
      address, persons, companies, vehicles, items, attachments)
  SELECT i.id, i.account_id, i.number, i.status, i.locked, i.create_user_id, i.reported_date, i.occurred_date,
    i.last_class_id, i.last_location_id, i.severity_id, i.location_city_id, i.location_country_code, i.location_state_name,
    {{CARD}} || {{FIELD}} || blotter_search_text(i.location_unit) || {{FIELD}} || blotter_search_text(i.location_address)
      || {{FIELD}} || blotter_search_text(i.location_street) || {{FIELD}} || blotter_search_text(i.location_city_name),
    coalesce((SELECT string_agg({{CARD}} || blotter_search_flags(p.is_employee, false, p.data)
        || {{FIELD}} || blotter_search_text(p.first_name) || {{FIELD}} || blotter_search_text(p.middle_name)
        || {{FIELD}} || blotter_search_text(p.last_name), '')
      FROM incident_persons p WHERE p.account_id = i.account_id AND p.incident_id = i.id), ''),
    coalesce((SELECT string_agg({{CARD}} || blotter_search_flags(false, c.is_owner, c.data)
        || {{FIELD}} || blotter_search_text(c.name), '')
      FROM incident_companies c WHERE c.account_id = i.account_id AND c.incident_id = i.id), ''),
    coalesce((SELECT string_agg({{CARD}} || {{FIELD}} || blotter_search_text(v.license_plate)
        || {{FIELD}} || blotter_search_text(v.data->>'stateProvince') || {{FIELD}} || blotter_search_text(v.maker)
        || {{FIELD}} || blotter_search_text(v.model) || {{FIELD}} || blotter_search_text(v.color), '')
      FROM incident_vehicles v WHERE v.account_id = i.account_id AND v.incident_id = i.id), ''),
    coalesce((SELECT string_agg({{CARD}} || {{FIELD}} || blotter_search_text(t.name) || {{FIELD}} || blotter_search_text(t.brand)
        || {{FIELD}} || blotter_search_text(t.data->>'model') || {{FIELD}} || blotter_search_text(t.data->>'color')
        || {{FIELD}} || blotter_search_text(t.serial_number), '')
      FROM incident_items t WHERE t.account_id = i.account_id AND t.incident_id = i.id), ''),
    coalesce((SELECT string_agg({{CARD}} || {{FIELD}} || blotter_search_text(a.name || ' ' || a.file_name), '')
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
-- Applied again only when this file (or the format it is filled from) changed: every document is
-- rewritten in the same transaction, so no document is left in an older format.
SELECT public.blotter_search_refresh(array(SELECT id FROM incidents));
