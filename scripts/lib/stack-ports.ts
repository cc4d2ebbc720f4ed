/**
 * The ports the local stack binds (scripts/lib/stack.ts), and the check that they are free before it starts.
 */
import { createConnection, createServer } from 'node:net';
import { APP_NAMES, APP_PORTS, AUTH_EMULATOR_PORT, SERVER_PORT } from '../../packages/config/src/ports.ts';
import { BALANCER_STATS_PORT } from './balancer.ts';

/** Ports the stack needs, with who uses them (a busy one stops start-up with its name). */
export const STACK_PORTS: Array<{ port: number; name: string }> = [
  { port: AUTH_EMULATOR_PORT, name: 'Firebase Auth emulator' },
  { port: 4400, name: 'Firebase emulator hub' },
  { port: 4500, name: 'Firebase emulator logging' },
  { port: SERVER_PORT, name: 'server' },
  { port: 2525, name: 'server mail catcher (SMTP)' },
  ...APP_NAMES.map((app) => ({ port: APP_PORTS[app], name: `${app} app` })),
];

/** The ports of the deployed layout's instances (the balancer takes the server's own): 8081, 8082 … */
export const instancePort = (index: number) => SERVER_PORT + 1 + index;

function portInUse(port: number): Promise<boolean> {
  // Busy if something answers on it (IPv4 or IPv6 loopback) or if we cannot bind it ourselves.
  const connect = (host: string) =>
    new Promise<boolean>((done) => {
      const socket = createConnection({ port, host });
      socket.setTimeout(500);
      socket.once('connect', () => (socket.destroy(), done(true)));
      socket.once('timeout', () => (socket.destroy(), done(false)));
      socket.once('error', () => done(false));
    });
  const bind = () =>
    new Promise<boolean>((done) => {
      const server = createServer();
      server.once('error', () => done(true));
      server.listen(port, '127.0.0.1', () => server.close(() => done(false)));
    });
  return Promise.all([connect('127.0.0.1'), connect('::1'), bind()]).then((r) => r.some(Boolean));
}

/** The deployed layout's ports besides the emulator's and the apps' (the balancer on the server's port). */
function deployedPorts(instances: number): Array<{ port: number; name: string }> {
  return [
    { port: SERVER_PORT, name: 'load balancer' },
    { port: BALANCER_STATS_PORT, name: 'load balancer statistics' },
    ...Array.from({ length: instances }, (_, i) => [
      { port: instancePort(i), name: `server-${i + 1}` },
      { port: 2525 + i, name: `server-${i + 1} mail catcher (SMTP)` },
    ]).flat(),
  ];
}

/** Throws an Error naming every busy port (of the deployed layout with `instances`). */
export async function assertPortsFree(instances?: number): Promise<void> {
  const busy: string[] = [];
  const ports = instances
    ? [...STACK_PORTS.filter((p) => p.port !== SERVER_PORT && p.port !== 2525), ...deployedPorts(instances)]
    : STACK_PORTS;
  for (const { port, name } of ports) {
    if (await portInUse(port)) busy.push(`port ${port} (${name})`);
  }
  if (busy.length) {
    throw new Error(
      `Cannot start: ${busy.join(', ')} ${busy.length > 1 ? 'are' : 'is'} already in use. ` +
        'Stop whatever uses it (another `npm start`?) and try again.',
    );
  }
}
