import type { RouteSpec } from '../route';
import { account } from './account';
import { admin } from './admin';
import { auth } from './auth';
import { cards } from './cards';
import { explore } from './explore';
import { categories } from './categories';
import { feedback } from './feedback';
import { health } from './health';
import { invitations } from './invitations';
import { languages, translate } from './languages';
import { live } from './live';
import { search } from './search';
import { stats } from './stats';
import { study } from './study';
import { subscription } from './subscription';
import { user } from './user';

/**
 * Every call of the API, by feature (each feature's name is its OpenAPI tag). The server
 * registers exactly these routes; the web calls only these.
 */
export const api = {
  health,
  auth,
  user,
  account,
  feedback,
  languages,
  translate,
  categories,
  invitations,
  cards,
  study,
  stats,
  explore,
  search,
  live,
  admin,
  subscription,
};

export type ApiGroup = keyof typeof api;

/** Every call with its group, in the table's order. */
export function apiRoutes(): { group: ApiGroup; name: string; spec: RouteSpec }[] {
  return Object.entries(api).flatMap(([group, calls]) =>
    Object.entries(calls as Record<string, RouteSpec>).map(([name, spec]) => ({
      group: group as ApiGroup,
      name,
      spec,
    })),
  );
}
