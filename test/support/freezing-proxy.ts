import { createConnection, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a real server, on port 0, that can freeze: while frozen it passes nothing either way and closes
 * nothing — a server that stopped answering (SIGSTOP, a network cut) as its clients see it. Thawed, it relays again.
 * Cut, its connections end at once, as a reset or a killed server ends them.
 */
export class FreezingProxy {
  private readonly server: Server;
  private readonly pairs = new Set<[Socket, Socket]>();
  private frozen = false;

  private constructor(target: { host: string; port: number }) {
    this.server = createServer((client) => {
      const upstream = createConnection(target);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      client.pipe(upstream);
      upstream.pipe(client);
      // After pipe(), which resumes its source: a connection made while frozen is frozen too.
      if (this.frozen) for (const socket of pair) socket.pause();
      const close = () => {
        this.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', close).on('close', close);
      upstream.on('error', close).on('close', close);
    });
  }

  static async start(target: { host: string; port: number }): Promise<FreezingProxy> {
    const proxy = new FreezingProxy(target);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  /** A relay in front of the server a URL names (postgres://…, redis://…; its default port when it names none). */
  static forUrl(url: string, defaultPort: number): Promise<FreezingProxy> {
    const server = new URL(url);
    return FreezingProxy.start({ host: server.hostname, port: Number(server.port || defaultPort) });
  }

  /** `url` with its host and port replaced by this relay's. */
  via(url: string): string {
    const relayed = new URL(url);
    relayed.hostname = '127.0.0.1';
    relayed.port = String(this.port);
    return relayed.href;
  }

  get port(): number {
    const address = this.server.address();
    if (address === null || typeof address === 'string') throw new Error('the proxy is not listening');
    return address.port;
  }

  freeze(): void {
    this.frozen = true;
    for (const pair of this.pairs) for (const socket of pair) socket.pause();
  }

  thaw(): void {
    this.frozen = false;
    for (const pair of this.pairs) for (const socket of pair) socket.resume();
  }

  /** Cuts every relayed connection (as a reset or a killed server would) and goes on relaying new ones. */
  cut(): void {
    for (const [client, upstream] of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    this.pairs.clear();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
