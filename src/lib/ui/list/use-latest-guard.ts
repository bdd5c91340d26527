import { useEffect, useState } from 'react';
import { latestGuard, type LatestGuard } from './stale-guard';

/**
 * The stale guard of one component (stale-guard.ts), voided when it unmounts: an effect takes a ticket with
 * `begin()` and returns `guard.cancel` as its clean-up, so a read started for an older input never lands.
 */
export function useLatestGuard(): LatestGuard {
  const [guard] = useState(latestGuard);
  useEffect(() => () => guard.cancel(), [guard]);
  return guard;
}
