// The studio's calls to the local server (server/studio.ts); a refusal comes back as the API's message.
import type { StudioProblem } from '../../../server/studio.ts';
import type { Answer } from '../../../server/studio-worker.ts';

export type { Answer, StudioProblem };

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/dev/studio${path}`, {
    method,
    ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  const data = (await res.json()) as T & { message?: string; problems?: StudioProblem[] };
  if (!res.ok && !data.problems) throw new Error(data.message ?? res.statusText);
  return data;
}

export const packFiles = () => call<{ packs: { id: string; file: string }[] }>('GET', '/packs').then((r) => r.packs);
export const packText = (id: string) => call<{ id: string; file: string; text: string }>('GET', `/packs/${id}`);
export const check = (id: string, text: string) =>
  call<{ problems: StudioProblem[] }>('POST', '/check', { id, text }).then((r) => r.problems);
export const figures = (id: string, text: string) => call<Answer>('POST', '/math', { id, text });
export const save = (id: string, text: string) =>
  call<{ saved?: boolean; problems?: StudioProblem[] }>('PUT', `/packs/${id}`, { text });
