import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import { libreTranslateProvider } from './translation-provider';
import { translate } from './translate.service';

export const translateRoutes: FastifyPluginAsync = async (app) => {
  const { translateUrl } = app.deps.config;
  const provider = translateUrl ? libreTranslateProvider(translateUrl) : undefined;
  addRoute(app, api.translate.suggest, ({ auth, body }) =>
    translate(app.deps, provider, auth.userId, body),
  );
};
