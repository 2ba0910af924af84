/**
 * The React floor of the render-cost part of `npm run bench:web` (bench/web-render.ts starts it):
 * what React DOM's own server renderer costs to write a page's final HTML when nothing else is
 * computed. Each page's HTML, as the built server sent it, is parsed back (htmlparser2) into a
 * bare tree of React elements: every element with its attributes as React props (class →
 * className, for → htmlFor, hyphenated SVG attributes camelCased, boolean attributes true,
 * style strings as style objects), <script> and <style> contents as `dangerouslySetInnerHTML`,
 * text as strings (React's `<!-- -->` separators dropped: adjacent strings get them back), a
 * `<Suspense>` for each resolved boundary (`<!--$-->` … `<!--/$-->`), and the image preload links
 * React writes itself from an `<img>` left out (it writes them again). No component of the app,
 * no hook, no data: the least work `renderToString` can do for that page. Rendered with
 * `<!DOCTYPE html>` in front, it must give back the server's bytes exactly.
 *
 * Run in its own process with NODE_ENV=production, so the production build of React is used:
 *
 *   NODE_ENV=production node --import tsx bench/render-floor.ts <spec.json>
 *
 * spec.json: `{ pages: [{ name, file }], warmup }`. With a parent on IPC it parses and checks every
 * page, warms up and says `ready`; then each `{ type: 'round', renders }` it is sent renders every
 * page that many times and answers with the main thread's CPU and wall time, until `{ type: 'end' }`
 * (so the parent can interleave these rounds with the server's). Run by hand, it prints the checks
 * and one round of 1000 renders a page.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createElement, Suspense, type ReactElement, type ReactNode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { Parser } from 'htmlparser2';

export interface FloorSpec {
  pages: { name: string; file: string }[];
  /** Unmeasured renders of each page before it says it is ready. */
  warmup: number;
}

/** What the parent asks: one round of renders of every page, or the end. */
export type FloorCommand = { type: 'round'; renders: number } | { type: 'end' };

/** What it answers: ready (with each page's check), then each round's figures. */
export type FloorMessage =
  { type: 'ready'; pages: FloorPage[] } | { type: 'round'; results: FloorRound[] };

/** A page parsed back and checked against the server's bytes. */
export interface FloorPage {
  name: string;
  /** Bytes of the page as the server sent it. */
  htmlBytes: number;
  /** Bytes of `renderToString` of the parsed tree, with the `<!DOCTYPE html>` React Router adds. */
  floorBytes: number;
  /** The floor wrote the very bytes the server sent. */
  identical: boolean;
  /** Where the two differ first (−1: they do not), with a little context. */
  firstDifference: number;
  differenceContext: string;
  elements: number;
  /** Parsing the HTML into the tree, ms (once, not part of the floor). */
  parseMs: number;
}

/** One page's renders in one round. */
export interface FloorRound {
  name: string;
  renders: number;
  /** Main-thread CPU time (user + system) of those renders, µs. */
  cpuUs: number;
  /** Their wall time, ms. */
  wallMs: number;
  /** The same number of renders with `renderToPipeableStream`, as app/entry.server.tsx renders: CPU µs. */
  streamCpuUs: number;
  /** Their wall time, ms. */
  streamWallMs: number;
}

if (process.env.NODE_ENV !== 'production')
  throw new Error('render-floor.ts measures the production React: run it with NODE_ENV=production');

/** Elements whose contents are raw text, not markup. */
const RAW_TEXT = new Set(['script', 'style']);
/** HTML's void elements: no children, no closing tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/**
 * Attribute names React writes for a prop of another name (react-dom's `aliases` and its own
 * cases); hyphenated and `ns:` names not listed here are camelCased (stroke-width → strokeWidth).
 */
const PROP_OF_ATTRIBUTE: Record<string, string> = {
  class: 'className',
  for: 'htmlFor',
  tabindex: 'tabIndex',
  crossorigin: 'crossOrigin',
  'http-equiv': 'httpEquiv',
  'accept-charset': 'acceptCharset',
  'xmlns:xlink': 'xmlnsXlink',
  autofocus: 'autoFocus',
};
/** Props React writes as an empty attribute when true (react-dom's boolean cases). */
const BOOLEAN_PROPS = new Set([
  'allowFullScreen',
  'async',
  'autoPlay',
  'controls',
  'credentialless',
  'default',
  'defer',
  'disabled',
  'disablePictureInPicture',
  'disableRemotePlayback',
  'formNoValidate',
  'hidden',
  'inert',
  'loop',
  'noModule',
  'noValidate',
  'open',
  'playsInline',
  'readOnly',
  'required',
  'reversed',
  'scoped',
  'seamless',
  'itemScope',
  'autoFocus',
  'multiple',
  'muted',
  'checked',
  'selected',
]);

