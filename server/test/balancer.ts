/**
 * A plain L4 round-robin balancer for the multi-node tests: each new TCP connection goes to the
 * next backend that accepts it (a stopped node is skipped), bytes are piped both ways, so HTTP,
 * keep-alive and WebSocket upgrades pass as through any TCP load balancer. `setBackends` changes
 * where new connections go; open ones stay where they are.
 */
import { connect as dial, createServer, type Server } from 'node:net';

export interface Balancer {
  port: number;
  url: string;
  setBackends(ports: number[]): void;
  close(): Promise<void>;
}

export function startBalancer(initial: number[] = []): Promise<Balancer> {
  let backends = [...initial];
  let next = 0;
  const server: Server = createServer((client) => {
    const ports = backends;
    const attempt = (tries: number) => {
      const port = ports[next++ % Math.max(1, ports.length)];
      if (port === undefined) return client.destroy();
      const upstream = dial(port, '127.0.0.1');
      upstream.once('connect', () => client.pipe(upstream).pipe(client));
      upstream.once('error', () => {
        upstream.destroy();
        if (tries + 1 < ports.length) attempt(tries + 1);
        else client.destroy();
      });
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
    };
    attempt(0);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        setBackends: (ports) => {
          backends = [...ports];
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    }),
  );
}
