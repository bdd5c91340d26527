/**
 * A top-bar icon link with a count badge (the board's bell, the revenue alerts): the label says the count in
 * words for screen readers; the badge shows it, "99+" past 99.
 */
export function CountLink({ href, icon, label, count, badgeClass, testId }: { href: string; icon: string; label: string; count: number; badgeClass?: string; testId: string }) {
  return (
    <a className="icon-button bell" href={href} aria-label={label} title={label}>
      <i className={`pi ${icon}`} aria-hidden="true" />
      {count > 0 && (
        <span className={badgeClass ? `bell-badge ${badgeClass}` : 'bell-badge'} data-testid={testId}>
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}
