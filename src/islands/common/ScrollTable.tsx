import type { ReactNode } from 'react';
import { TableScroll } from './TableScroll';

/**
 * A data table in a keyboard-scrollable region (a phone scrolls it sideways, a keyboard user can focus and
 * scroll it; the region is named for screen readers): the column headers from `headers`, the body rows from
 * `children`. One markup for every hand-made table of the islands.
 */
export function ScrollTable({ label, className, headers, children }: { label: string; className: string; headers: readonly ReactNode[]; children: ReactNode }) {
  return (
    <TableScroll label={label}>
      <table className={className}>
        <thead>
          <tr>
            {headers.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  );
}
