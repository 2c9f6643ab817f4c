import QRCode from "qrcode";

/**
 * A QRIS payload drawn as an SVG QR code: black on white with a quiet zone, error correction M
 * (what QRIS asks for), 256 px of intrinsic size so that every browser gives the image a size.
 */
export function qrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: "svg", margin: 2, width: 256, errorCorrectionLevel: "M" });
}
