-- The audit log is append-only for the application (issue 26): blotter_app may insert entries and
-- read them, but never change or remove one. The chain columns are set only by the sealer, through
-- blotter_audit_seal below, which seals unsealed entries of the caller's company and nothing else;
-- the company's chain head is read and locked only through blotter_audit_chain_head. Entries are
-- removed only with their company (the accounts foreign key cascades as the table owner).
REVOKE UPDATE, DELETE, TRUNCATE ON audit_entries FROM blotter_app;--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_chain_heads FROM blotter_app;--> statement-breakpoint
-- No entry comes in sealed: an insert carrying chain values would let its writer forge a link.
CREATE OR REPLACE FUNCTION blotter_audit_entries_unsealed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.chain_seq IS NOT NULL OR NEW.prev_hash IS NOT NULL OR NEW.hash IS NOT NULL THEN
    RAISE EXCEPTION 'audit entries are inserted unsealed' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_entries_unsealed BEFORE INSERT ON audit_entries
  FOR EACH ROW EXECUTE FUNCTION blotter_audit_entries_unsealed();--> statement-breakpoint
-- The current company's chain head (number, hash, key id), made on first use and locked FOR UPDATE
-- for the rest of the caller's transaction: p_wait false skips a head another sealer holds (no row).
CREATE OR REPLACE FUNCTION blotter_audit_chain_head(p_wait boolean)
RETURNS TABLE (chain_seq bigint, hash text, key_id text)
LANGUAGE plpgsql VOLATILE SECURITY DEFINER AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.account_id', true), '')::uuid;
BEGIN
  IF tenant IS NULL THEN
    RAISE EXCEPTION 'no company' USING ERRCODE = '42501';
  END IF;
  INSERT INTO public.audit_chain_heads (account_id) VALUES (tenant) ON CONFLICT DO NOTHING;
  IF p_wait THEN
    RETURN QUERY SELECT h.chain_seq, h.hash, h.key_id FROM public.audit_chain_heads h
      WHERE h.account_id = tenant FOR UPDATE;
  ELSE
    RETURN QUERY SELECT h.chain_seq, h.hash, h.key_id FROM public.audit_chain_heads h
      WHERE h.account_id = tenant FOR UPDATE SKIP LOCKED;
  END IF;
END
$$;--> statement-breakpoint
-- Seals the given unsealed entries of the current company as the next links of its chain, in the
-- order given: numbers from p_start + 1, each prev_hash the hash before it (the head's for the
-- first), the hashes as computed by the server with its key (the key never reaches the database).
-- Refused unless p_start is the head's number, the key is the chain's, and every entry is the
-- company's and unsealed, so sealed entries can never be changed through it.
CREATE OR REPLACE FUNCTION blotter_audit_seal(p_start bigint, p_ids uuid[], p_hashes text[], p_key_id text)
RETURNS integer LANGUAGE plpgsql VOLATILE SECURITY DEFINER AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.account_id', true), '')::uuid;
  head record;
  n integer := coalesce(array_length(p_ids, 1), 0);
  sealed integer;
BEGIN
  SELECT h.chain_seq, h.hash, h.key_id INTO head FROM public.audit_chain_heads h
    WHERE h.account_id = tenant FOR UPDATE;
  IF NOT FOUND OR head.chain_seq <> p_start THEN
    RAISE EXCEPTION 'the audit chain head is not at %', p_start USING ERRCODE = '40001';
  END IF;
  IF head.key_id IS DISTINCT FROM p_key_id AND (head.key_id IS NOT NULL OR head.chain_seq > 0) THEN
    RAISE EXCEPTION 'the audit chain is sealed with another key' USING ERRCODE = '42501';
  END IF;
  IF n = 0 OR n <> coalesce(array_length(p_hashes, 1), 0) OR p_key_id IS NULL THEN
    RAISE EXCEPTION 'nothing to seal' USING ERRCODE = '22023';
  END IF;
  UPDATE public.audit_entries a
     SET chain_seq = p_start + s.n,
         prev_hash = CASE WHEN s.n = 1 THEN head.hash ELSE p_hashes[s.n - 1] END,
         hash = s.hash
    FROM unnest(p_ids, p_hashes) WITH ORDINALITY AS s(id, hash, n)
   WHERE a.id = s.id AND a.account_id = tenant AND a.chain_seq IS NULL;
  GET DIAGNOSTICS sealed = ROW_COUNT;
  IF sealed <> n THEN
    RAISE EXCEPTION 'only unsealed entries of the company can be sealed' USING ERRCODE = '42501';
  END IF;
  UPDATE public.audit_chain_heads
     SET chain_seq = p_start + n, hash = p_hashes[n], key_id = p_key_id, sealed_at = now()
   WHERE account_id = tenant;
  RETURN n;
END
$$;--> statement-breakpoint
-- Dates entries of the current company written by the caller's own transaction (their xmin is its
-- id; they are unsealed, as nothing seals uncommitted rows) to an earlier moment: the demo history
-- and a create closed on entry date what they wrote as it happened. No other entry can be moved.
CREATE OR REPLACE FUNCTION blotter_audit_redate(p_ids uuid[], p_ats timestamptz[])
RETURNS integer LANGUAGE plpgsql VOLATILE SECURITY DEFINER AS $$
DECLARE
  tenant uuid := nullif(current_setting('app.account_id', true), '')::uuid;
  dated integer;
BEGIN
  UPDATE public.audit_entries a SET created_at = s.at
    FROM unnest(p_ids, p_ats) AS s(id, at)
   WHERE a.id = s.id AND a.account_id = tenant AND a.chain_seq IS NULL
     AND a.xmin = pg_current_xact_id()::xid AND s.at <= now();
  GET DIAGNOSTICS dated = ROW_COUNT;
  RETURN dated;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION blotter_audit_chain_head(boolean) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION blotter_audit_seal(bigint, uuid[], text[], text) FROM PUBLIC;--> statement-breakpoint
REVOKE ALL ON FUNCTION blotter_audit_redate(uuid[], timestamptz[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION blotter_audit_chain_head(boolean) TO blotter_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION blotter_audit_seal(bigint, uuid[], text[], text) TO blotter_app;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION blotter_audit_redate(uuid[], timestamptz[]) TO blotter_app;
