import crypto from 'node:crypto';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@enamel/db';
import type { Config } from './env.ts';
import type { AuthLimits, Deps } from './core/context.ts';
import { registerCsrf } from './core/csrf.ts';
import { registerSecurityHeaders } from './core/security-headers.ts';
import { registerIdempotency } from './core/idempotency.ts';
import { registerErrorHandler } from './core/error-handler.ts';
import { JobQueue, startWorkers } from './core/jobs/index.ts';
import { createMailer, type Mailer } from './core/mail.ts';
import { isApiRequest, registerSessionHook } from './core/session-hook.ts';
import { SessionStore } from './core/sessions.ts';
import { AuthCache, listenForAuthChanges } from './core/auth-cache.ts';
import { registerSpa } from './core/spa.ts';
import { Throttle } from './core/throttle.ts';
import { zodValidatorCompiler } from './core/zod-validator.ts';
import { createResponseSerializerCompiler } from './core/response-serializer.ts';
import { APP_VERSION } from './version.ts';
import { JOBS } from './jobs.ts';
import { syncSchedules } from './features/scheduler/index.ts';
import { activityLogRoutes } from './features/activity-logs/index.ts';
import { authRoutes } from './features/auth/index.ts';
import { dentalPracticeRoutes } from './features/dental-practices/index.ts';
import { healthRoutes } from './features/health/index.ts';
import { importRoutes } from './features/imports/index.ts';
import { notificationsRoutes } from './features/notifications/index.ts';
import { profileRoutes } from './features/profile/index.ts';
import { rolesRoutes } from './features/roles/index.ts';
import { seederRoutes } from './features/seeder/index.ts';
import { userRoutes } from './features/users/index.ts';
import { apiTokenRoutes } from './features/api-tokens/index.ts';
import { brandRoutes } from './features/brands/index.ts';
import { categoryRoutes } from './features/categories/index.ts';
import { productRoutes } from './features/products/index.ts';
import { supplierRoutes } from './features/suppliers/index.ts';
import { procedureCodeRoutes } from './features/procedure-codes/index.ts';
import { procedureTemplateRoutes } from './features/procedure-templates/index.ts';
import { inventoryRoutes } from './features/inventory/index.ts';
import { locationRoutes, parLevelRoutes } from './features/locations/index.ts';
import { procedureRoutes } from './features/procedures/index.ts';
import { integrationRoutes } from './features/integrations/index.ts';
import { forecastRoutes } from './features/forecasts/index.ts';
import { configurationRoutes } from './features/configuration/index.ts';
import { dashboardRoutes } from './features/dashboard/index.ts';
import { reportRoutes } from './features/reports/index.ts';
import { archiveLogRoutes } from './features/archive-logs/index.ts';
import { backupRoutes } from './features/backups/index.ts';
import { supportRoutes } from './features/support/index.ts';
import { organisationRoutes } from './features/organisation/index.ts';
import { schedulerRoutes } from './features/scheduler/index.ts';
import { replenishmentRoutes } from './features/replenishment/index.ts';
import { purchaseOrderRoutes } from './features/purchase-orders/index.ts';
import { stockTakeRoutes } from './features/stock-takes/index.ts';
import { stockUseRoutes } from './features/stock-use/index.ts';
import { startWebhookTicker, webhookRoutes } from './features/webhooks/index.ts';
import { startStatisticsTicker } from './core/table-statistics.ts';

export const DEFAULT_LIMITS: AuthLimits = {
  loginPerIp: { max: 60, windowSeconds: 15 * 60 },
  loginPerAccount: { max: 10, windowSeconds: 15 * 60 },
  forgotPerIp: { max: 20, windowSeconds: 15 * 60 },
  forgotPerAccount: { max: 5, windowSeconds: 60 * 60 },
  backups: { max: 3, windowSeconds: 10 * 60 },
  apiToken: { max: 600, windowSeconds: 60 },
};

export const BODY_LIMIT = 1024 * 1024;
/** Smaller responses are sent as they are: compressing them saves nothing worth the time. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * One log line per request, when its response is sent: method, URL, status, time and request id (Fastify writes
 * an "incoming request" line as well, which doubled the logging cost of a small API call). Errors are logged as
 * Fastify logs them.
 */
class ResponseLogController extends LogController {
  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.isLogDisabled(request)) return super.requestCompleted(error, request, reply);
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  limits?: Partial<AuthLimits>;
  logger?: boolean | object;
  /** Whether this instance runs jobs (default yes); a test turns them off to see what is queued before it runs. */
  workers?: boolean;
  /** A job queue already started (else the app starts its own and stops it on close). */
  jobs?: JobQueue;
}

