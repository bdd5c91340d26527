import type { ActionHolder } from '../../lib/resources/define';
import { resourceById } from '../../app/resource-screens';
import ResourceView from './ResourceView';

export interface ResourceScreenProps {
  /** The descriptor's id in the resource registry. */
  resourceId: string;
  /** What the descriptor's selects and columns need (plain data from the page). */
  context: unknown;
  account: ActionHolder;
  /** Rows the page read on the server. */
  initialRows?: unknown[] | null;
  initialTotal?: number;
  heading?: string;
  /** The app this person last chose in a create form. */
  formApp?: string | null;
}

/** A list-and-form screen as a page's one island: the generic view of the descriptor the page names. */
export default function ResourceScreen({ resourceId, context, account, initialRows, initialTotal, heading, formApp }: ResourceScreenProps) {
  const descriptor = resourceById[resourceId];
  if (!descriptor) throw new Error(`No resource "${resourceId}" in src/app/resource-screens.ts.`);
  return <ResourceView descriptor={descriptor} context={context} account={account} initialRows={initialRows} initialTotal={initialTotal} heading={heading} formApp={formApp} framed />;
}
