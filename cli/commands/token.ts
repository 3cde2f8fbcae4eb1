// `croupier token --sub ID --role player|operator|dealer [--demo]`: a JWT for the local server, signed
// with the local development key (.local/dev-key.json, created on first use).
import { type Role, signToken } from '../../lambdas/auth/index.ts';

export async function run(args: string[]): Promise<number> {
  const value = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const sub = value('--sub');
  const role = value('--role');
  if (!sub || (role !== 'player' && role !== 'operator' && role !== 'dealer')) {
    console.error('usage: croupier token --sub ID --role player|operator|dealer [--demo]');
    return 2;
  }
  console.log(signToken({ sub, role: role as Role, ...(args.includes('--demo') ? { demo: true as const } : {}) }));
  return 0;
}
