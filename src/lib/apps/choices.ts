import type { SessionAccount } from '../auth/types';
import type { Sql } from '../server/db';
import { visibleApps } from './service';

/** The apps an account sees, as the id and name a form's app picker offers (first renders of list-and-form screens). */
export async function appChoices(db: Sql, viewer: SessionAccount): Promise<{ id: string; name: string }[]> {
  return (await visibleApps(db, viewer)).map((a) => ({ id: a.id, name: a.name }));
}
