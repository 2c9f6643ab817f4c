import { CSRF_HEADER } from "./csrf-header.ts";

/**
 * What the photo uploaders send, one file per request so each shows its own progress: the product
 * form's to POST /api/uploads (staff; multipart, field `files`; its limits in uploads.ts), an
 * order's stage photos (the console, sendFile), a custom request's reference photos; and what they
 * check in the browser before sending: the server checks the same again, by content.
 */
const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
const extensions = /\.(jpe?g|png|webp|gif)$/i;

/** A file the uploader accepts by its type (or, when the browser names none, its extension). */
export function isUploadableImage(file: { name: string; type: string }): boolean {
  return file.type ? (UPLOAD_TYPES as readonly string[]).includes(file.type) : extensions.test(file.name);
}

/** One stored file, as POST /api/uploads answers per file. */
export type UploadedFile = { url: string; downloadUrl: string; pathname: string; contentType: string; contentDisposition: string };

/**
 * Sends one file through XMLHttpRequest, reporting real upload progress (0..1) as the bytes go
 * out, and resolves with the stored file, or rejects with the server's {error} (or none). A staff
 * write: it carries the session's form token (`csrfToken`). The staff console, on its own origin,
 * sends it to the API's address with the session's cookie (`withCredentials`).
 */
export function uploadFile(
  file: File,
  onProgress: (fraction: number) => void,
  csrfToken: string,
  { endpoint = "/api/uploads", withCredentials = false }: { endpoint?: string; withCredentials?: boolean } = {},
): Promise<UploadedFile> {
  return sendFile(file, onProgress, {
    endpoint,
    read: (body) => (Array.isArray(body) && typeof body[0]?.pathname === "string" ? (body[0] as UploadedFile) : null),
    headers: { [CSRF_HEADER]: csrfToken },
    withCredentials,
  });
}

/** A custom request's reference photo, sent to POST /api/custom-orders/uploads: resolves with its id. */
export function uploadReferencePhoto(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return sendFile(file, onProgress, {
    endpoint: "/api/custom-orders/uploads",
    read: (body) => (Array.isArray(body) && typeof body[0]?.id === "string" ? (body[0].id as string) : null),
  });
}

/** Where one file goes and what its answer holds: `read` finds the stored file in the answer (null: refused). */
type FileSending<T> = { endpoint: string; read: (body: unknown) => T | null; headers?: Record<string, string>; withCredentials?: boolean };

/**
 * Sends one file (multipart, field `files`) through XMLHttpRequest, reporting its upload progress
 * (0..1) as the bytes go out; resolves with what `read` finds in a 2xx answer, or rejects with the
 * server's {error} (or none). Each uploader of the shop is this with its own endpoint and answer.
 */
export function sendFile<T>(
  file: File,
  onProgress: (fraction: number) => void,
  { endpoint, read, headers = {}, withCredentials = false }: FileSending<T>,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", endpoint);
    xhr.withCredentials = withCredentials;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = "json";
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      const body = xhr.response as unknown;
      const result = xhr.status >= 200 && xhr.status < 300 ? read(body) : null;
      if (result !== null) {
        onProgress(1);
        resolve(result);
      } else {
        const error = body && typeof body === "object" && "error" in body && typeof body.error === "string" ? body.error : null;
        reject(new UploadError(error));
      }
    });
    xhr.addEventListener("error", () => reject(new UploadError(null)));
    xhr.addEventListener("abort", () => reject(new UploadError(null)));
    const form = new FormData();
    form.append("files", file);
    xhr.send(form);
  });
}

export class UploadError extends Error {
  /** The server's own message, when it gave one. */
  readonly serverMessage: string | null;
  constructor(serverMessage: string | null) {
    super(serverMessage ?? "Upload failed");
    this.serverMessage = serverMessage;
  }
}
