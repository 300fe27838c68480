// A stand-in for Cloudflare's custom hostnames API (POST, GET, DELETE
// /zones/{zone}/custom_hostnames), run in Node by global-setup.ts, that answers as the real one
// does: its envelope ({ success, errors, messages, result }), its error codes (1406 for a name
// already taken, 1436 for one not found, 10000 for a bad token), its statuses and TXT records. A
// test moves a hostname to another state as Cloudflare would (`POST /__stand-in/{hostname}`), and a
// name starting `broken-` gets a 500 with an HTML body, as an outage does.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';

export { STAND_IN_TOKEN, STAND_IN_ZONE } from './domains/stand-in-access.ts';
import { STAND_IN_TOKEN, STAND_IN_ZONE } from './domains/stand-in-access.ts';

type Hostname = {
  id: string;
  hostname: string;
  status: string;
  ssl: {
    id: string;
    type: 'dv';
    method: 'txt';
    status: string;
    validation_records: { txt_name: string; txt_value: string }[];
    validation_errors?: { message: string }[];
  };
  ownership_verification: { type: 'txt'; name: string; value: string };
  verification_errors?: string[];
  created_at: string;
};

const envelope = (result: unknown, errors: { code: number; message: string }[] = []) =>
  JSON.stringify({ success: errors.length === 0, errors, messages: [], result: errors.length ? null : result });

async function bodyOf(request: IncomingMessage) {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export function startStandIn(): Promise<{ server: Server; url: string; calls: () => number }> {
  const byId = new Map<string, Hostname>();
  let calls = 0;
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const send = (status: number, body: string, type = 'application/json') => {
      response.writeHead(status, { 'Content-Type': type });
      response.end(body);
    };
    const control = /^\/__stand-in\/([^/]+)$/.exec(url.pathname);
    if (control && request.method === 'POST') {
      const wanted = [...byId.values()].find((h) => h.hostname === control[1]);
      if (!wanted) return send(404, '{}');
      const change = await bodyOf(request);
      if (typeof change.status === 'string') wanted.status = change.status;
      if (typeof change.ssl_status === 'string') wanted.ssl.status = change.ssl_status;
      if (Array.isArray(change.verification_errors))
        wanted.verification_errors = change.verification_errors as string[];
      if (Array.isArray(change.validation_errors))
        wanted.ssl.validation_errors = (change.validation_errors as string[]).map((message) => ({ message }));
      if (change.gone === true) byId.delete(wanted.id);
      return send(200, JSON.stringify(wanted));
    }
    if (url.pathname === '/__stand-in/calls') return send(200, JSON.stringify({ calls }));
    calls += 1;
    const route = /^\/zones\/([^/]+)\/custom_hostnames(?:\/([^/]+))?$/.exec(url.pathname);
    if (!route) return send(404, envelope(null, [{ code: 7003, message: 'Could not route to ' + url.pathname }]));
    if (request.headers.authorization !== `Bearer ${STAND_IN_TOKEN}`)
      return send(403, envelope(null, [{ code: 10000, message: 'Authentication error' }]));
    if (route[1] !== STAND_IN_ZONE)
      return send(404, envelope(null, [{ code: 1001, message: 'Invalid zone identifier' }]));
    const id = route[2];
    if (!id && request.method === 'POST') {
      const body = await bodyOf(request);
      const hostname = String(body.hostname ?? '');
      if (hostname.startsWith('broken-')) return send(500, '<html><body>502 Bad Gateway</body></html>', 'text/html');
      if ([...byId.values()].some((h) => h.hostname === hostname))
        return send(409, envelope(null, [{ code: 1406, message: 'Duplicate custom hostname found.' }]));
      const made: Hostname = {
        id: randomUUID(),
        hostname,
        status: 'pending',
        ssl: {
          id: randomUUID(),
          type: 'dv',
          method: 'txt',
          status: 'pending_validation',
          validation_records: [{ txt_name: `_acme-challenge.${hostname}`, txt_value: randomUUID().replace(/-/g, '') }],
        },
        ownership_verification: { type: 'txt', name: `_cf-custom-hostname.${hostname}`, value: randomUUID() },
        verification_errors: ['custom hostname does not CNAME to this zone.'],
        created_at: new Date().toISOString(),
      };
      byId.set(made.id, made);
      return send(201, envelope(made));
    }
    const found = id ? byId.get(id) : undefined;
    if (!found) return send(404, envelope(null, [{ code: 1436, message: 'Custom hostname not found.' }]));
    if (request.method === 'GET') return send(200, envelope(found));
    if (request.method === 'DELETE') {
      byId.delete(found.id);
      return send(200, envelope({ id: found.id }));
    }
    return send(405, envelope(null, [{ code: 10405, message: 'Method not allowed' }]));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}`, calls: () => calls });
    });
  });
}
