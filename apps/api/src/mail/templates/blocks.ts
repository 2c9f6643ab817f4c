/**
 * A mail is written once as a list of blocks and rendered twice: plain text and simple HTML with
 * inline styles (what mail clients honour). Every text that goes into the HTML is escaped here,
 * so a template never builds markup itself.
 */
import { shop } from "@workshop/domain/shop.ts";

export type Block =
  /** A paragraph; "\n" breaks the line. */
  | { kind: "p"; text: string }
  | { kind: "heading"; text: string }
  /** Label and value pairs, e.g. the order's details. */
  | { kind: "rows"; rows: ReadonlyArray<readonly [string, string]> }
  /** A link shown as a button; the text part prints the address. */
  | { kind: "button"; label: string; href: string }
  /** Someone else's words, quoted as they wrote them (e.g. the message a reply answers). */
  | { kind: "quote"; text: string }
  /** Lines set apart in a tinted box, e.g. the workshop's address and hours. */
  | { kind: "box"; lines: readonly string[] }
  /** A photo (an absolute URL, `width` × `height` as shown), linked to `href`; the text part prints the link. */
  | { kind: "image"; src: string; alt: string; href: string; width: number; height: number }
  /** A sentence and a small link after it, e.g. how to stop a kind of mail; the text part prints the address. */
  | { kind: "link"; text: string; label: string; href: string }
  /** Small print under the mail. */
  | { kind: "footer"; lines: readonly string[] };

export type MailBody = { subject: string; blocks: Block[] };

export type RenderedMail = { subject: string; text: string; html: string };

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

export function renderBody(body: MailBody, lang: string): RenderedMail {
  return { subject: body.subject, text: toText(body), html: toHtml(body, lang) };
}

function toText(body: MailBody): string {
  // biome-ignore lint/suspicious/useIterableCallbackReturn: the switch covers every kind (TypeScript checks it)
  const parts = body.blocks.map((block): string => {
    switch (block.kind) {
      case "p":
        return block.text;
      case "heading":
        return `${block.text}\n${"-".repeat(block.text.length)}`;
      case "rows":
        // A value of several lines continues under its first line.
        return block.rows.map(([label, value]) => `${label}: ${value.split("\n").join(`\n${" ".repeat(label.length + 2)}`)}`).join("\n");
      case "button":
        return `${block.label}:\n${block.href}`;
      case "quote":
        return block.text
          .split("\n")
          .map((line) => (line ? `> ${line}` : ">"))
          .join("\n");
      case "box":
        return block.lines.map((line) => `  ${line}`).join("\n");
      case "image":
        return `${block.alt}:\n${block.href}`;
      case "link":
        return `${block.text} ${block.label}:\n${block.href}`;
      case "footer":
        return `--\n${block.lines.join("\n")}`;
    }
  });
  return `${parts.join("\n\n")}\n`;
}

const FONT = "font-family:Georgia,'Times New Roman',serif";
const INK = "#2b2118";
const MUTED = "#7a6a58";

/** Escapes, and keeps the line breaks of a multi-line text. */
function lines(text: string): string {
  return text.split("\n").map(escapeHtml).join("<br>");
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case "p":
      return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${lines(block.text)}</p>`;
    case "heading":
      return `<h2 style="margin:24px 0 8px;font-size:18px;font-weight:bold;color:${INK}">${escapeHtml(block.text)}</h2>`;
    case "rows": {
      const rows = block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:6px 16px 6px 0;color:${MUTED};vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td>` +
            `<td style="padding:6px 0;vertical-align:top">${lines(value)}</td></tr>`,
        )
        .join("");
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;font-size:15px;line-height:1.4;border-collapse:collapse">${rows}</table>`;
    }
    case "button":
      return (
        `<p style="margin:8px 0 24px"><a href="${escapeHtml(block.href)}" ` +
        `style="display:inline-block;padding:12px 20px;border-radius:6px;background:#8a5a2b;color:#ffffff;text-decoration:none;font-size:16px">` +
        `${escapeHtml(block.label)}</a></p>`
      );
    case "quote":
      return `<blockquote style="margin:0 0 16px;padding:4px 0 4px 12px;border-left:3px solid #e4d8c4;color:${MUTED};font-size:15px;line-height:1.5">${lines(block.text)}</blockquote>`;
    case "box":
      return `<div style="margin:0 0 16px;padding:12px 16px;border-radius:6px;background:#f3ead9;font-size:15px;line-height:1.5">${block.lines.map(escapeHtml).join("<br>")}</div>`;
    case "image":
      return (
        `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}">` +
        `<img src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.height}" ` +
        `style="display:block;max-width:100%;height:auto;border:0;border-radius:6px"></a></p>`
      );
    case "link":
      return (
        `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${MUTED}">${escapeHtml(block.text)} ` +
        `<a href="${escapeHtml(block.href)}" style="color:#8a5a2b">${escapeHtml(block.label)}</a></p>`
      );
    case "footer":
      return `<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #e4d8c4;font-size:13px;line-height:1.5;color:${MUTED}">${block.lines.map(escapeHtml).join("<br>")}</p>`;
  }
}

function toHtml(body: MailBody, lang: string): string {
  return [
    "<!doctype html>",
    `<html lang="${escapeHtml(lang)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(body.subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#faf6ef">`,
    `<div style="max-width:560px;margin:0 auto;padding:24px 20px;${FONT};color:${INK}">`,
    `<p style="margin:0 0 24px;font-size:22px;letter-spacing:1px">${escapeHtml(shop.name)}</p>`,
    ...body.blocks.map(blockHtml),
    "</div>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** Text as staff typed it, as paragraphs: a blank line starts a new one, a single break stays a break. */
export function paragraphsOf(text: string): Block[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ kind: "p", text: p }));
}
