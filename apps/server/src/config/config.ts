import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parse, stringify } from 'yaml';
import { z } from 'zod';

/** The database a site runs on, as written to config.yaml by the installer. */
export const dbConfigSchema = z.discriminatedUnion('driver', [
  z.object({ driver: z.literal('sqlite'), file: z.string().min(1) }),
  z.object({ driver: z.literal('postgres'), url: z.string().min(1) }),
]);
export type DbConfig = z.infer<typeof dbConfigSchema>;

export const siteConfigSchema = z.object({
  db: dbConfigSchema,
  /** The language chosen in the wizard's first step. */
  lang: z.string().default('en_US'),
  /** Proxies whose X-Forwarded-For is believed (see trust-proxy.ts); absent = none. */
  trust_proxy: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

export const CONFIG_FILE = 'config.yaml';

export function configPath(dataDir: string): string {
  return join(dataDir, CONFIG_FILE);
}

export function resolveDataDir(dir: string | undefined): string {
  return resolve(dir ?? process.env.INQUIRE_DATA_DIR ?? './data');
}

/** Reads config.yaml; undefined when the site has not been configured yet. */
export function readSiteConfig(dataDir: string): SiteConfig | undefined {
  const file = configPath(dataDir);
  if (!existsSync(file)) return undefined;
  const parsed = siteConfigSchema.safeParse(parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file} is not a valid Inquire configuration`);
  return parsed.data;
}

/** Writes config.yaml with owner-only permissions: it can hold a database password. */
export function writeSiteConfig(dataDir: string, config: SiteConfig): void {
  const file = configPath(dataDir);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, stringify(config), { mode: 0o600 });
}

/** Where a fresh SQLite site keeps its database. */
export function defaultSqliteFile(dataDir: string): string {
  return join(dataDir, 'inquire.db');
}

export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}
