/** spec §9: environments decided by host. */
export type Environment = 'production' | 'sandbox' | 'local' | 'unknown';

export interface HostLists {
  production: string[];
  sandbox: string[];
  local: string[];
}

/** The environment a request host (with or without port) belongs to. */
export function environmentForHost(host: string | undefined, lists: HostLists): Environment {
  if (!host) return 'unknown';
  const name = host.toLowerCase().replace(/:\d+$/, '');
  if (lists.production.includes(name)) return 'production';
  if (lists.sandbox.includes(name)) return 'sandbox';
  if (lists.local.includes(name) || name.endsWith('.localhost')) return 'local';
  return 'unknown';
}
