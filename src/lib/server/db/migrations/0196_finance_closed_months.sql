-- Finance: closed months (issue 37).
-- A closed month: no import, correction or adjustment changes its figures until someone with finance_close
-- reopens it (src/lib/finance/closing.ts; both are audited).
CREATE TABLE finance_closed_months (
  month      text PRIMARY KEY,
  closed_by  text NOT NULL,
  closed_at  timestamptz NOT NULL DEFAULT now()
);
