-- Sharded sweeps: a member whose long-poll closed under it has gone (departed_at, every replica agrees at once),
-- and one that was silent rejoins the split only after it has been heard steadily since heard_since for
-- 'rejoin-intervals' of its interval (a late push under load must not flap the split).
ALTER TABLE sweep_member ADD COLUMN departed_at TIMESTAMP WITH TIME ZONE;
ALTER TABLE sweep_member ADD COLUMN heard_since TIMESTAMP WITH TIME ZONE;
UPDATE sweep_member SET heard_since = seen_at;
