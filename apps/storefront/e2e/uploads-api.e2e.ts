import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FILES, uploadMessages } from "@workshop/domain/uploads.ts";
import { type RunningS3, startS3Server } from "@workshop/testing/s3-server.ts";
import { jpegWithGps, sampleJpeg } from "@workshop/testing/test-images.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { consoleOrigin, staffCookie, staffSession, testOwner } from "#e2e/support/admin.ts";
import { postPartly } from "#e2e/support/oversized-request.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { apiURL, baseURL } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";
import { orderPayload } from "./samples.ts";

type Result = { url: string; downloadUrl: string; pathname: string; contentType: string; contentDisposition: string };

const bearer = () => ({ Authorization: `Bearer ${inject("staffToken")}` });

function photoForm(files: { name: string; body: Buffer }[]): FormData {
  const form = new FormData();
  for (const f of files) form.append("files", new File([new Uint8Array(f.body)], f.name, { type: "image/jpeg" }));
  return form;
}

const upload = (form: FormData, headers: Record<string, string>, base = baseURL()) =>
  fetch(`${base}/api/uploads`, { method: "POST", headers, body: form });

async function customerCookie(): Promise<string> {
  const response = await fetch(`${baseURL()}/api/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(await orderPayload(baseURL())),
  });
  expect(response.status).toBe(201);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * Sends the start of a multipart body of `declared` bytes (or chunked) and as much of one file as
 * `sent`, without ending it, and resolves with the answer the shop gives meanwhile.
 */
function partialUpload(headers: Record<string, string>, sent: number, declared?: number) {
  const boundary = "----shop-test-boundary";
  const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  // Never ended: the shop must answer without waiting for the rest.
  return postPartly(
    `${baseURL()}/api/uploads`,
    { ...headers, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    Buffer.concat([Buffer.from(partHead), Buffer.alloc(sent, 0xff)]),
    declared,
  );
}

describe("POST /api/uploads", () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await sampleJpeg(320, 240);
  });

  it("is for staff only: anonymous and customers get 401, a cross-site page with a staff cookie 403", async () => {
    const form = () => photoForm([{ name: "hat.jpg", body: photo }]);
    const anonymous = await upload(form(), { Origin: baseURL() });
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: "Sign in as staff, or send a valid staff token" }]);
    const customer = await upload(form(), { Origin: baseURL(), Cookie: await customerCookie() });
    expect(customer.status).toBe(401);
    const wrongToken = await upload(form(), { Authorization: "Bearer not-the-staff-token-at-all" });
    expect(wrongToken.status).toBe(401);

    const cookie = await staffCookie(apiURL(), testOwner);
    const crossSite = await upload(form(), { Origin: "https://elsewhere.example", Cookie: cookie });
    expect([crossSite.status, await crossSite.json()]).toEqual([403, { error: "Cross-site request refused" }]);
    const fetchedCrossSite = await upload(form(), { "Sec-Fetch-Site": "cross-site", Cookie: cookie });
    expect(fetchedCrossSite.status).toBe(403);
  });

  it("stores photos for a signed-in staff member and for the staff token, served at once by /media", async () => {
    const { cookie, csrfToken } = await staffSession(apiURL(), testOwner);
    // The session on the shop's domain, even with its token (a shop page's script could read it): refused.
    const onShop = await upload(photoForm([{ name: "hat.jpg", body: photo }]), {
      Origin: baseURL(),
      Cookie: cookie,
      "X-CSRF-Token": csrfToken,
    });
    expect(onShop.status).toBe(403);
    // The console's own page without its token (a page of a sibling site could send as much): refused.
    const noToken = await upload(photoForm([{ name: "hat.jpg", body: photo }]), { Origin: consoleOrigin, Cookie: cookie }, apiURL());
    expect([noToken.status, await noToken.json()]).toEqual([403, { error: "Missing or wrong CSRF token: reload the page" }]);
    // As the console sends it: to the API, from the console's origin.
    const bySession = await upload(
      photoForm([{ name: "Ubud Panama.jpg", body: await jpegWithGps() }]),
      { Origin: consoleOrigin, Cookie: cookie, "X-CSRF-Token": csrfToken },
      apiURL(),
    );
    expect(bySession.status).toBe(200);
    const [one] = (await bySession.json()) as Result[];
    expect(one!.pathname).toMatch(/^\d{13}-ubud-panama\.jpg$/);
    expect(one!.url).toBe(`${baseURL()}/media/1280/${one!.pathname.replace(/\.jpg$/, "")}.jpg`);

    const byToken = await upload(
      photoForm([
        { name: "front.jpg", body: photo },
        { name: "back.jpg", body: photo },
      ]),
      bearer(),
    );
    expect(byToken.status).toBe(200);
    const two = (await byToken.json()) as Result[];
    expect(two.map((r) => r.pathname)).toEqual([
      expect.stringMatching(/^product-\d{13}-1-front\.jpg$/),
      expect.stringMatching(/^product-\d{13}-2-back\.jpg$/),
    ]);

    const shown = await fetch(one!.url);
    expect([shown.status, shown.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    const meta = await sharp(Buffer.from(await shown.arrayBuffer())).metadata();
    expect(meta.exif).toBeUndefined();
    const download = await fetch(one!.downloadUrl);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.jpg"$/);
    const small = await fetch(one!.url.replace("/media/1280/", "/media/320/").replace(/\.jpg$/, ".avif"));
    expect([small.status, small.headers.get("content-type")]).toEqual([200, "image/avif"]);
  });

  it("refuses a sixth file and a file that is not an image, with SPEC 5's messages", async () => {
    const six = await upload(
      photoForm(Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, i) => ({ name: `p${i}.jpg`, body: photo }))),
      bearer(),
    );
    expect([six.status, await six.json()]).toEqual([400, { error: "You can only upload up to 5 files at once." }]);
    const html = await upload(photoForm([{ name: "photo.jpg", body: Buffer.from("<html><body>not a photo</body></html>") }]), bearer());
    expect([html.status, await html.json()]).toEqual([400, { error: "Only JPG, PNG, WebP, and GIF images are allowed." }]);
  });

  it("answers a file over the limit with 413 before the rest of the body arrives and closes the connection; a stranger at once", async () => {
    const declared = await partialUpload(bearer(), 0, 60 * 1024 * 1024);
    expect([declared.status, JSON.parse(declared.body)]).toEqual([413, { error: uploadMessages.tooLarge }]);
    const streamed = await partialUpload(bearer(), MAX_UPLOAD_BYTES + 64 * 1024);
    expect([streamed.status, JSON.parse(streamed.body), streamed.connection]).toEqual([413, { error: uploadMessages.tooLarge }, "close"]);
    // A stranger's upload is refused before any of it is read; the connection stays open for the
    // rest of the body, which is read and thrown away (so a client still sending reads the answer).
    const stranger = await partialUpload({ Origin: baseURL() }, 64 * 1024);
    expect([stranger.status, stranger.connection]).toEqual([401, "keep-alive"]);
  });
});

describe("a shop whose photos live in an S3 bucket (a real S3 server on loopback)", () => {
  let s3: RunningS3;
  let shop: RunningShop;
  const token = `s3-shop-staff-token-${Date.now()}`;
  beforeAll(async () => {
    s3 = await startS3Server();
    shop = await startShop({ ...s3.env, ADMIN_API_TOKEN: token, ...raisedRateLimits });
  });
  afterAll(async () => {
    await shop?.remove();
    await s3?.close();
  });

  it("seeds its photos into the bucket, stores uploads and their sizes there, and serves them through /media", async () => {
    const keys = async () => {
      const listing = await (await fetch(`${s3.bucketUrl}?list-type=2`)).text();
      return [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
    };
    expect(await keys()).toContain("products/hat-01-1.webp");

    const response = await upload(
      photoForm([{ name: "bucket hat.jpg", body: await sampleJpeg(300, 200) }]),
      { Authorization: `Bearer ${token}` },
      shop.baseURL,
    );
    expect(response.status).toBe(200);
    const [result] = (await response.json()) as Result[];
    const stem = result!.pathname.replace(/\.jpg$/, "");
    const stored = await keys();
    expect(stored).toContain(result!.pathname);
    expect(stored.filter((k) => k.startsWith(`variants/${stem}/`))).toHaveLength(15);

    const shown = await fetch(result!.url);
    expect([shown.status, shown.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    expect((await sharp(Buffer.from(await shown.arrayBuffer())).metadata()).width).toBe(300);
    // A seed photo's size not made yet is made from the bucket's original and kept there.
    const seed = await fetch(`${shop.baseURL}/media/480/products/hat-02-1.webp`);
    expect(seed.status).toBe(200);
    expect(await keys()).toContain("variants/products/hat-02-1/480.webp");
  });
});
