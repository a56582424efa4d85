-- Issue 31: the register of vehicles from the incidents saved before it, one row per company and
-- normalised plate + province/state (incident_vehicles.vehicle_key), with the latest card recorded.
-- The id is md5(company|key) as a uuid, as the server computes it (vehicleIdSql).
INSERT INTO subject_vehicles (id, account_id, vehicle_key, license_plate, state_province, data, last_seen_at)
SELECT DISTINCT ON (iv.account_id, iv.vehicle_key)
       md5(iv.account_id::text || '|' || iv.vehicle_key)::uuid, iv.account_id, iv.vehicle_key, iv.license_plate,
       coalesce(iv.data->>'stateProvince', ''), iv.data, i.created_at
  FROM incident_vehicles iv
  JOIN incidents i ON i.id = iv.incident_id
 WHERE iv.vehicle_key IS NOT NULL
 ORDER BY iv.account_id, iv.vehicle_key, i.created_at DESC
ON CONFLICT DO NOTHING;
