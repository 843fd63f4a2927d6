import { z } from 'zod';
import { route } from '../route';
import { socketQuerySchema } from '../socket';

export const live = {
  socket: route({
    method: 'GET',
    path: '/api/socket',
    access: 'user',
    summary:
      'The live updates websocket: server → client events (socketEventSchema); the bearer as the Authorization query parameter',
    query: socketQuerySchema,
    websocket: true,
    responses: { 200: z.null() },
  }),
};
