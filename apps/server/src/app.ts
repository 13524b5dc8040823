import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_VERSION } from '@gestcava/contracts';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/config.js';
import type { Database } from './db/client.js';
import { vacuumDueTables } from './db/embedded-vacuum.js';
import { AppError } from './lib/app-error.js';
import { createStorage, type Storage } from './lib/storage.js';
import {
  createReadiness,
  databaseCheck,
  READY_ROUTE,
  STOPPING_MESSAGE,
  type Readiness,
} from './lib/readiness.js';
import { createObjectBackend, type ObjectBackend } from './lib/object-store/index.js';
import { presignedOrigin } from './lib/object-store/select-s3.js';
import { createRenderPool } from './lib/render-pool.js';
import { createSessionLinks } from './lib/session-links.js';
import { deriveKeys, loadInstanceId } from './lib/secrets.js';
import { loggerOptions } from './lib/logger.js';
import { listenedCountCache, noCountCache, postgresCountCache } from './lib/count-cache.js';
import { createPhotosService, type PhotosService } from './modules/photos/photos.service.js';
import { createPhotoSync, type PhotoSync } from './modules/photos/photos.sync.js';
import { createAuthService, type AuthService } from './modules/auth/auth.service.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { createSessionStore, type SessionStore } from './lib/auth/sessions.js';
import {
  createCompaniesService,
  type CompaniesService,
} from './modules/companies/companies.service.js';
import { createChatService, type ChatService } from './modules/chat/chat.service.js';
import { registerChatGateway } from './realtime/chat-gateway.js';
import { createHostCheck, MISDIRECTED_MESSAGE, type HostCheck } from './lib/hosts.js';
import { createSocketChatEvents } from './realtime/chat-events.js';
import { createSocketCondivisioniEvents } from './realtime/condivisioni-events.js';
import { createSocketServer, type SocketServer } from './realtime/socket-server.js';
import type { ZodApp } from './lib/module.js';
import type { FaultPoints } from './lib/faults.js';
import { MODULES } from './modules.js';
import { createServices, type Services } from './services.js';
import { createUsersService, type UsersService } from './modules/users/users.service.js';
import { authPlugin } from './plugins/auth.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { idempotencyPlugin, pruneIdempotencyKeys } from './plugins/idempotency.js';
import {
  frameworkErrorHandler,
  SECURITY_HEADERS,
  withImageOrigin,
} from './plugins/security-headers.js';
import { registerWebApp } from './plugins/web-app.js';
import { registerSecurityHeaders } from './plugins/security-headers-once.js';
import { refuseUnreadIfMatch } from './lib/preconditions.js';
import { registerCompression } from './plugins/compression.js';
import { rateLimitsPlugin } from './plugins/rate-limits.js';

export interface AppDeps {
  config: Config;
  database: Database;
  secret: string;
  logger?: FastifyServerOptions['logger'];
  /** Where stored files live; by default the one the configuration names (tests pass another). */
  storageBackend?: ObjectBackend;
  /** Tests only: where a write is made to fail (lib/faults.ts). */
  faults?: FaultPoints;
}

/** Routes registered by libraries (the OpenAPI UI, static files): public, but for the OpenAPI in production. */
const LIBRARY_ROUTE = /^\/(docs(\/|$)|\*$)/;

/** Builds the whole app; `main.ts` listens on it and the tests inject into the same thing. */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = createFastify(config, deps.logger);
  const readiness = registerDraining(app);
  collectRoutes(app, config);
  const base = await createPlatform(app, deps);
  // one answer to "is this our host?" for the sockets' handshake and every HTTP request
  const servesHost = createHostCheck(config);
  const { realtime, chat } = await registerRealtime(app, config, base, servesHost);
  const platform = { ...base, chat };
  registerReadinessChecks(readiness, platform, realtime);
  app.decorate('readiness', readiness);
  app.decorate('services', platform);
  await registerHttpLayer(app, config, platform, servesHost);
  // What every module's routes may use: the domain services and the platform built above.
  const routesDeps = {
    ...platform,
    database,
    readiness,
    config,
    condivisioniEvents: createSocketCondivisioniEvents(realtime.io),
  };
  for (const module of MODULES) {
    // typed so, the compiler checks that the platform has what each module's routes need
    const routes: ((app: ZodApp, deps: typeof routesDeps) => Promise<void>) | undefined =
      module.routes;
    if (routes) await routes(app, routesDeps);
  }
  await registerWebApp(app, config.webDistDir);
  startMaintenance(app, platform, database);
  return app;
}

