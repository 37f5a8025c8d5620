import sharp from 'sharp';
import { processImage } from './modules/files/files.images';
sharp.cache(false);
const kind = process.argv[2];
const n = Number(process.argv[3] ?? 1);
const img = kind === 'gif'
  ? await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#c0392b' } }).gif().toBuffer()
  : await sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#c0392b' } }).png({ progressive: true, compressionLevel: 9 }).toBuffer();
console.log(kind, 'bytes', img.length, sharp.concurrency(), sharp.counters());
global.gc?.();
const rss0 = process.memoryUsage().rss;
let peak = rss0; const t = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 2);
const t0 = performance.now();
await Promise.all(Array.from({ length: n }, () => processImage(img, 'product')));
console.log(n, 'at once', Math.round(performance.now() - t0), 'ms', Math.round((peak - rss0) / 1e6), 'MB');
clearInterval(t);
