import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-accounts';
import * as m0002 from './0002-cards';
import * as m0003 from './0003-study';
import * as m0004 from './0004-review-log-by-time';
import * as m0005 from './0005-study-queue';
import * as m0006 from './0006-fewer-index-writes';
import * as m0008 from './0008-account-safety';
import * as m0009 from './0009-sign-in-failures';
import * as m0010 from './0010-invitations';
import * as m0011 from './0011-row-versions';
import * as m0012 from './0012-combo-per-learner';
import * as m0014 from './0014-explore';
import * as m0015 from './0015-card-keys';
import * as m0017 from './0017-study-settings';
import * as m0018 from './0018-search';
import * as m0019 from './0019-directions';
import * as m0020 from './0020-search-speed';
import * as m0021 from './0021-scheduler-v2';
import * as m0022 from './0022-admin';
import * as m0023 from './0023-subscriptions';
import * as m0025 from './0025-statistics';
import * as m0026 from './0026-interface-locale';
import * as m0027 from './0027-statistics-at-scale';
import * as m0028 from './0028-anki-keys';
import * as m0029 from './0029-category-moves';
import * as m0030 from './0030-subscription-upkeep';
import * as m0031 from './0031-fit-progress';

/** Every migration, in order. A static list: no file-system scanning at start-up. */
const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-cards': m0002,
  '0003-study': m0003,
  '0004-review-log-by-time': m0004,
  '0005-study-queue': m0005,
  '0006-fewer-index-writes': m0006,
  '0008-account-safety': m0008,
  '0009-sign-in-failures': m0009,
  '0010-invitations': m0010,
  '0011-row-versions': m0011,
  '0012-combo-per-learner': m0012,
  '0014-explore': m0014,
  '0015-card-keys': m0015,
  '0017-study-settings': m0017,
  '0018-search': m0018,
  '0019-directions': m0019,
  '0020-search-speed': m0020,
  '0021-scheduler-v2': m0021,
  '0022-admin': m0022,
  '0023-subscriptions': m0023,
  '0025-statistics': m0025,
  '0026-interface-locale': m0026,
  '0027-statistics-at-scale': m0027,
  '0028-anki-keys': m0028,
  '0029-category-moves': m0029,
  '0030-subscription-upkeep': m0030,
  '0031-fit-progress': m0031,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
