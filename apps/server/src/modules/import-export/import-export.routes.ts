import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { analyseAnkiPackage, importAnkiPackage } from './anki/anki-import.service';
import { exportCards } from './export.service';
import { importCards } from './import.service';

export const importExportRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  addRoute(app, api.cards.import, ({ auth, body }) => importCards(deps, auth.userId, body));
  addRoute(app, api.cards.ankiAnalyse, ({ body }) => analyseAnkiPackage(body));
  addRoute(app, api.cards.ankiImport, ({ auth, body }) =>
    importAnkiPackage(deps, auth.userId, body),
  );
  addRoute(app, api.cards.export, async ({ auth, query, reply }) => {
    const file = await exportCards(deps, auth.userId, query);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
