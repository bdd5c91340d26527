import { listHighlightOptionsContract } from '../../../../lib/apps/contract';
import { HIGHLIGHT_OPTIONS } from '../../../../lib/apps/rules';
import { endpoint } from '../../../../lib/server/endpoint';

export const GET = endpoint(listHighlightOptionsContract, async () => ({ data: HIGHLIGHT_OPTIONS.map((o) => ({ ...o })) }));
