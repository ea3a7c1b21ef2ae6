// Reads the server's settings from the environment once, validated, so a typo in a variable
// fails at start-up with its name instead of misbehaving later.
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  SEED_ALLOCATIONS: z.enum(['0', '1']).default('1'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_MINUTES: z.coerce.number().positive().default(5),
  REFRESH_TOKEN_MINUTES: z.coerce
    .number()
    .positive()
    .default(24 * 60),
  PASSWORD_RESET_MINUTES: z.coerce.number().positive().default(60),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Airport Planner <no-reply@localhost>'),
  PUBLIC_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STATIC_DIR: z.string().default('./dist'),
  JOB_WORKERS: z.enum(['0', '1']).default('1'),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().positive().max(3600).default(10),
  JOB_RETRIES: z.coerce.number().int().min(0).max(10).default(1),
  HISTORY_DAYS: z.coerce.number().positive().max(36_500).default(365),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  seedDemo: boolean;
  /** Queue the demo's make-up and check-in allocations right after seeding it. */
  seedAllocations: boolean;
  jwtSecret?: string;
  accessTokenMinutes: number;
  refreshTokenMinutes: number;
  passwordResetMinutes: number;
  /** Attempts per account per window; an address gets five times as many (it may be a NAT). */
  loginRateLimit: number;
  rateLimitWindowMinutes: number;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl?: string;
  logLevel: string;
  staticDir: string;
  /** Whether this API process also runs jobs (0: leave them to `npm run worker`). */
  runJobs: boolean;
  /**
   * How often a worker reports that a job it runs is alive; a job silent for three of these is
   * taken for dead (its worker crashed or was killed) and retried or failed.
   */
  jobHeartbeatSeconds: number;
  /** Runs of a job added after its worker died, before it is failed. */
  jobRetries: number;
  /** Days a scenario's History keeps a change. */
  historyDays: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    // The embedded database is a fresh single-user install, so it gets the demo; a server
    // database is somebody's real data and gets it only when asked.
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : !e.DATABASE_URL,
    seedAllocations: e.SEED_ALLOCATIONS === '1',
    jwtSecret: e.JWT_SECRET,
    accessTokenMinutes: e.ACCESS_TOKEN_MINUTES,
    refreshTokenMinutes: e.REFRESH_TOKEN_MINUTES,
    passwordResetMinutes: e.PASSWORD_RESET_MINUTES,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    rateLimitWindowMinutes: e.RATE_LIMIT_WINDOW_MINUTES,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    logLevel: e.LOG_LEVEL,
    staticDir: e.STATIC_DIR,
    runJobs: e.JOB_WORKERS === '1',
    jobHeartbeatSeconds: e.JOB_HEARTBEAT_SECONDS,
    jobRetries: e.JOB_RETRIES,
    historyDays: e.HISTORY_DAYS,
  };
}
