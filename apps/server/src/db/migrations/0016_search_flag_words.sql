-- A card's flags become words the trigram index can find ('tran' + Victim read every incident with
-- a 'tran' and checked each; now the index also asks for a victim): 'qxe ' employee, 'qxo ' owner,
-- then one per relation: 'qxr ' reporter, 'qxv ' victim, 'qxi ' person of interest, 'qxs ' suspect,
-- 'qxw ' witness, 'qxj ' subject, in that order (no folded name holds 'qx' followed by a letter and
-- a space in practice; if one did, the expression that checks the card would still refuse it).
CREATE FUNCTION public.blotter_search_flags(employee boolean, owner boolean, data jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT CASE WHEN employee THEN 'qxe ' ELSE '' END || CASE WHEN owner THEN 'qxo ' ELSE '' END
    || CASE WHEN coalesce((data->>'relationReporter')::boolean, false) THEN 'qxr ' ELSE '' END
    || CASE WHEN coalesce((data->>'relationVictim')::boolean, false) THEN 'qxv ' ELSE '' END
    || CASE WHEN coalesce((data->>'relationPersonOfInterest')::boolean, false) THEN 'qxi ' ELSE '' END
    || CASE WHEN coalesce((data->>'relationSuspect')::boolean, false) THEN 'qxs ' ELSE '' END
    || CASE WHEN coalesce((data->>'relationWitness')::boolean, false) THEN 'qxw ' ELSE '' END
    || CASE WHEN coalesce((data->>'relationSubject')::boolean, false) THEN 'qxj ' ELSE '' END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.blotter_search_refresh(incident_ids uuid[]) RETURNS void
  LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
  INSERT INTO incident_search (id, account_id, number, status, locked, create_user_id, reported_date, occurred_date,
      last_class_id, last_location_id, severity_id, location_city_id, location_country_code, location_state_name,
      address, persons, companies, vehicles, items, attachments)
  SELECT i.id, i.account_id, i.number, i.status, i.locked, i.create_user_id, i.reported_date, i.occurred_date,
    i.last_class_id, i.last_location_id, i.severity_id, i.location_city_id, i.location_country_code, i.location_state_name,
    chr(30) || chr(31) || blotter_search_text(i.location_unit) || chr(31) || blotter_search_text(i.location_address)
      || chr(31) || blotter_search_text(i.location_street) || chr(31) || blotter_search_text(i.location_city_name),
    coalesce((SELECT string_agg(chr(30) || blotter_search_flags(p.is_employee, false, p.data)
        || chr(31) || blotter_search_text(p.first_name) || chr(31) || blotter_search_text(p.middle_name)
        || chr(31) || blotter_search_text(p.last_name), '')
      FROM incident_persons p WHERE p.account_id = i.account_id AND p.incident_id = i.id), ''),
    coalesce((SELECT string_agg(chr(30) || blotter_search_flags(false, c.is_owner, c.data)
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
DROP FUNCTION public.blotter_search_relations(jsonb);--> statement-breakpoint
SELECT public.blotter_search_refresh(array(SELECT id FROM incidents));
