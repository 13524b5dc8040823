import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { checkStorageAtStartup, s3BackendFromConfig } from '../src/lib/object-store/select-s3.js';
import { startTestS3, type TestS3 } from './s3.js';

/** STORAGE=s3 and its variables, checked when the server starts. */

const S3_ENV = {
  STORAGE: 's3',
  S3_BUCKET: 'gestcava',
  S3_ACCESS_KEY_ID: 'chiave',
  S3_SECRET_ACCESS_KEY: 'segreto',
};

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('la configurazione doveva essere rifiutata');
}

describe('storage configuration', () => {
  it('keeps the filesystem when STORAGE is not set', () => {
    const config = loadConfig({});
    expect(config.STORAGE).toBe('filesystem');
    expect(config.s3).toBeNull();
  });

  it('names every variable STORAGE=s3 still needs', () => {
    const message = configError({ STORAGE: 's3' });
    expect(message).toContain('S3_BUCKET: obbligatoria con STORAGE=s3');
    expect(message).toContain('S3_ACCESS_KEY_ID: obbligatoria con STORAGE=s3');
    expect(message).toContain('S3_SECRET_ACCESS_KEY: obbligatoria con STORAGE=s3');
    expect(configError({ ...S3_ENV, S3_BUCKET: '' })).toMatch(/S3_BUCKET/);
  });

  it('rejects an endpoint that is not an http(s) address and an unknown STORAGE', () => {
    expect(configError({ ...S3_ENV, S3_ENDPOINT: 'minio:9000' })).toMatch(/S3_ENDPOINT/);
    expect(configError({ STORAGE: 'nfs' })).toMatch(/STORAGE: filesystem oppure s3/);
  });

  it('refuses S3_PRESIGNED without a bucket to presign for', () => {
    expect(configError({ S3_PRESIGNED: '1' })).toMatch(/S3_PRESIGNED: vale solo con STORAGE=s3/);
  });

  it('reads the bucket settings, AWS when no endpoint is given', () => {
    const config = loadConfig({ ...S3_ENV, S3_REGION: 'eu-south-1', S3_PRESIGNED: '1' });
    expect(config.s3).toEqual({
      bucket: 'gestcava',
      endpoint: undefined,
      region: 'eu-south-1',
      accessKeyId: 'chiave',
      secretAccessKey: 'segreto',
      forcePathStyle: false,
    });
    expect(config.S3_PRESIGNED).toBe(true);
  });
});

describe('storage check at start-up', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startTestS3();
  });
  afterAll(() => s3.stop());

  it('passes for a bucket that answers and names S3_BUCKET for one that does not exist', async () => {
    await expect(
      checkStorageAtStartup(s3BackendFromConfig(loadConfig(s3.env({})))!),
    ).resolves.toBeUndefined();
    const missing = checkStorageAtStartup(
      s3BackendFromConfig(loadConfig(s3.env({ S3_BUCKET: 'non-esiste' })))!,
    );
    await expect(missing).rejects.toThrow(ConfigError);
    await expect(missing).rejects.toThrow(/Il bucket "non-esiste" non esiste .*S3_BUCKET/);
  });

  it(
    'stops the server at start-up, naming S3_ENDPOINT, when nothing answers there',
    { timeout: 60_000 },
    async () => {
      const root = path.resolve(import.meta.dirname, '../../..');
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gestcava-s3-start-'));
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
        {
          cwd: root,
          env: {
            ...process.env,
            NODE_ENV: 'development',
            DATA_DIR: dataDir,
            DATABASE_URL: '',
            LOG_LEVEL: 'warn',
            ...s3.env({ S3_ENDPOINT: 'http://127.0.0.1:9' }),
          },
        },
      );
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
      expect(code).toBe(1);
      expect(output).toContain(
        'Archivio S3 non raggiungibile a http://127.0.0.1:9: controllare S3_ENDPOINT',
      );
      expect(output).not.toContain('GestCava è pronto');
    },
  );
});
