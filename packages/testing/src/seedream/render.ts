import sharp from "sharp";

/** The backdrop colours the simulator paints by view, so each of a series looks different. */
const tints = ["#f4f1ec", "#eef2f6", "#f6efe6", "#eef5ef", "#f3eef6", "#f7f3e8"];

/**
 * One studio-looking picture of `width`×`height`: a pale backdrop, a soft shadow, and the first
 * reference photo (when it came as a data URL) set in the middle, turned per view; without one,
 * a drawn hat. What a model would make, minus the model: enough for the shop to store and show.
 */
export async function renderStudioImage(reference: Buffer | null, index: number, width: number, height: number): Promise<Buffer> {
  const tint = tints[index % tints.length]!;
  const base = sharp({ create: { width, height, channels: 3, background: tint } });
  const shadowSvg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="s"><stop offset="0" stop-color="#000" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><ellipse cx="${width / 2}" cy="${height * 0.78}" rx="${width * 0.34}" ry="${height * 0.06}" fill="url(#s)"/></svg>`,
  );
  const subjectSide = Math.round(Math.min(width, height) * 0.62);
  let subject: Buffer;
  if (reference) {
    let pipeline = sharp(reference).resize({ width: subjectSide, height: subjectSide, fit: "inside" });
    if (index % 2 === 1) pipeline = pipeline.flop();
    if (index === 2) pipeline = pipeline.rotate(8, { background: tint });
    subject = await pipeline.png().toBuffer();
  } else {
    const hue = (index * 47) % 360;
    subject = await sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${subjectSide}" height="${subjectSide}"><ellipse cx="50%" cy="70%" rx="48%" ry="14%" fill="hsl(${hue},35%,45%)"/><rect x="28%" y="28%" width="44%" height="42%" rx="12%" fill="hsl(${hue},40%,35%)"/><rect x="28%" y="58%" width="44%" height="6%" fill="#222"/></svg>`,
      ),
    )
      .png()
      .toBuffer();
  }
  const meta = await sharp(subject).metadata();
  return base
    .composite([
      { input: shadowSvg, top: 0, left: 0 },
      { input: subject, top: Math.round((height - (meta.height ?? 0)) / 2), left: Math.round((width - (meta.width ?? 0)) / 2) },
    ])
    .jpeg({ quality: 85 })
    .toBuffer();
}
