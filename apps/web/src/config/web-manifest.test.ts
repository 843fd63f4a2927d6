import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const publicDir = path.join(webRoot, 'public');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): string {
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** What a browser needs to offer to install the app (decision 0031). */
describe('the web app manifest', () => {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8'),
  ) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    icons: ManifestIcon[];
  };

  it('is linked from the page and names the app, where it starts and how it shows', () => {
    expect(fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8')).toContain(
      '<link rel="manifest" href="/manifest.webmanifest" />',
    );
    expect(manifest).toMatchObject({ name: 'Glossa', short_name: 'Glossa', display: 'standalone' });
    expect(manifest.start_url).toMatch(/^\//);
  });

  it('has PNG icons of 192 and 512 pixels, a maskable one among them, each of the size it says', () => {
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    for (const icon of pngs)
      expect(pngSize(path.join(publicDir, icon.src)), icon.src).toBe(icon.sizes);
    const anySizes = pngs
      .filter((icon) => icon.purpose.split(' ').includes('any'))
      .map((icon) => icon.sizes);
    expect(anySizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(pngs.some((icon) => icon.purpose.split(' ').includes('maskable'))).toBe(true);
    for (const icon of manifest.icons)
      expect(fs.existsSync(path.join(publicDir, icon.src)), icon.src).toBe(true);
  });
});
