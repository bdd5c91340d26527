-- How an experiment's reports test their differences (issue 42): 'fixed' (fixed-horizon p-values and
-- intervals, valid read once at a planned sample size) or 'sequential' (mSPRT always-valid p-values and
-- confidence sequences, valid read every day). Chosen per experiment in the A/B manager; existing
-- experiments keep the fixed-horizon reading they were planned for.
ALTER TABLE experiments ADD COLUMN analysis text NOT NULL DEFAULT 'fixed' CHECK (analysis IN ('fixed', 'sequential'));
