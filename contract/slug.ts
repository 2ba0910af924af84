import { idFromDigits } from './storable';

/** Lower-case, ASCII, hyphen-joined: the one slug rule of every URL (docs/decisions/006-slugs.md). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A location identifier: the name's slug ending in the numeric id (spec §2.4). */
export function locationIdentifier(name: string, id: number): string {
  const slug = slugify(name);
  return slug ? `${slug}-${id}` : String(id);
}

/** The numeric id at the end of a location identifier, or null (none, or past any id). */
export function idFromLocationIdentifier(identifier: string): number | null {
  const match = /(?:^|-)([0-9]+)$/.exec(identifier);
  return match ? idFromDigits(match[1]!) : null;
}
