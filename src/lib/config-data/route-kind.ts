import { CONFIG_KINDS, type ConfigKind } from './kinds';

/** The configuration kind named by a `[kind]` route parameter, or null for an unknown one. */
export function configKindOf(ctx: { params: Record<string, string | undefined> }): ConfigKind | null {
  const kind = ctx.params.kind;
  return kind && (CONFIG_KINDS as string[]).includes(kind) ? (kind as ConfigKind) : null;
}
