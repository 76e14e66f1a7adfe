-- The ledger is append-only: an entry is never changed or removed. Two narrow exceptions:
--  * moving entries to another user (an anonymous user registering keeps its history):
--    an UPDATE that changes nothing but user_id;
--  * deleting an account: the deleting transaction runs
--    SET LOCAL tessera.ledger_delete = 'allow' first.
CREATE OR REPLACE FUNCTION credit_entries_append_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.id, NEW.usage_type, NEW.kind, NEW.amount, NEW.grant_id, NEW.task_id, NEW.note, NEW.created_at)
       IS NOT DISTINCT FROM
       (OLD.id, OLD.usage_type, OLD.kind, OLD.amount, OLD.grant_id, OLD.task_id, OLD.note, OLD.created_at) THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'credit_entries is append-only: UPDATE rejected' USING ERRCODE = 'restrict_violation';
  END IF;
  IF coalesce(current_setting('tessera.ledger_delete', true), '') = 'allow' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'credit_entries is append-only: DELETE rejected' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER credit_entries_append_only
  BEFORE UPDATE OR DELETE ON credit_entries
  FOR EACH ROW EXECUTE FUNCTION credit_entries_append_only();
