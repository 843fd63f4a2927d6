import { api } from '@glossa/contract';
import type { FastifyPluginAsync } from 'fastify';
import { addRoute } from '../../http/route';
import type { LiveEvents } from './live.service';

export const liveRoutes: FastifyPluginAsync = async (app) => {
  const live = app.deps.live as LiveEvents;
  addRoute(
    app,
    api.live.socket,
    () => null,
    (socket, request) => live.connect(socket, request),
  );
};
