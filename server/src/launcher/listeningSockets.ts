/**
 * Each service's listening socket, bound by the launcher once and handed to every process of the service,
 * which all accept on it (the kernel gives a connection to whichever live process accepts first, so a dead
 * process is never handed one). The launcher holds the socket for as long as it runs: when every process of
 * a service is down at once (the last one killed while its replacement still warms up), new connections
 * wait in the socket's queue and the replacement answers them when it listens, instead of being refused.
 * Node's cluster module closed a shared socket with the last process using it.
 */
import dns from 'node:dns/promises';
import net from 'node:net';
import util from 'node:util';
import type { Config, ServiceName } from '../config/config.ts';

/** A bound TCP server handle, as a process's `server.listen({ handle })` takes it. */
export interface ServerHandle {
  close(): void;
}

export interface ServiceSocket {
  handle: ServerHandle;
  /** The address bound (the host resolved): what the processes give as their host. */
  address: string;
}

// Node's own maker of a bound server handle that is not yet accepting, the one its cluster module uses: a
// public net.Server would accept connections in the launcher itself. It answers an errno when bind fails.
const createServerHandle = (net as unknown as { _createServerHandle(address: string, port: number, addressType: 4 | 6): ServerHandle | number })
  ._createServerHandle;

async function bindSocket(service: ServiceName, host: string, port: number): Promise<ServiceSocket> {
  const { address, family } = net.isIP(host) ? { address: host, family: net.isIP(host) } : await dns.lookup(host);
  const handle = createServerHandle(address, port, family === 6 ? 6 : 4);
  if (typeof handle === 'number') {
    const code = util.getSystemErrorName(handle);
    const why = code === 'EADDRINUSE' ? ': another program listens there' : '';
    throw new Error(`The ${service} service cannot listen on ${host}:${port} (${code})${why}. Set SKYLIFT_${service.toUpperCase()}_PORT to a free port.`);
  }
  return { handle, address };
}

/** Binds the socket of every service; the first failure stops the start with what to change. */
export async function bindServiceSockets(config: Config, services: readonly ServiceName[]): Promise<Map<ServiceName, ServiceSocket>> {
  const sockets = new Map<ServiceName, ServiceSocket>();
  try {
    for (const service of services) sockets.set(service, await bindSocket(service, config.host, config.services[service].port));
  } catch (error) {
    for (const socket of sockets.values()) socket.handle.close();
    throw error;
  }
  return sockets;
}
