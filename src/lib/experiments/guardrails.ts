import { z } from 'zod';

/**
 * Guardrails on the A/B reports: a guardrail figure (retention day or Other metric, see GUARDRAILS in
 * ./contract.ts) is **breached** by a variant when the variant is significantly worse than the control under
 * the experiment's method — the difference's two-sided 95 % interval of that method (fixed: confidence
 * interval; sequential: always-valid confidence sequence) lies entirely below zero. Every guardrail figure is
 * better when higher, so "worse" is "lower". Not Holm-adjusted: a guardrail looks for harm, and correcting for
 * the number of looks would hide harm rather than guard against it (docs/metrics.md, "Guardrails").
 */

export const guardrailBreach = z.object({
  /** The guardrail's key ('D7', 'arpu', …). */
  guardrail: z.string(),
  variant: z.string(),
  /** The difference to the control and its interval, in the figure's unit (pp for a rate). */
  diff: z.number(),
  diffLow: z.number(),
  diffHigh: z.number(),
  /** The flag as shown: "Guardrail breached: <figure>". */
  text: z.string(),
});
export type GuardrailBreach = z.infer<typeof guardrailBreach>;

interface Compared {
  variant: string;
  diff: number | null;
  diffLow: number | null;
  diffHigh: number | null;
}

/** A variant's line is worse than the control's: the whole interval of the difference is below zero. */
export const significantlyWorse = (l: Compared): boolean => l.diff !== null && l.diffLow !== null && l.diffHigh !== null && l.diffHigh < 0;

/**
 * The breaches among a report's lines, in the order of the experiment's guardrails, then of the lines.
 * `keyOf` names a line's guardrail ('D7' for retention day 7, the metric key on Other); `labelOf` names it for people.
 */
export function guardrailBreaches<L extends Compared>(guardrails: readonly string[], lines: readonly L[], keyOf: (l: L) => string, labelOf: (key: string) => string): GuardrailBreach[] {
  const out: GuardrailBreach[] = [];
  for (const guardrail of guardrails) {
    for (const l of lines) {
      if (keyOf(l) !== guardrail || !significantlyWorse(l)) continue;
      out.push({ guardrail, variant: l.variant, diff: l.diff!, diffLow: l.diffLow!, diffHigh: l.diffHigh!, text: `Guardrail breached: ${labelOf(guardrail)}` });
    }
  }
  return out;
}
