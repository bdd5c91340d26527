-- Apps archived rather than deleted (issue 37).
-- Apps with finance history are archived, never deleted (src/lib/apps/service.ts deleteApp): they keep their
-- figures, leave pickers, and their id stays taken.
ALTER TABLE apps ADD COLUMN archived_at timestamptz;