function createFastify(config: Config, logger: AppDeps['logger']) {
  const app = Fastify({
    logger: logger ?? loggerOptions(config),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    requestTimeout: 120_000,
    // Our own 503 while draining (registerDraining), in the project's error format.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  return app;
}

type BaseApp = ReturnType<typeof createFastify>;

/**
 * Graceful stop (docs/quality.md R9): from the first close hook on, /api/ready answers 503, a request that
 * reaches an open connection gets 503 and every answer, the ones in flight included, closes its
 * connection, so the server stops as soon as they are done instead of waiting for idle keep-alive sockets.
 */
function registerDraining(app: BaseApp) {
  const readiness = createReadiness({ log: app.log });
  app.addHook('preClose', async () => readiness.beginShutdown());
  app.addHook('onRequest', async (request) => {
    // the readiness probe answers for itself, in its own format (stopping: true)
    if (readiness.stopping && request.routeOptions.url !== READY_ROUTE)
      throw new AppError('SERVICE_UNAVAILABLE', STOPPING_MESSAGE);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (readiness.stopping) reply.header('connection', 'close');
  });
  return readiness;
}

/** Every route as registered, for the access walk and the OpenAPI description (`app.routeList`). */
function collectRoutes(app: BaseApp, config: Config) {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (LIBRARY_ROUTE.test(route.url) && !route.config?.access) {
      // the OpenAPI description maps every call: in production an admin's alone (docs/security.md)
      const docs = route.url.startsWith('/docs');
      route.config = {
        ...route.config,
        access: docs && config.isProduction ? 'admin' : 'public',
      };
    }
    routes.push(route);
  });
  app.decorate('routeList', routes);
}

/** The services beside the domain's: sessions, storage, render pools, users, companies, auth, photos. */
async function createPlatform(app: BaseApp, deps: AppDeps) {
  const { config, database, secret } = deps;
  const { db } = database;
  const keys = deriveKeys(secret);
  const sessions = createSessionStore({
    db,
    policy: {
      idleMs: config.SESSION_IDLE_HOURS * 3600_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3600_000,
    },
  });
  const throttle = createLoginThrottle(db, {
    perPair: config.LOGIN_MAX_FAILURES_PAIR,
    perAccount: config.LOGIN_MAX_FAILURES_ACCOUNT,
    perAddress: config.LOGIN_MAX_FAILURES_IP,
    windowMs: config.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
  });
  const storage = createStorage({
    backend: deps.storageBackend ?? createObjectBackend(config),
    // Upload temporaries stay on this instance's disk, beside the filesystem backend's objects (one rename away).
    tempDir: path.join(config.uploadsDir, 'tmp'),
    signingKey: keys.signedUrl,
    db,
    instance: loadInstanceId(config),
  });
  const users = createUsersService({ db, sessions });
  const counts = await createCountCache(app, database);
  const domain = createServices({ db, counts, faults: deps.faults });
  // Links opened without a bearer (a verbale, a zip of photos) live only as long as their session.
  const links = createSessionLinks({ storage, sessions });
  const photos = createPhotosService({ db, storage, entities: domain.entities, links });
  return {
    ...domain,
    ...createRenderPools(app),
    db,
    keys,
    sessions,
    throttle,
    storage,
    links,
    counts,
    users,
    companies: createCompaniesService({ db, storage, users }),
    auth: createAuthService({ db, keys, sessions, throttle, users }),
    photos,
    photoSync: createPhotoSync({
      db,
      storage,
      photos,
      inbox: path.join(config.uploadsDir, 'inbox'),
      pendingGraceMs: config.STORAGE_PENDING_GRACE_MINUTES * 60_000,
      log: app.log,
    }),
  };
}

type Platform = Awaited<ReturnType<typeof createPlatform>>;

function createRenderPools(app: BaseApp) {
  const renderPool = createRenderPool();
  // reports have a thread of their own: a 100 000-row report holds it for many seconds, labels must not wait
  const reportPool = createRenderPool({ threads: 1 });
  app.addHook('onClose', () => Promise.all([renderPool.close(), reportPool.close()]));
  return { renderPool, reportPool };
}

/** The blocks' counts, kept by this instance and invalidated by every writer (docs/performance.md). */
async function createCountCache(app: BaseApp, database: Database) {
  const counts = database.pglite
    ? await listenedCountCache(database.pglite, 'blocchi')
    : database.dedicatedClient
      ? await postgresCountCache(database.dedicatedClient, 'blocchi', app.log)
      : noCountCache;
  app.addHook('onClose', () => counts.stop());
  return counts;
}

/**
 * Realtime on the same HTTP server (docs/api.md "Sessions and anti-forgery"); the chat stores a
 * message, then emits it, so the chat service is built here, beside the sockets it emits on.
 */
