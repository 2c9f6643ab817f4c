import QRCode from "qrcode";

const drawing = { errorCorrectionLevel: "M" } as const;

/**
 * A QRIS payload drawn as an SVG QR code: black on white with a quiet zone, error correction M
 * (what QRIS asks for), 256 px of intrinsic size so that every browser gives the image a size.
 */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { ...drawing, type: "svg", margin: 2, width: 256 });
}

/** The same code as a PNG to save on a phone: banking apps scan QRIS from the photo gallery, which takes no SVG. */
export function qrPng(payload: string): Promise<Buffer> {
  return QRCode.toBuffer(payload, { ...drawing, type: "png", margin: 4, width: 640 });
}