const camel = (name: string) =>
  name.replace(/[-:]([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** `a:b; c-d: e` → `{ a: 'b', cD: 'e' }` (custom properties kept as they are). */
function styleObject(text: string): Record<string, string> {
  const style: Record<string, string> = {};
  // Split on semicolons outside parentheses (a url() or var() may hold one).
  let depth = 0;
  let start = 0;
  const parts: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  for (const part of parts) {
    const colon = part.indexOf(':');
    if (colon === -1) continue;
    const name = part.slice(0, colon).trim();
    const value = part.slice(colon + 1).trim();
    if (!name) continue;
    const key = name.startsWith('--')
      ? name
      : camel(name.replace(/^-ms-/, 'ms-')).replace(/^-([a-z])/, (_, l: string) => l.toUpperCase());
    style[key] = value;
  }
  return style;
}

/** One element's attributes as the props that make React write them. */
function propsOf(attributes: Record<string, string>): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(attributes)) {
    const lower = name.toLowerCase();
    let prop: string;
    if (PROP_OF_ATTRIBUTE[lower]) prop = PROP_OF_ATTRIBUTE[lower];
    else if (lower.startsWith('data-') || lower.startsWith('aria-')) prop = name;
    else if (name.includes('-') || name.includes(':')) prop = camel(name);
    else prop = name;
    if (prop === 'style') props.style = styleObject(value);
    else if (BOOLEAN_PROPS.has(prop) && value === '') props[prop] = true;
    else props[prop] = value;
  }
  return props;
}

interface Frame {
  /** A tag name, or Suspense for a resolved boundary (`<!--$-->` … `<!--/$-->`). */
  type: string | typeof Suspense;
  props: Record<string, unknown>;
  children: ReactNode[];
  /** Text since the last tag or comment: one string child once flushed. */
  text: string | null;
  /** Left out of the tree. */
  skip?: boolean;
}

/** The page's HTML as a tree of plain React elements (its root element, `<html>`). */
function treeOf(html: string): { root: ReactElement; elements: number } {
  // React writes `<link rel="preload" as="image">` for the images it may preload itself
  // (`fetchPriority="high"`, ADR 019's poster): it writes them again from the <img>, so the
  // parsed copies are left out.
  const preloadedImages = new Set(
    [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1] as string),
  );
  const top: Frame = { type: '', props: {}, children: [], text: null };
  const stack: Frame[] = [top];
  let elements = 0;
  const current = () => stack[stack.length - 1] as Frame;
  const flush = (frame: Frame) => {
    if (frame.text !== null) frame.children.push(frame.text);
    frame.text = null;
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush(current());
        if (
          name === 'link' &&
          attributes.rel === 'preload' &&
          attributes.as === 'image' &&
          preloadedImages.has(attributes.href ?? '')
        ) {
          stack.push({ type: name, props: {}, children: [], text: null, skip: true });
          return;
        }
        stack.push({ type: name, props: propsOf(attributes), children: [], text: null });
      },
      ontext(text) {
        const frame = current();
        frame.text = (frame.text ?? '') + text;
      },
      // `<!-- -->` between two texts: two strings side by side get it back. `<!--$-->` …
      // `<!--/$-->`: a resolved Suspense boundary, which a <Suspense> writes again.
      oncomment(data) {
        flush(current());
        if (data === '$') stack.push({ type: Suspense, props: {}, children: [], text: null });
        else if (data === '/$') {
          const frame = stack.pop();
          if (frame?.type !== Suspense) throw new Error('unbalanced <!--/$-->');
          flush(frame);
          current().children.push(createElement(Suspense, null, ...frame.children));
        } else if (data.trim()) throw new Error(`unexpected comment <!--${data}-->`);
      },
      onclosetag(name) {
        const frame = stack.pop();
        if (!frame || frame.type !== name) throw new Error(`unbalanced </${name}>`);
        flush(frame);
        if (frame.skip) return;
        elements++;
        let element: ReactElement;
        if (RAW_TEXT.has(name)) {
          const text = frame.children.join('');
          element = createElement(
            name,
            text ? { ...frame.props, dangerouslySetInnerHTML: { __html: text } } : frame.props,
          );
        } else if (VOID.has(name) || frame.children.length === 0)
          element = createElement(name, frame.props);
        else element = createElement(name, frame.props, ...frame.children);
        const parent = current();
        flush(parent);
        parent.children.push(element);
      },
    },
    // Attribute and tag names as React wrote them (charSet, viewBox, playsInline); entities
    // decoded in text and attribute values (React escapes them again).
    { decodeEntities: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  );
  parser.write(html);
  parser.end();
  flush(top);
  if (stack.length !== 1) throw new Error(`${stack.length - 1} element(s) left open`);
  const roots = top.children.filter((child) => typeof child !== 'string' || child.trim());
  const root = roots[0];
  if (roots.length !== 1 || !root || typeof root !== 'object' || !('type' in root))
    throw new Error(`expected one root element, found ${roots.length}`);
  return { root: root as ReactElement, elements };
}

