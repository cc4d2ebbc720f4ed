/**
 * The load balancer of the deployed layout (`npm test`'s deployed stage, `npm run e2e:deployed`): Debian's
 * HAProxy in front of several server instances, as a deployment runs them behind its HTTPS balancer. It listens
 * on the server's own port, so the apps' API root (http://localhost:8080 by default) reaches the balancer and
 * nothing is rebuilt. Round robin with no sticky sessions, health checks on `/server-status` (an instance that
 * stops answering is taken out within two seconds, a draining one answers 503 and is taken out too), a request
 * whose connection was refused tried again at another instance, and the answering instance's name in an
 * `X-Tend-Instance` response header (the tests read it to stop the instance that holds a stream).
 */
import { existsSync } from 'node:fs';

/** HAProxy's statistics page (the tests read which instances it counts as up: `;csv`). */
export const BALANCER_STATS_PORT = 8404;

/** HAProxy (Debian's /usr/sbin/haproxy, HAPROXY_PATH or the PATH); undefined when absent. */
export function haproxyPath(): string | undefined {
  const candidates = [
    process.env.HAPROXY_PATH,
    '/usr/sbin/haproxy',
    '/usr/bin/haproxy',
    ...(process.env.PATH ?? '').split(':').map((dir) => `${dir}/haproxy`),
  ];
  return candidates.find((p): p is string => Boolean(p) && existsSync(p!));
}

export interface BalancedInstance {
  name: string;
  port: number;
}

/** The HAProxy configuration of `instances` behind `frontPort` (all on the loopback address). */
export function haproxyConfig(frontPort: number, instances: BalancedInstance[]): string {
  return [
    'global',
    // Every request's log line (which instance answered it, and how) in the balancer's service log.
    '  log stdout format raw local0 info',
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  timeout connect 2s',
    // Chat event streams stay open: the server writes a heartbeat every 25 s.
    '  timeout client 2m',
    '  timeout server 2m',
    '  timeout http-keep-alive 10s',
    '  timeout check 2s',
    // A connection an instance refuses (it died) is tried again, at another instance: nothing was sent, so this
    // is safe for every method. A request already sent is never replayed by the balancer.
    '  retries 3',
    '  option redispatch 1',
    '',
    'frontend api',
    `  bind 127.0.0.1:${frontPort}`,
    '  option forwardfor',
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /server-status',
    '  http-check expect status 200',
    '  default-server inter 1s fall 2 rise 2',
    '  http-response set-header X-Tend-Instance %[srv_name]',
    ...instances.map((i) => `  server ${i.name} 127.0.0.1:${i.port} check`),
    '',
    'listen stats',
    `  bind 127.0.0.1:${BALANCER_STATS_PORT}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}
