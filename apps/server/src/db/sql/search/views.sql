-- The search reads through these views, not the tables (repeatable: see src/db/repeatable.ts). A
-- view runs with its owner's rights (the owner of the tables, to whom row-level security does not
-- apply), so its own condition, the same as the tenant policy, is what keeps the rows to the
-- company. Why: under a policy, PostgreSQL may only use an index for a condition whose functions
-- are LEAKPROOF, and LIKE, blotter_fold and time zone arithmetic are not, so the trigram and date
-- indexes were never used for the application role (a partial plate took 0.5 s instead of 2 ms at
-- a million incidents). The search statement reads only these views (and the reference table
-- states), never a table under a policy, in the query level of its conditions. search_users
-- exposes only the names the creator criterion reads.
CREATE OR REPLACE VIEW "search_incidents" AS SELECT * FROM "incident_search"
  WHERE account_id = nullif(current_setting('app.account_id', true), '')::uuid;--> statement-breakpoint
CREATE OR REPLACE VIEW "search_lookups" AS SELECT id, type, parent_id FROM "lookups"
  WHERE account_id = nullif(current_setting('app.account_id', true), '')::uuid;--> statement-breakpoint
CREATE OR REPLACE VIEW "search_users" AS SELECT id, first_name, last_name FROM "users"
  WHERE account_id = nullif(current_setting('app.account_id', true), '')::uuid;--> statement-breakpoint
-- The incidents naming a subject with a ban, trespass notice or watch (issue 31, the search's
-- 'Active ban' criterion): one row per ban and incident of its subject (a person or legal entity
-- of the register by incident_persons / incident_companies.person_id, a vehicle by its key), with
-- the ban's terms and the company's calendar day (`today`, in accounts.time_zone), so the search
-- applies the one rule of a ban in force (banActiveSql of modules/subjects/subject-sql.ts). Read
-- from the bans, which are few, along the parts' person and vehicle-key indexes.
CREATE OR REPLACE VIEW "search_ban_incidents" AS
  SELECT x.incident_id, b.id AS ban_id, b.subject_kind, b.subject_id, b.ban_type, b.start_date, b.end_date,
         b.revoked_at, (now() AT TIME ZONE a.time_zone)::date AS today
    FROM "subject_bans" b
    JOIN "accounts" a ON a.id = b.account_id
    CROSS JOIN LATERAL (
      SELECT ip.incident_id FROM "incident_persons" ip
       WHERE b.subject_kind = 'person' AND ip.account_id = b.account_id AND ip.person_id = b.subject_id
      UNION ALL
      SELECT ic.incident_id FROM "incident_companies" ic
       WHERE b.subject_kind = 'legalEntity' AND ic.account_id = b.account_id AND ic.person_id = b.subject_id
      UNION ALL
      SELECT iv.incident_id FROM "incident_vehicles" iv
       WHERE b.subject_kind = 'vehicle' AND iv.account_id = b.account_id
         AND iv.vehicle_key = (SELECT v.vehicle_key FROM "subject_vehicles" v
                                WHERE v.account_id = b.account_id AND v.id = b.subject_id)) x
   WHERE b.account_id = nullif(current_setting('app.account_id', true), '')::uuid;--> statement-breakpoint
GRANT SELECT ON "search_incidents", "search_lookups", "search_users", "search_ban_incidents" TO blotter_app;
