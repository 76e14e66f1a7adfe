/**
 * A plain L4 round-robin balancer for the multi-node tests: each new TCP connection goes to the
 * next backend that accepts it (a stopped node is skipped), bytes are piped both ways, so HTTP,
 * keep-alive and WebSocket upgrades pass as through any TCP load balancer. `setBackends` changes
 * where new connections go; open ones stay where they are.
 */
import { connect as dial, createServer, type Server, type Socket } from 'node:net';

export interface Balancer {
  port: number;
  url: string;
  setBackends(ports: number[]): void;
  close(): Promise<void>;
}

export function startBalancer(initial: number[] = []): Promise<Balancer> {
  let backends = [...initial];
  let next = 0;
  // Every socket either side holds, so close() ends at once (server.close waits for them all).
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server: Server = createServer((client) => {
    track(client);
    const ports = backends;
    const attempt = (tries: number) => {
      const port = ports[next++ % Math.max(1, ports.length)];
      if (port === undefined) return client.destroy();
      const upstream = dial(port, '127.0.0.1');
      track(upstream);
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', () => {
        upstream.destroy();
        // Only a refused connection moves on to the next backend; a reset one ends the client's.
        if (!connected && tries + 1 < ports.length) attempt(tries + 1);
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
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            for (const socket of open) socket.destroy();
          }),
      });
    }),
  );
}
