import { useEffect, useState, type ReactNode } from 'react';
import { OS_NAMES, type OsCode } from '../../lib/platform';
import { timeAgo } from '../../lib/time/format';
import { nowMs } from '../../lib/time/clock';
import { formatDateTime, REPORT_TIME_ZONE_LABEL } from '../../lib/time/format';
import { ScrollTable } from '../common/ScrollTable';

/** The heading row of the App Manager screens: the page's h1 and its actions on the right. */
export function ScreenHead({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <header className="am-head">
      <h1 id={id}>{title}</h1>
      <div className="am-actions">{children}</div>
    </header>
  );
}

/** A link to the sibling screen, styled like the head's buttons (a real link: it opens in a new tab too). */
export function HeadLink({ href, icon, label }: { href: string; icon: string; label: string }) {
  return (
    <a className="p-button p-button-text p-button-sm" href={href}>
      <i className={`pi ${icon}`} aria-hidden="true" /> {label}
    </a>
  );
}

/** The first cells of a row about one app platform: the app (name over its id) and the platform badge. */
export function AppOsCells({ name, appId, os }: { name: string; appId: string; os: number }) {
  return (
    <>
      <th scope="row">
        {name}
        <span className="app-id">{appId}</span>
      </th>
      <td>
        <OsBadge os={os} />
      </td>
    </>
  );
}

/** Platform badge: Android, Ios, WebGL in their usual colours. */
export function OsBadge({ os, title }: { os: number; title?: string }) {
  const name = OS_NAMES[os as OsCode] ?? (os === 0 ? 'All' : String(os));
  return (
    <span className={`os-badge os-${os}`} title={title ? `${name}: ${title}` : name}>
      {name}
    </span>
  );
}

export function StateTag({ published }: { published: boolean }) {
  return <span className={`state-tag ${published ? 'published' : 'unpublished'}`}>{published ? 'Published' : 'Unpublished'}</span>;
}

/** The app icon, or its initials when it has none (or the image fails). */
export function AppIcon({ icon, name, size = 32 }: { icon: string; name: string; size?: number }) {
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]!.toUpperCase()).join('') || '?';
  if (icon) {
    return (
      <img
        className="app-icon"
        src={icon}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        onError={(e) => {
          (e.currentTarget as HTMLImageElement).replaceWith(Object.assign(document.createElement('span'), { className: 'app-icon app-icon-initials', textContent: initials }));
        }}
      />
    );
  }
  return (
    <span className="app-icon app-icon-initials" aria-hidden="true" style={{ width: size, height: size }}>
      {initials}
    </span>
  );
}

/** Copies text and says so. */
export async function copyText(text: string, what: string, toast: (severity: 'success' | 'error', summary: string) => void): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('success', `${what} copied`);
  } catch {
    toast('error', `Could not copy the ${what.toLowerCase()}; select it and copy by hand.`);
  }
}

/**
 * A time as the console writes it (DD-MM-YYYY HH:mm, UTC+7), with "3 hours ago" as a muted hint once in
 * the browser (the server render has no reliable "now", so both renders agree on the exact time).
 */
export function RelativeTime({ iso }: { iso: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => setNow(nowMs()), []);
  const ago = now === null ? null : timeAgo(iso, now);
  return (
    <span className="rel-time">
      <time className="date-time" dateTime={iso} title={REPORT_TIME_ZONE_LABEL}>{formatDateTime(iso)}</time>
      {ago && <span className="rel-ago muted">{ago}</span>}
    </span>
  );
}

/**
 * A plain scrollable data table (keyboard-scrollable region, column headers, one honest empty row): the
 * SDK Version screen's three tables. `rows` null means still loading (no empty row yet).
 */
export function PlainTable<R>({ label, headers, rows, rowKey, empty, cells }: { label: string; headers: string[]; rows: R[] | null; rowKey: (row: R) => string; empty: ReactNode; cells: (row: R) => ReactNode }) {
  return (
    <ScrollTable label={label} className="data-table" headers={headers}>
      {rows?.length === 0 && (
        <tr>
          <td colSpan={headers.length} className="empty-row">
            {empty}
          </td>
        </tr>
      )}
      {rows?.map((row) => <tr key={rowKey(row)}>{cells(row)}</tr>)}
    </ScrollTable>
  );
}
