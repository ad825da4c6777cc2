import crypto from 'node:crypto';
import sharp from 'sharp';
import type { DbOrTx } from '../db/client';
import { images } from '../db/schema/index';
import type { Storage } from '../storage/index';

/** Screenshots on the site are 4:3 (SIMS-FORMATS.md: 920×690 up to 1024×768). */
const WIDTH = 920;
const HEIGHT = 690;

const VIEWS = ['Main view', 'Detail', 'Another angle'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** A simple motif for each kind of creation, drawn in the middle of the picture. */
function motif(kind: string, colour: string): string {
  const c = `fill="${colour}" fill-opacity="0.9"`;
  switch (kind) {
    case 'lot':
      return `<polygon points="360,330 460,250 560,330" ${c}/><rect x="380" y="330" width="160" height="120" ${c}/>
        <rect x="445" y="380" width="30" height="70" fill="#ffffff" fill-opacity="0.7"/>`;
    case 'room':
      return `<rect x="370" y="250" width="180" height="150" rx="6" ${c}/>
        <line x1="460" y1="250" x2="460" y2="400" stroke="#ffffff" stroke-width="8" stroke-opacity="0.7"/>
        <line x1="370" y1="325" x2="550" y2="325" stroke="#ffffff" stroke-width="8" stroke-opacity="0.7"/>`;
    case 'sim':
      return `<circle cx="420" cy="280" r="38" ${c}/><rect x="380" y="325" width="80" height="120" rx="36" ${c}/>
        <circle cx="510" cy="300" r="30" ${c}/><rect x="478" y="337" width="64" height="100" rx="30" ${c}/>`;
    case 'mod':
      return `<circle cx="460" cy="330" r="70" fill="none" stroke="${colour}" stroke-width="34" stroke-dasharray="28 18" stroke-opacity="0.9"/>
        <circle cx="460" cy="330" r="26" ${c}/>`;
    case 'set':
      return `<rect x="340" y="300" width="70" height="120" rx="10" ${c}/><rect x="425" y="260" width="70" height="160" rx="10" ${c}/>
        <rect x="510" y="320" width="70" height="100" rx="10" ${c}/>`;
    default:
      return `<rect x="390" y="250" width="140" height="110" rx="26" ${c}/><rect x="370" y="330" width="180" height="60" rx="18" ${c}/>
        <rect x="385" y="390" width="16" height="50" ${c}/><rect x="519" y="390" width="16" height="50" ${c}/>`;
  }
}

/**
 * A pleasant generated picture for a demo creation: a colour gradient picked from its name, soft
 * circles, a motif of its kind and its name as text. Generated on the spot, never copied.
 */
export async function demoImage(name: string, kind: string, view: number): Promise<Buffer> {
  const seed = crypto.createHash('sha256').update(`${name}:${view}`).digest();
  const hue = (seed[0]! * 360) / 256;
  const from = `hsl(${hue.toFixed(0)}, 55%, 72%)`;
  const to = `hsl(${((hue + 40 + view * 25) % 360).toFixed(0)}, 50%, 48%)`;
  const motifColour = `hsl(${((hue + 180) % 360).toFixed(0)}, 35%, 28%)`;
  const circles = [1, 2, 3, 4]
    .map((i) => {
      const x = (seed[i]! / 255) * WIDTH;
      const y = (seed[i + 4]! / 255) * HEIGHT * 0.7;
      const r = 60 + (seed[i + 8]! / 255) * 120;
      return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" fill-opacity="0.14"/>`;
    })
    .join('');
  const title = escapeXml(name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="${view % 2 ? 0 : 1}" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
    ${circles}
    <rect y="${HEIGHT - 200}" width="${WIDTH}" height="200" fill="#000000" fill-opacity="0.08"/>
    <g transform="translate(460 290) scale(1.5) translate(-460 -345)">${motif(kind, motifColour)}</g>
    <text x="${WIDTH / 2}" y="${HEIGHT - 110}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
      font-size="46" font-weight="bold" fill="#ffffff" fill-opacity="0.95">${title}</text>
    <text x="${WIDTH / 2}" y="${HEIGHT - 62}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif"
      font-size="24" fill="#ffffff" fill-opacity="0.8">${escapeXml(VIEWS[view % VIEWS.length]!)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}

/** Renders `count` pictures of a demo creation (start them all at once: sharp works in parallel). */
export function renderDemoImages(name: string, kind: string, count: number): Promise<Buffer[]> {
  return Promise.all(Array.from({ length: count }, (_, view) => demoImage(name, kind, view)));
}

/** Stores rendered pictures and adds them as a demo creation's images 1..n. */
export async function storeDemoImages(
  db: DbOrTx,
  storage: Storage,
  creation: { submissionId: number; memberId: number; name: string },
  pictures: Buffer[],
): Promise<void> {
  const slug = creation.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  for (const [i, picture] of pictures.entries()) {
    const stored = await storage.put([picture]);
    await db.insert(images).values({
      submission_id: creation.submissionId,
      member_id: creation.memberId,
      ord: i + 1,
      filename: `${slug}-${i + 1}.jpg`,
      mimetype: 'image/jpeg',
      filesize: stored.size,
      width: WIDTH,
      height: HEIGHT,
      sha256: stored.sha256,
      storage_key: stored.key,
    });
  }
}
