/** A creator's avatar: their initials on a warm two-tone disc, as a small SVG (deterministic). */
const PALETTE = [
  ['#FF5A4E', '#FFC247'],
  ['#2C7A7B', '#8FD3C7'],
  ['#15131C', '#FF5A4E'],
  ['#7A4CC2', '#FFB3C7'],
  ['#E07A1F', '#FFE1A8'],
  ['#1F6FB2', '#A8D8FF'],
  ['#B23A6F', '#FFC247'],
  ['#2E7D4F', '#C9F2B5'],
] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function avatarSvg(displayName: string, key: string): string {
  const [ink, accent] = PALETTE[hash(key) % PALETTE.length] as (typeof PALETTE)[number];
  const initials =
    displayName
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase() ?? '')
      .join('') || '?';
  const angle = hash(key + 'angle') % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="${escapeXml(displayName)}">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${ink}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
<rect width="96" height="96" rx="48" fill="url(#g)"/>
<text x="48" y="60" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-size="36" font-weight="700" fill="#FFFBF6">${escapeXml(initials)}</text>
</svg>
`;
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
