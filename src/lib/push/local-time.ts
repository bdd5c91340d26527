/**
 * A wall-clock time on a day in an IANA time zone as an instant: "09:00 on 2026-11-24 in Asia/Ho_Chi_Minh".
 * Intl gives the zone's offset at an instant; two passes settle a time next to a daylight-saving change.
 */
function offsetMs(tz: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(at / 1000) * 1000;
}

export function zonedInstant(day: string, time: string, tz: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, mi);
  let at = wall - offsetMs(tz, wall);
  at = wall - offsetMs(tz, at);
  return at;
}