const DOCTYPE = '<!DOCTYPE html>';

function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

function cpuMicros(): number {
  const usage = process.threadCpuUsage();
  return usage.user + usage.system;
}

interface Loaded extends FloorPage {
  root: ReactElement;
}

/** Parses every page, checks the floor's bytes against the server's, warms the renderer up. */
function load(spec: FloorSpec): Loaded[] {
  const pages = spec.pages.map((page): Loaded => {
    const html = readFileSync(page.file, 'utf8');
    const parseStart = performance.now();
    const { root, elements } = treeOf(html);
    const parseMs = performance.now() - parseStart;
    const rendered = DOCTYPE + renderToString(root);
    const at = firstDifference(html, rendered);
    return {
      name: page.name,
      root,
      elements,
      parseMs,
      htmlBytes: Buffer.byteLength(html),
      floorBytes: Buffer.byteLength(rendered),
      identical: at === -1,
      firstDifference: at,
      differenceContext:
        at === -1
          ? ''
          : `server …${html.slice(Math.max(0, at - 40), at + 40)}… floor …${rendered.slice(Math.max(0, at - 40), at + 40)}…`,
    };
  });
  return pages;
}

/** Every page both ways, so the JIT has seen all of them before any is measured. */
async function warmUp(pages: Loaded[], warmup: number) {
  for (const page of pages) for (let i = 0; i < warmup; i++) renderToString(page.root);
  for (const page of pages) {
    const streamed = await streamOnce(page.root);
    // The streaming renderer writes the doctype itself (React Router's entry adds none).
    const text = streamed.toString('utf8');
    const at = firstDifference(text, DOCTYPE + renderToString(page.root));
    if (at !== -1)
      throw new Error(
        `${page.name}: the streaming renderer wrote other bytes than renderToString at ${at}: …${text.slice(Math.max(0, at - 60), at + 60)}…`,
      );
    for (let i = 1; i < warmup; i++) await streamOnce(page.root);
  }
}

/**
 * The tree rendered the way app/entry.server.tsx renders a page: React DOM's streaming renderer,
 * whole (`onAllReady`, no outlined parts), its chunks collected into one Buffer.
 */
function streamOnce(root: ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    const { pipe } = renderToPipeableStream(root, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => pipe(sink),
      onShellError: reject,
    });
  });
}

/**
 * One round: `renders` renders of each page in turn with `renderToString` (the floor), then as
 * many with the streaming renderer (what the same bytes cost React the way the server renders).
 */
async function round(pages: Loaded[], renders: number): Promise<FloorRound[]> {
  const results: FloorRound[] = [];
  for (const page of pages) {
    const cpuStart = cpuMicros();
    const wallStart = performance.now();
    for (let i = 0; i < renders; i++) renderToString(page.root);
    const wallMs = performance.now() - wallStart;
    const cpuUs = cpuMicros() - cpuStart;
    const streamCpuStart = cpuMicros();
    const streamWallStart = performance.now();
    for (let i = 0; i < renders; i++) await streamOnce(page.root);
    results.push({
      name: page.name,
      renders,
      cpuUs,
      wallMs,
      streamCpuUs: cpuMicros() - streamCpuStart,
      streamWallMs: performance.now() - streamWallStart,
    });
  }
  return results;
}

const [specFile] = process.argv.slice(2);
if (!specFile) throw new Error('usage: render-floor.ts <spec.json>');
const spec = JSON.parse(readFileSync(specFile, 'utf8')) as FloorSpec;
const pages = load(spec);
await warmUp(pages, spec.warmup);
const described: FloorPage[] = pages.map(({ root: _root, ...page }) => page);
const send = process.send?.bind(process);
if (!send) {
  // By hand: one round of 1000 renders of each page, printed.
  console.log(JSON.stringify({ pages: described, round: await round(pages, 1000) }, null, 2));
} else {
  process.on('message', (message: FloorCommand) => {
    if (message.type === 'round')
      void round(pages, message.renders).then((results) => send({ type: 'round', results }));
    // Disconnecting lets the process end.
    else process.disconnect();
  });
  send({ type: 'ready', pages: described });
}