/** Builds the server: plugins, hooks, routes, error handler. Listening is the caller's business. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'req.headers.authorization'] },
    logController: new ResponseLogController(),
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  // Response schemas compiled to fast-json-stringify where their JSON is fixed by shape (else zod's serializer);
  // under tests each compiled reply is checked against zod's, byte for byte (core/response-serializer.ts).
  const serializerCompiler = createResponseSerializerCompiler({ checked: config.env === 'test' });
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('responseSerializers', serializerCompiler.routes);

  // Under tests nothing fires by the clock: run-scheduler runs what is due.
  const jobs = options.jobs ?? (await JobQueue.start(database, app.log, { cron: config.env !== 'test' }));
  const auth = new AuthCache();
  const authListener = await listenForAuthChanges(database, auth);
  const deps: Deps = {
    db: database.db,
    database,
    config,
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log }),
    sessions: new SessionStore(database.db, auth),
    auth,
    throttle: new Throttle(database.db),
    limits: {
      ...DEFAULT_LIMITS,
      ...(config.loginLimitPerIp ? { loginPerIp: { ...DEFAULT_LIMITS.loginPerIp, max: config.loginLimitPerIp } } : {}),
      ...(config.apiTokenRateLimit ? { apiToken: { ...DEFAULT_LIMITS.apiToken, max: config.apiTokenRateLimit } } : {}),
      ...options.limits,
    },
    jobs,
  };
  app.decorate('deps', deps);
  const routeTable: string[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeTable.push(`${method} ${route.url}`);
  });
  registerIdempotency(app);
  app.addHook('onClose', async () => {
    await authListener.close();
    if (!options.jobs) await jobs.stop();
    deps.mailer.close();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  registerErrorHandler(app);
  // Responses above 1 KB are compressed (brotli at a fast level, else gzip): API JSON, CSV exports,
  // index.html. Built assets are already compressed at build time and sent as they are (spa.ts).
  // Request bodies are never inflated (no zip bombs through Content-Encoding).
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the camera scanner compile its WebAssembly reader (served by us); it allows no eval of script.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    // Reset links carry a token in the path: never leak it through Referer.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  registerSessionHook(app);
  registerCsrf(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Enamel API', version: APP_VERSION, description: 'Inventory and procedures management for dental practices.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'enamel_session', description: 'A browser session (sign in at /login); writes also need the X-XSRF-TOKEN header.' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          bearer: { type: 'http', scheme: 'bearer', description: 'An API token (`enm_…`, created under Admin → API tokens). No cookie or X-XSRF-TOKEN needed.' },
        },
      },
      security: [{ session: [], xsrf: [] }, { bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { persistAuthorization: false } });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(profileRoutes);
  await app.register(rolesRoutes);
  await app.register(notificationsRoutes);
  await app.register(dentalPracticeRoutes);
  await app.register(activityLogRoutes);
  await app.register(userRoutes);
  await app.register(apiTokenRoutes);
  await app.register(seederRoutes);
  await app.register(importRoutes);
  await app.register(brandRoutes);
  await app.register(categoryRoutes);
  await app.register(productRoutes);
  await app.register(supplierRoutes);
  await app.register(procedureCodeRoutes);
  await app.register(procedureTemplateRoutes);
  await app.register(inventoryRoutes);
  await app.register(procedureRoutes);
  await app.register(forecastRoutes);
  await app.register(configurationRoutes);
  await app.register(dashboardRoutes);
  await app.register(reportRoutes);
  await app.register(replenishmentRoutes);
  await app.register(archiveLogRoutes);
  await app.register(purchaseOrderRoutes);
  await app.register(stockTakeRoutes);
  await app.register(stockUseRoutes);
  await app.register(organisationRoutes);
  await app.register(schedulerRoutes);
  await app.register(backupRoutes);
  await app.register(supportRoutes);
  await app.register(locationRoutes);
  await app.register(parLevelRoutes);
  await app.register(webhookRoutes);
  await app.register(integrationRoutes);
  await registerSpa(app, config.webDist);
  // Every worker starts here, once the routes are in place: the jobs of src/jobs.ts, then the scheduler's cron.
  if (options.workers !== false) {
    await startWorkers(deps, app.log, JOBS);
    await syncSchedules(deps);
    // Webhook deliveries due are queued by each instance's ticker (off under tests: they drain by hand).
    if (config.env !== 'test') {
      const stop = startWebhookTicker(deps, app.log);
      app.addHook('preClose', async () => stop());
      // No autovacuum in the embedded database: its tables' statistics are refreshed as they grow (table-statistics.ts).
      if (database.kind === 'embedded') {
        const stopStatistics = startStatisticsTicker(database.db, (err) => app.log.warn({ err }, 'statistics ticker'));
        app.addHook('preClose', async () => stopStatistics());
      }
    }
  }
  return app;
}
