/**
 * Version strings compared numerically by dotted segment: 1.9.2 < 1.10.0 < 1.10.0.1. Segments that are
 * not numbers ("1.2.0-beta") compare their leading digits first, then their text, so 1.2.0-beta sorts
 * after 1.2.0 and before 1.2.1. Shared by the server (get/versions) and the version filter.
 */
export function compareVersions(a: string, b: string): number {
  const left = a.trim().replace(/^v/i, '').split('.');
  const right = b.trim().replace(/^v/i, '').split('.');
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const x = left[i];
    const y = right[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+/.exec(x);
    const ny = /^\d+/.exec(y);
    if (nx && ny) {
      const diff = Number(nx[0]) - Number(ny[0]);
      if (diff !== 0) return diff < 0 ? -1 : 1;
    } else if (nx || ny) {
      // A numeric segment sorts before a purely textual one.
      return nx ? -1 : 1;
    }
    const restX = nx ? x.slice(nx[0].length) : x;
    const restY = ny ? y.slice(ny[0].length) : y;
    if (restX !== restY) return restX.localeCompare(restY, 'en');
  }
  return 0;
}

/** Sorted copy, oldest first. */
export function sortVersions(versions: readonly string[]): string[] {
  return [...versions].sort(compareVersions);
}
