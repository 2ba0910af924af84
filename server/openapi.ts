import { escapeHtml } from './html';
import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: {
    name: string;
    in: string;
    required?: boolean;
    description?: string;
    schema?: { type?: string; default?: unknown };
  }[];
  requestBody?: unknown;
  responses?: Record<string, { description?: string }>;
}
type Document = {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
};

const DOCS_CSP =
  "default-src 'none'; style-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** What a client must know before its first write (docs/decisions/025-csrf-tokens.md). */
const CSRF_NOTE =
  'A write (POST, PUT, PATCH, DELETE) that carries cookies sends in X-CSRFToken the token of the csrftoken cookie (__Host-csrftoken on secure hosts), which a page of the site issued for its device id; otherwise it is refused with 403 csrf_failed, and the refusal sets a fresh token. A call without cookies needs none.';

/** OpenAPI generated from the contract's zod schemas: /api/openapi.json and a readable /api/docs. */
export async function registerOpenApi(app: FastifyInstance, version: string) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Spotreel product API',
        description: `The product server behind the Spotreel web app (spec §7). ${CSRF_NOTE}`,
        version,
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  const document = () => app.swagger() as unknown as Document;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => document());
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      // The API's policy allows nothing; this page needs its own stylesheet, and only that.
      .header('content-security-policy', DOCS_CSP)
      .send(renderDocs(document())),
  );
  app.get('/api/docs.css', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(DOCS_CSS),
  );
}

function renderDocs(doc: Document): string {
  const rows = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const params = (op.parameters ?? [])
        .map(
          (p) =>
            `<li><code>${escapeHtml(p.name)}</code> <small>(${escapeHtml(p.in)}${p.required ? ', required' : ''}${
              p.schema?.default !== undefined
                ? `, default ${escapeHtml(JSON.stringify(p.schema.default))}`
                : ''
            })</small>${p.description ? ` — ${escapeHtml(p.description)}` : ''}</li>`,
        )
        .join('');
      const responses = Object.keys(op.responses ?? {}).join(', ');
      return `<section><h2><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h2>
<p>${escapeHtml(op.summary ?? '')}</p>${params ? `<ul>${params}</ul>` : ''}${op.requestBody ? '<p><small>JSON body: see openapi.json</small></p>' : ''}
<p><small>Answers: ${escapeHtml(responses)}</small></p></section>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)}</title><link rel="stylesheet" href="/api/docs.css"></head><body><main>
<h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Errors answer <code>{ "error", "message", "fields" }</code> (<code>fields</code> names each bad input).</p>
<p>${escapeHtml(CSRF_NOTE)}</p>
${rows.join('\n')}</main></body></html>`;
}

const DOCS_CSS = `body{margin:0;background:#FFFBF6;color:#15131C;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:900px;margin:0 auto;padding:32px 16px}h1{font-size:32px}h2{font-size:16px;margin:0}
section{background:#fff;border-radius:12px;padding:16px;margin:12px 0;box-shadow:0 1px 3px rgba(21,19,28,.12)}
.m{display:inline-block;min-width:48px;padding:2px 8px;border-radius:999px;color:#fff;font-size:12px;text-align:center}
.get{background:#2C7A7B}.post{background:#C2362C}.put{background:#8A5A00}a{color:#2C7A7B}code{font-size:14px;overflow-wrap:anywhere}`;
