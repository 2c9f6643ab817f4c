import sharp from "sharp";

/**
 * Draws the four local placeholder photos of the social strip (public/images/instagram/N.jpg)
 * from the seed photos: close crops that read like workshop snapshots.
 * Run: node scripts/make-social-placeholders.ts (after scripts/make-hat-images.ts).
 */
const sources = [
  { photo: "hat-10-3", crop: 0.62 },
  { photo: "hat-05-1", crop: 0.78 },
  { photo: "hat-16-3", crop: 0.58 },
  { photo: "hat-07-1", crop: 0.8 },
];
const SIZE = 600;

for (const [i, { photo, crop }] of sources.entries()) {
  const input = sharp(`server/db/seed/images/${photo}.webp`);
  const { width = 1200, height = 1200 } = await input.metadata();
  const side = Math.round(Math.min(width, height) * crop);
  await input
    .extract({ left: Math.round((width - side) / 2), top: Math.round((height - side) / 2), width: side, height: side })
    .resize(SIZE, SIZE)
    .modulate({ saturation: 1.08, brightness: 1.02 })
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(`public/images/instagram/${i + 1}.jpg`);
}
console.log("Wrote public/images/instagram/1..4.jpg");
