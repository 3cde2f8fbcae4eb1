// Owns the studio's endpoints (`npm start` only, never deployed): a product manager edits a pack's
// YAML on the web page, sees the project's own validator's errors and the pack's exact figures as
// they type, and saves. Under /dev/studio:
//   GET  /               the studio page (web/studio.html; its script web/src/studio/main.ts, bundled on first request)
//   GET  /packs          the pack files in rules/
//   GET  /packs/{id}     one pack file's text as saved
//   POST /check          {id, text}: every problem, each at its line and column (the validator `validate` runs)
//   POST /math           {id, text}: each bet's RTP, each pay line's share, and the changes from the saved file
//   PUT  /packs/{id}     {text}: writes the file, exactly the text given (comments and layout are the
//                        editor's), only a pack file directly in rules/, only once it validates
// Writes are refused from another web origin (a page elsewhere cannot save into rules/), and the
// file is replaced in one rename, so `npm start`'s watcher never reads half a file.
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { errorResult, HttpError, jsonBody, jsonResult } from '../lambdas/http/index.ts';
import { checkSource, fileKind } from '../lambdas/pack/load.ts';
import { type Diagnostic, parseSource } from '../lambdas/pack/source.ts';
import type { Mount } from './lambda-server.ts';
import { StudioMathThread } from './studio-worker.ts';
import { bundleScript, WEB_ROOT } from './web.ts';

export const STUDIO_ROUTES = [
  'GET /',
  'GET /studio.js',
  'GET /packs',
  'GET /packs/{id}',
  'POST /check',
  'POST /math',
  'PUT /packs/{id}',
] as const;

const ID = /^[a-z0-9][a-z0-9-]{0,62}$/;
/** A pack file is small; a body past this is not one. */
const MAX_TEXT = 200_000;

export interface StudioProblem {
  /** The file it is in, relative to the working folder (a side-bet module's, or the pack's own). */
  file: string;
  line: number;
  col: number;
  message: string;
  /** Whether it is in the pack's own text (the editor marks it there). */
  here: boolean;
}

export interface Studio {
  mount: Mount;
  stop(): Promise<void>;
}

export function studioMount(rulesDir: string): Studio {
  const root = resolve(rulesDir);
  const math = new StudioMathThread();
  let script: Promise<string> | undefined;

  /** The path of pack `id`: a YAML file directly in rules/, whatever the id says. */
  function packPath(id: unknown, mustExist = true): string {
    if (typeof id !== 'string' || !ID.test(id))
      throw new HttpError(
        'invalid-body',
        'id: a pack id is lowercase letters, digits and dashes (the file rules/<id>.yaml)',
      );
    const path = join(root, `${id}.yaml`);
    if (dirname(path) !== root) throw new HttpError('invalid-body', `id: ${id} is not a file in rules/`);
    if (mustExist && !existsSync(path)) throw new HttpError('not-found', `there is no pack file rules/${id}.yaml`);
    return path;
  }

  function textOf(body: { text?: unknown }): string {
    if (typeof body.text !== 'string') throw new HttpError('invalid-body', 'text: the pack file as text');
    if (body.text.length > MAX_TEXT)
      throw new HttpError('invalid-body', `text: at most ${MAX_TEXT} characters; a pack file is far smaller`);
    return body.text;
  }

  function check(path: string, text: string): StudioProblem[] {
    const source = parseSource(path, text);
    const problems = checkSource(source, root);
    if (!problems.length && fileKind(source.data) !== 'Variant')
      return [{ file: shown(path), line: 1, col: 1, message: 'kind: a pack is kind: Variant', here: true }];
    return problems.map((d: Diagnostic) => ({
      file: shown(d.path),
      line: d.line,
      col: d.col,
      message: d.message,
      here: resolve(d.path) === path,
    }));
  }

  async function route(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
    const method = event.requestContext.http.method;
    const path = event.rawPath;
    if (method === 'GET' && path === '/') {
      math.warm();
      return page('text/html; charset=utf-8', readFileSync(join(WEB_ROOT, 'studio.html'), 'utf8'));
    }
    if (method === 'GET' && path === '/studio.js') {
      script ??= bundleScript(join(WEB_ROOT, 'src/studio/main.ts')).catch((error: unknown) => {
        script = undefined; // a fixed source builds on the next request
        throw error;
      });
      return page('text/javascript; charset=utf-8', (await script) as string);
    }
    if (method === 'GET' && path === '/packs') {
      const packs = readdirSync(root)
        .filter((f) => f.endsWith('.yaml') && ID.test(f.slice(0, -5)))
        .sort()
        .map((f) => ({ id: f.slice(0, -5), file: shown(join(root, f)) }));
      return jsonResult(200, { packs });
    }
    const id = event.pathParameters?.id;
    if (method === 'GET') {
      const file = packPath(id);
      return jsonResult(200, { id, file: shown(file), text: readFileSync(file, 'utf8') });
    }
    sameOrigin(event);
    const body = (jsonBody(event) ?? {}) as { id?: unknown; text?: unknown };
    if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError('invalid-body', 'a JSON object');
    if (method === 'PUT') {
      const file = packPath(id);
      const text = textOf(body);
      const problems = check(file, text);
      if (problems.length)
        return jsonResult(422, { code: 'invalid-pack', message: 'the pack has errors: not saved', problems });
      // One rename: the watcher sees the old file or the new one, never a half-written one.
      const temp = join(root, `.${id}.${randomUUID().slice(0, 8)}.tmp`);
      writeFileSync(temp, text);
      renameSync(temp, file);
      return jsonResult(200, { id, file: shown(file), saved: true });
    }
    const file = packPath(body.id);
    const text = textOf(body);
    if (path === '/check') return jsonResult(200, { problems: check(file, text) });
    const saved = readFileSync(file, 'utf8');
    return jsonResult(200, await math.compute({ path: file, text, saved }));
  }

  return {
    mount: {
      basePath: '/dev/studio',
      routes: STUDIO_ROUTES,
      publicRoutes: STUDIO_ROUTES,
      handler: async (event) => {
        try {
          return await route(event as unknown as APIGatewayProxyEventV2);
        } catch (error) {
          return errorResult(error);
        }
      },
    },
    stop: () => math.stop(),
  };
}

const page = (type: string, body: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode: 200,
  headers: { 'content-type': type, 'cache-control': 'no-store' },
  body,
});

const shown = (path: string) => relative(process.cwd(), path) || path;

/** A write comes from the page this server serves: a browser names its origin, which must be this host. */
function sameOrigin(event: APIGatewayProxyEventV2): void {
  const origin = event.headers?.origin;
  if (origin === undefined) return; // not a browser's cross-site request (curl, tests)
  const host = event.headers?.host;
  let from: string | undefined;
  try {
    from = new URL(origin).host;
  } catch {
    from = undefined;
  }
  if (!host || from !== host)
    throw Object.assign(
      new Error(`the studio takes edits only from its own page (origin ${origin} is not ${host})`),
      { code: 'forbidden' }, // 403
    );
}
