-- Guardrails per experiment (issue 42): keys of A/B report figures the experiment must not make worse
-- ('D1' … 'D30' retention days, 'arpu', 'sessions', 'playTime', 'level', 'conversion'), as a JSON array in the
-- order chosen. The reports flag a guardrail whose variant is significantly worse than the control
-- (src/lib/experiments/guardrails.ts). Existing experiments have none.
ALTER TABLE experiments ADD COLUMN guardrails jsonb NOT NULL DEFAULT '[]'::jsonb;
