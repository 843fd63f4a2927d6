import path from 'node:path';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps';
import { createBackgroundWork } from './background-work';
import type { Config } from './config';
import { createDatabase, MAX_BATCH, migrateToLatest } from './db/database';
import { AppError } from './errors';
import { registerCompression } from './http/compression';
import { answerClientError, frameworkErrors, registerErrorHandling } from './http/error-handler';
import { registerJsonBodyParser } from './http/json-body';
import { loggerOptions, RequestLogController, type LogStream } from './http/logging';
import { registerNulGuard } from './http/nul-guard';
import { registerRateLimit } from './http/rate-limit';
import { guardApiRoutes } from './http/route';
import { registerSecurityHeaders } from './http/security';
import { registerSpa } from './http/spa';
import { registerWebsockets } from './http/websocket';
import { createMailer, type Mailer } from './mail/mailer';
import { moduleRoutes } from './modules/index';
import { LiveEvents } from './modules/live/live.service';
import { liveLimits as liveLimitsDefault, type LiveLimits } from './modules/live/live-hub';
import { sumDaysOfUnsummedLearners } from './modules/stats/stats-days.service';
import { replayPendingProgress } from './modules/study/progress-replay';
import { ReviewWriter } from './modules/study/writer/review-writer';
import { scheduleSubscriptionUpkeep } from './modules/subscriptions/subscriptions-upkeep.service';
import { scheduleRateCounterPruning } from './modules/rate-limits/rate-limits.service';
import { scheduleSignInFailurePruning } from './modules/auth/sign-in-throttle.service';
import { deriveKeys, loadSecret } from './security/keys';
import { owaspPasswordCost, type PasswordHashCost } from './security/passwords';

export interface BuildOptions {
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: LogStream;
  mailer?: Mailer;
  now?: () => number;
  /**
   * Tests only: a cheaper argon2id cost for new password hashes (a test suite signs hundreds of
   * learners up). Verifying reads the cost from each hash; the dummy verification of an unknown
   * login keeps the OWASP cost. Production never passes it.
   */
  passwordCost?: PasswordHashCost;
  /** Tests: the live updates' bounds (heartbeat period, sockets per user…). */
  liveLimits?: Partial<LiveLimits>;
}

/** Builds the whole app on its database, migrated. Never listens: main.ts or tests decide. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Every failure answers the envelope, even those met before a route runs.
    frameworkErrors,
    clientErrorHandler: answerClientError,
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = createDatabase(config.database, (error) =>
    app.log.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
  );
  // One lane: its thread does nothing else, so one transaction at a time already keeps the
  // database busy, and batches are larger (on PostgreSQL two lanes answered 10 % fewer reviews).
  const reviewWriter = new ReviewWriter({
    database: config.database,
    lanes: 1,
    maxBatch: MAX_BATCH,
  });
  const background = createBackgroundWork(app.log);
  app.addHook('onClose', async () => {
    // Work still running after its answer uses the database; reviews accepted are written first.
    await background.idle();
    await reviewWriter.close();
    await database.close();
  });
  try {
    await migrateToLatest(database.db);
    // Version 2's replay of the learners 0021 left waiting (decision 0030), before any answer.
    await replayPendingProgress(database.db);
    // Every learner's log summed per day before any statistics read (decision 0036's addendum).
    await sumDaysOfUnsummedLearners(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }

  const sender =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    });
  // Every message in flight is counted, awaited or not, so that idle() means "no mail is coming".
  const mailer: Mailer = {
    send: (message) => background.track(sender.send(message)),
    close: () => sender.close(),
  };
  app.addHook('onClose', async () => {
    await background.idle();
    mailer.close();
  });

  const live = new LiveEvents(
    options.liveLimits ? { ...liveLimitsDefault, ...options.liveLimits } : liveLimitsDefault,
  );
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    reviewWriter,
    mailer,
    background,
    keys: deriveKeys(loadSecret(config.jwtSecret, config.dataDir)),
    passwordCost: options.passwordCost ?? owaspPasswordCost,
    now: options.now ?? Date.now,
    live,
    log: app.log,
  };
  app.decorate('deps', deps);
  try {
    await live.start(
      deps,
      database.pool && config.database.kind === 'postgres'
        ? { postgres: { url: config.database.url, pool: database.pool } }
        : {},
    );
  } catch (error) {
    await reviewWriter.close();
    await database.close();
    throw error;
  }
  // Grace periods ending, old webhook events: on this instance's clock (decision 0034's addendum);
  // so is the pruning of rate counters and failed sign-ins, off the requests that write them.
  scheduleSubscriptionUpkeep(deps);
  scheduleRateCounterPruning(deps);
  scheduleSignInFailurePruning(deps);
  // Before the sockets' server closes: every socket gets 1001 "going away". The periodic work,
  // which publishes, stops first.
  app.addHook('preClose', async () => {
    await background.stop();
    await live.close();
  });

  // External plugins first, then the app's own, then the routes (fastify/demo's order).
  registerErrorHandling(app);
  registerJsonBodyParser(app);
  registerNulGuard(app);
  await registerSecurityHeaders(app, config);
  // Before @fastify/static (its README): its hook must see the files' answers.
  await registerCompression(app);
  await registerRateLimit(app);
  await registerWebsockets(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Glossa API',
        version: '1.0.0',
        description:
          'Every answer is the envelope { code, payload }. Authenticated calls send ' +
          '`Authorization: Bearer <base64 of the access JWT>`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/, ''),
  });

  guardApiRoutes(app);
  for (const routes of moduleRoutes) await app.register(routes);

  const spaFallback = await registerSpa(app, config.webDist, config.publicUrl);
  app.setNotFoundHandler((request, reply) => {
    if (spaFallback?.(request, reply)) return reply;
    throw new AppError(
      'not_found',
      request.url.startsWith('/api')
        ? `No API call ${request.method} ${request.url.split('?')[0] ?? ''}`
        : 'Not found',
    );
  });

  await app.ready();
  return app;
}
