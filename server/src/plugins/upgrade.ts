/**
 * One HTTP server, several WebSocket endpoints: Socket.IO at /socket.io/ and
 * Hocuspocus at /collab. Each library would otherwise listen to every `upgrade` event and
 * fight over sockets; the dispatcher owns the event and routes by path. Unknown paths get 404.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';

export type UpgradeHandler = (req: IncomingMessage, socket: Duplex, head: Buffer) => void;

export class UpgradeDispatcher {
  private readonly routes: { prefix: string; handle: UpgradeHandler }[] = [];

  constructor(server: Server) {
    // Libraries attached before us (engine.io) registered their own listeners: take them over.
    server.removeAllListeners('upgrade');
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.dispatch(req, socket, head));
  }

  /** Routes upgrades whose path equals `prefix` or lies under it. */
  register(prefix: string, handle: UpgradeHandler): void {
    this.routes.push({ prefix: prefix.replace(/\/$/, ''), handle });
  }

  private dispatch(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const route = this.routes.find((r) => path === r.prefix || path.startsWith(`${r.prefix}/`));
    if (!route) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    route.handle(req, socket, head);
  }
}