async function registerRealtime(
  app: BaseApp,
  config: Config,
  platform: Platform,
  servesHost: HostCheck,
) {
  const realtime = await createSocketServer(app.server, {
    redisUrl: config.REDIS_URL,
    log: app.log,
    servesHost,
  });
  const chat = createChatService({
    db: platform.db,
    storage: platform.storage,
    links: platform.links,
    events: createSocketChatEvents(realtime.io),
  });
  const chatGateway = registerChatGateway(realtime.io, {
    keys: platform.keys,
    sessions: platform.sessions,
    chat,
    log: app.log,
    socketsPerUser: config.SOCKETS_PER_USER,
  });
  app.addHook('preClose', async () => {
    chatGateway.stop();
    realtime.disconnectAll();
  });
  app.addHook('onClose', async () => realtime.close());
  app.decorate('realtime', realtime);
  return { realtime, chat };
}

function registerReadinessChecks(readiness: Readiness, platform: Platform, realtime: SocketServer) {
  // What a load balancer waits for before it sends traffic here, checked on each probe.
  readiness.register(databaseCheck(platform.db));
  if (realtime.redisCheck)
    readiness.register({ name: 'redis', label: 'Redis', run: realtime.redisCheck });
  readiness.register({
    name: 'storage',
    label: "l'archivio dei file",
    run: () => platform.storage.check(),
  });
}

/** The HTTP layer every route sits behind: headers, compression, request checks, cookies, uploads, the OpenAPI, auth, idempotency, rate limits. */
async function registerHttpLayer(
  app: BaseApp,
  config: Config,
  platform: Platform,
  servesHost: HostCheck,
) {
  const { storage, db, keys, sessions } = platform;
  const bucketOrigin = config.S3_PRESIGNED ? await presignedOrigin(storage.backend) : null;
  registerSecurityHeaders(app, bucketOrigin ? withImageOrigin(bucketOrigin) : SECURITY_HEADERS);
  await registerCompression(app);
  registerRequestChecks(app, servesHost);
  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    limits: { fileSize: 25 * 1024 * 1024, files: 50, fields: 20, fieldSize: 100_000, parts: 100 },
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'GestCava API', version: APP_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  await app.register(authPlugin, { db, keys, sessions });
  await app.register(idempotencyPlugin, { db, key: keys.idempotency });
  await app.register(rateLimitsPlugin, { config });
}

/**
 * Requests refused before anything runs (after the headers): another host's, and %00 in the path or
 * query, as PostgreSQL cannot store a NUL and a streamed answer (an export) cannot become an error
 * once it has started.
 */
function registerRequestChecks(app: BaseApp, servesHost: HostCheck) {
  app.addHook('onRequest', async (request) => {
    if (!servesHost(request.headers.host))
      throw new AppError('MISDIRECTED_REQUEST', MISDIRECTED_MESSAGE);
  });
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url)) throw new AppError('VALIDATION', 'Indirizzo non valido');
  });
  app.addHook('onRequest', refuseUnreadIfMatch);
}

/** Periodic upkeep of this instance, stopped with it. */
function startMaintenance(app: BaseApp, platform: Platform, database: Database) {
  const { throttle, db, storage, photoSync } = platform;
  let round: Promise<unknown> = Promise.resolve();
  const maintenance = setInterval(() => {
    // Pending objects too: another instance may have crashed mid-upload, and this one may run for weeks.
    round = Promise.all([
      throttle.prune(),
      pruneIdempotencyKeys(db),
      storage.sweepTemp(3600_000),
      photoSync.sweepPending(),
      // the embedded engine has no autovacuum of its own (docs/performance.md "Vacuum on the embedded database")
      database.pglite && vacuumDueTables(database.pglite),
    ]).catch((err: unknown) => app.log.error({ err }, 'manutenzione periodica non riuscita'));
  }, 10 * 60_000);
  maintenance.unref();
  const optionSweep = setInterval(() => {
    platform.blocchi
      .sweepExpiredOptions()
      .catch((err: unknown) =>
        app.log.error({ err }, 'pulizia delle opzioni scadute non riuscita'),
      );
    platform.stock
      .sweepExpiredReservations()
      .catch((err: unknown) =>
        app.log.error({ err }, 'pulizia delle riserve scadute non riuscita'),
      );
  }, 60_000);
  optionSweep.unref();
  app.addHook('onClose', async () => clearInterval(optionSweep));
  app.addHook('onClose', async () => {
    clearInterval(maintenance);
    await round; // its statements need the database the server closes next
  });
  app.addHook('onClose', () => photoSync.idle());
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteOptions[];
    realtime: SocketServer;
    readiness: Readiness;
    services: Services & {
      sessions: SessionStore;
      storage: Storage;
      users: UsersService;
      companies: CompaniesService;
      auth: AuthService;
      throttle: ReturnType<typeof createLoginThrottle>;
      photos: PhotosService;
      photoSync: PhotoSync;
      chat: ChatService;
    };
  }
}
