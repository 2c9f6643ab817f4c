import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** A photo-like JPEG (a gradient, so it has detail) of the given size. */
export async function sampleJpeg(width = 64, height = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) pixels.set([(x * 255) / width, (y * 255) / height, 120], (y * width + x) * 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** A JPEG carrying a camera's EXIF with the GPS position of the workshop. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp(await sampleJpeg())
    .withExif({
      IFD0: { Make: "ShopTestCam", Model: "Model 1", Copyright: "secret-owner-name" },
      IFD3: { GPSLatitudeRef: "S", GPSLatitude: "8/1 30/1 2976/100", GPSLongitudeRef: "E", GPSLongitude: "115/1 15/1 4176/100" },
    })
    .jpeg()
    .toBuffer();
}

/** A landscape JPEG (80×40, left half red, right half blue) whose EXIF says: turn 90° clockwise to show. */
export async function sidewaysJpeg(): Promise<Buffer> {
  const left = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#ff0000" } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 80, height: 40, channels: 3, background: "#0000ff" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A decompression bomb: a PNG of a few hundred bytes that declares width × height pixels. */
export function pixelBombPng(width = 30_000, height = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc(width + 1))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
