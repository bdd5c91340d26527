-- Job claims become leases: who holds the claim (runner for the screen, runner_key = host/boot/pid/start time
-- to tell a dead process from a live one) and until when, renewed by the live runner every third of the lease.
ALTER TABLE jobs ADD COLUMN runner text;
ALTER TABLE jobs ADD COLUMN runner_key text;
ALTER TABLE jobs ADD COLUMN lease_until timestamptz;
