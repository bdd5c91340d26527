import { createHash } from 'node:crypto';
import type { Variant } from './contract';

/** Assignment buckets: a player's hash falls in 0…9,999, so weights have a resolution of 0.01 %. */
export const BUCKETS = 10_000;

/**
 * Deterministic assignment (server only): a player's bucket in an experiment is a hash of the experiment id
 * and the player id, so the same player always gets the same variant, on every device and every call,
 * without storing anything; and buckets of different experiments are independent of each other.
 * No runtime imports but node:crypto: the benchmark loads it (through ./simulator.ts) with Node's type stripping.
 */

/** The bucket 0…9,999 of a player in an experiment: the first 32 bits of SHA-256("<experiment>:<player>") mod 10,000. */
export function bucketOf(experimentId: number | string, playerId: string): number {
  const digest = createHash('sha256').update(`${experimentId}:${playerId}`).digest();
  return digest.readUInt32BE(0) % BUCKETS;
}

/** The variant a bucket falls in: variants take consecutive ranges of weight × 100 buckets, in their order. */
export function variantOfBucket(variants: readonly Variant[], bucket: number): string {
  let upper = 0;
  for (const v of variants) {
    upper += v.weight * (BUCKETS / 100);
    if (bucket < upper) return v.key;
  }
  return variants[variants.length - 1]!.key;
}

export const assignVariant = (experimentId: number | string, variants: readonly Variant[], playerId: string) => variantOfBucket(variants, bucketOf(experimentId, playerId));

/** Compares dotted versions numerically where both parts are numbers ("1.10.0" > "1.9.2"), else as text. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    const c = Number.isNaN(nx) || Number.isNaN(ny) ? x.localeCompare(y) : nx - ny;
    if (c !== 0) return Math.sign(c);
  }
  return 0;
}
