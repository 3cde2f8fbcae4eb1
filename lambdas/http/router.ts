// Owns matching a method and path to an API Gateway route key (`GET /tables/{tableId}`,
// `ANY /{proxy+}`, `$default`) and filling pathParameters, with API Gateway's precedence:
// exact segments beat `{param}`, which beats greedy `{param+}`; a method beats ANY.
export interface RouteMatch {
  routeKey: string;
  pathParameters: Record<string, string>;
}

export type RouteResult =
  | ({ kind: 'match' } & RouteMatch)
  | { kind: 'method-not-allowed'; allowed: string[] }
  | { kind: 'not-found' };

interface Route {
  key: string;
  method: string;
  segments: string[];
  score: number[];
}

const split = (path: string) => path.split('/').filter((s) => s.length > 0);

function parse(routeKey: string): Route {
  if (routeKey === '$default') return { key: routeKey, method: 'ANY', segments: ['{proxy+}'], score: [3] };
  const match = /^([A-Z]+) (\/\S*)$/.exec(routeKey);
  if (!match) throw new Error(`not a route key: ${routeKey} (write "METHOD /path/{param}")`);
  const segments = split(match[2]!);
  segments.forEach((s, i) => {
    if (s.endsWith('+}') && i !== segments.length - 1) throw new Error(`${routeKey}: a greedy {param+} must be last`);
  });
  // Lower is more specific, compared segment by segment.
  const score = segments.map((s) => (s.endsWith('+}') ? 2 : s.startsWith('{') ? 1 : 0));
  return { key: routeKey, method: match[1]!, segments, score };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchPath(route: Route, parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const segment = route.segments[i]!;
    if (segment.endsWith('+}')) {
      if (i >= parts.length) return undefined; // greedy needs at least one segment
      params[segment.slice(1, -2)] = parts.slice(i).map(decode).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return undefined;
    if (segment.startsWith('{')) params[segment.slice(1, -1)] = decode(part);
    else if (segment !== part) return undefined;
  }
  return route.segments.length === parts.length ? params : undefined;
}

function compare(a: Route, b: Route): number {
  for (let i = 0; i < Math.max(a.score.length, b.score.length); i++) {
    const d = (a.score[i] ?? -1) - (b.score[i] ?? -1);
    if (d !== 0) return d;
  }
  return (a.method === 'ANY' ? 1 : 0) - (b.method === 'ANY' ? 1 : 0);
}

export function createRouter(routeKeys: readonly string[]) {
  const routes = routeKeys.map(parse).sort(compare);
  return {
    match(method: string, path: string): RouteResult {
      const parts = split(path);
      const verb = method.toUpperCase();
      const allowed = new Set<string>();
      for (const route of routes) {
        const params = matchPath(route, parts);
        if (!params) continue;
        if (route.method === verb || route.method === 'ANY' || (verb === 'HEAD' && route.method === 'GET')) {
          return { kind: 'match', routeKey: route.key, pathParameters: params };
        }
        allowed.add(route.method);
      }
      return allowed.size > 0 ? { kind: 'method-not-allowed', allowed: [...allowed].sort() } : { kind: 'not-found' };
    },
  };
}

export type Router = ReturnType<typeof createRouter>;
