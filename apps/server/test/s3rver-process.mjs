// s3rver as a process of its own for the tests (test/s3.ts starts it): `node --openssl-legacy-provider
// s3rver-process.mjs <directory> <bucket>`. The flag is why it is not in the test process: s3rver signs
// ListObjectsV2 continuation tokens with DES, which OpenSSL 3 only has in its legacy provider, so any
// listing longer than one page fails in-process with ERR_OSSL_EVP_UNSUPPORTED.
// Prints one JSON line {"port"} when listening, then one {"event","key"} per object created.
import { rm } from 'node:fs/promises';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
server.on('event', (event) => {
  const record = event.Records[0];
  if (record?.eventName.startsWith('ObjectCreated')) {
    process.stdout.write(
      `${JSON.stringify({ event: record.eventName, key: decodeURIComponent(record.s3.object.key) })}\n`,
    );
  }
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
// Stopping removes the objects too: the directory is this server's alone. Once, whichever asks first.
let stopping;
const stop = () => {
  stopping ??= server
    .close()
    .then(() => rm(directory, { recursive: true, force: true }))
    .then(() => process.exit(0));
};
process.on('SIGTERM', stop);
// stdin is a pipe from the test process: it closes when that process ends, however it ends.
process.stdin.on('close', stop).resume();
