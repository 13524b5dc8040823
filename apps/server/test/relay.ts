import net from 'node:net';
import { freePort } from './server-process.js';

/**
 * A TCP relay on a port of its own to the first target that takes the connection, as a reverse proxy
 * passes a refused connection to the next upstream. `cut()` closes the port and every connection (the
 * service is gone); `restore()` listens again on the same port.
 */
export async function createRelay(targets: Array<{ host: string; port: number }>) {
  const port = await freePort();
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    client.pause();
    const attempt = (i: number) => {
      const target = targets[i];
      if (!target) return client.destroy();
      const upstream = net.connect(target.port, target.host);
      const refused = () => attempt(i + 1);
      upstream.once('error', refused);
      upstream.once('connect', () => {
        upstream.off('error', refused);
        track(upstream);
        // end, not destroy: what the upstream wrote last (a WebSocket's close frame) still reaches the client
        upstream.on('close', () => client.end());
        client.on('close', () => upstream.destroy());
        client.pipe(upstream);
        upstream.pipe(client);
        client.resume();
      });
    };
    attempt(0);
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen();
  return {
    port,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of open) socket.destroy();
      await closed;
    },
    restore: listen,
    close() {
      for (const socket of open) socket.destroy();
      server.close();
    },
  };
}

export type Relay = Awaited<ReturnType<typeof createRelay>>;
