import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import QRCode from 'qrcode';

/**
 * The app-download QR code of spec §2.5, drawn once at boot into the media host
 * (`/media/qr/app-download.svg`), in the brand's ink on paper.
 */
export async function writeAppQrCode(mediaDir: string, appLink: string): Promise<string> {
  const svg = await QRCode.toString(appLink, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 1,
    color: { dark: '#15131C', light: '#FFFBF6' },
  });
  const dir = join(mediaDir, 'qr');
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'app-download.svg');
  await writeFile(file, svg);
  return file;
}
