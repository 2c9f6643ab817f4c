import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "@workshop/api/db/client.ts";
import { hashPassword } from "@workshop/api/staff/passwords.ts";
import { jpegWithGps, pixelBombPng } from "@workshop/api/test-support/test-images.ts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Credentials, formToken, signIn, staffCookie } from "#e2e/support/admin.ts";
import { breakableShop } from "#e2e/support/breakable-shop.ts";
import { type RunningShop, startShop } from "#e2e/support/start-shop.ts";
import { hydrated, useBrowser } from "./fixtures.ts";
import { raisedRateLimits } from "./global-setup.ts";
import { orderPayload } from "./samples.ts";

const { open } = useBrowser();

/** A shop of its own (the catalogue changes here), with an owner written into its database before it starts. */
const owner: Credentials = { email: "catalogue@workshop.test", password: "Ubud-catalogue-owner-2026" };
const staffToken = `products-${randomBytes(8).toString("hex")}`;
let shop: RunningShop;
const baseURL = () => shop.baseURL;
const bearer = () => ({ Authorization: `Bearer ${staffToken}`, "Content-Type": "application/json" });

beforeAll(async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "shop-products-"));
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "db") });
  await database.db
    .insertInto("staffAccounts")
    .values({ email: owner.email, name: "Catalogue Owner", role: "owner", locale: "en", passwordHash: await hashPassword(owner.password) })
    .execute();
  await database.close();
  shop = await startShop({ ADMIN_API_TOKEN: staffToken, ...raisedRateLimits }, dataDir);
}, 120_000);
afterAll(() => shop?.remove());

const png = async (name: string) => ({
  name,
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#b85" } })
    .png()
    .toBuffer(),
});

describe("the Products tab and the product form", () => {
  let productId = 0;
  const name = `Amed Fedora ${randomBytes(2).toString("hex")}`;

  it("adds a product with sizes, Russian texts and an uploaded photo; errors show beside the fields", async () => {
    const page = await open(`${baseURL()}/admin/login`);
    await signIn(page, baseURL(), owner, "/admin/products");
    await page.getByText("Changes are saved to the database").waitFor();
    await hydrated(page);
    await page.getByRole("link", { name: "Add New Product" }).click();
    await page.waitForURL("**/admin/products/new");
    await hydrated(page);

    // Saved empty: each missing field says so beside it, nothing is added.
    await page.getByLabel("Price (USD)").fill("12.345");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Please correct the marked fields.").waitFor();
    await expect(page.locator("#field-name-error").textContent()).resolves.toBe("This field is required");
    await expect(page.locator("#field-price-error").textContent()).resolves.toMatch(/at most two decimals/);

    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Description", { exact: true }).fill("A soft fedora for the dive coast.");
    await page.getByLabel("Material", { exact: true }).fill("Raffia");
    await page.getByLabel("Colour", { exact: true }).fill("Sand");
    await page.getByLabel("Crown style", { exact: true }).fill("Teardrop");
    await page.getByLabel("Brim size", { exact: true }).fill("7 cm");
    await page.getByLabel("Name (Russian)").fill("Федора «Амед»");
    await page.getByLabel("Price (USD)").fill("185.10");
    await page.getByLabel("Size 1 (cm)").fill("57");
    await page.getByRole("button", { name: "Add size" }).click();
    await page.getByLabel("Size 2 (cm)").fill("51");
    await page.getByRole("button", { name: "Add size" }).click();
    // A bad size is named beside its row.
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.locator("#size-1-error").textContent()).resolves.toBe("A size is a whole number of centimetres from 52 to 64");
    await page.getByLabel("Size 2 (cm)").fill("59");

    // Photos: the type is checked in the browser; then two uploads (POST /api/uploads) with their own progress.
    await page.locator("#photo-files").setInputFiles([{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hi") }]);
    await expect(
      page.getByRole("alert").filter({ hasText: "Only JPG, PNG, WebP, and GIF images are allowed." }).waitFor(),
    ).resolves.toBeUndefined();
    const six = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => png(`hat-${n}.png`)));
    await page.locator("#photo-files").setInputFiles(six);
    await page.getByText("You can only upload up to 5 files at once.").waitFor();
    await page.locator("#photo-files").setInputFiles(six.slice(0, 2));
    await page.getByRole("progressbar", { name: "hat-2.png uploaded" }).waitFor();
    await page.getByRole("progressbar", { name: "hat-1.png uploaded" }).waitFor();
    await page.getByText("Card photo", { exact: true }).waitFor();
    // The second photo becomes the first (Move up), and gets alt texts.
    await page.getByRole("button", { name: "Move up: photo 2" }).click();
    const firstKey = () => page.locator('input[name="imageKey"]').first().inputValue();
    await expect(firstKey()).resolves.toMatch(/^\d+-hat-2\.png$/);
    // Dragging the second photo onto the first puts it first again; Move up once more.
    const photos = page.locator('li[draggable="true"]');
    await photos.nth(1).dragTo(photos.nth(0));
    await expect.poll(firstKey).toMatch(/^\d+-hat-1\.png$/);
    await page.getByRole("button", { name: "Move up: photo 2" }).click();
    await expect(firstKey()).resolves.toMatch(/^\d+-hat-2\.png$/);
    await page.locator("#photo-0-alt-en").fill("The fedora from the front");
    await page.locator("#photo-0-alt-ru").fill("Федора спереди");

    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Product added successfully!").waitFor();
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row.textContent()).resolves.toMatch(/\$185\.10/);
    productId = Number((await row.getByRole("cell").first().textContent())?.trim());
    expect(productId).toBe(25); // 24 seeded hats: the highest id plus 1

    const en = await (await fetch(`${baseURL()}/api/products/${productId}`)).json();
    expect(en).toMatchObject({ name, price: 185.1, sizes: [{ sizeInCm: 57 }, { sizeInCm: 59 }], inStock: true });
    expect(en.images).toHaveLength(2);
    expect(en.images[0]).toMatch(/-hat-2\.jpg$/);
  });

  it("uploads a PNG, a JPEG with GPS (gone once stored) and a GIF; refuses an HTML file named .jpg, a pixel bomb and an empty file, storing nothing", async () => {
    // The seed photos' sizes are made as pages ask for them, maybe while this test runs: not counted.
    const stored = async () =>
      (await readdir(path.join(shop.dataDir, "files"), { recursive: true })).filter((f) => !f.startsWith(path.join("variants", "products")))
        .length;
    const page = await open(`${baseURL()}/admin/login`);
    await signIn(page, baseURL(), owner, "/admin/products/new");
    await hydrated(page);
    const before = await stored();
    const refusals = [
      [
        { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.from("<!doctype html><script>alert(1)</script>") },
        "Only JPG, PNG, WebP, and GIF images are allowed.",
      ],
      [{ name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) }, "Only JPG, PNG, WebP, and GIF images are allowed."],
      [{ name: "bomb.png", mimeType: "image/png", buffer: pixelBombPng() }, "Each image may be at most 50 megapixels."],
    ] as const;
    for (const [file, message] of refusals) {
      await page.locator("#photo-files").setInputFiles([file]);
      await page.getByRole("alert").filter({ hasText: message }).waitFor();
    }
    expect(await stored()).toBe(before);
    expect(await page.locator('input[name="imageKey"]').count()).toBe(0);

    const gif = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a6" } })
      .gif()
      .toBuffer();
    await page
      .locator("#photo-files")
      .setInputFiles([
        await png("front.png"),
        { name: "workshop.jpg", mimeType: "image/jpeg", buffer: await jpegWithGps() },
        { name: "band.gif", mimeType: "image/gif", buffer: gif },
      ]);
    for (const name of ["front.png", "workshop.jpg", "band.gif"])
      await page.getByRole("progressbar", { name: `${name} uploaded` }).waitFor();
    const keys = await page.locator('input[name="imageKey"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(keys).toHaveLength(3);
    const jpeg = keys.find((k) => k.endsWith("-workshop.jpg"))!;
    const kept = await readFile(path.join(shop.dataDir, "files", jpeg));
    const meta = await sharp(kept).metadata();
    expect(meta.exif).toBeUndefined();
    expect(kept.includes(Buffer.from("ShopTestCam"))).toBe(false);
    expect(keys.some((k) => k.endsWith("-band.gif"))).toBe(true);
  });

  it("shows each upload's own progress as its bytes go out (XMLHttpRequest progress, not a jump)", async () => {
    const page = await open(`${baseURL()}/admin/login`);
    await signIn(page, baseURL(), owner, "/admin/products/new");
    await hydrated(page);
    // A slow line (512 kB/s up) and a photo of about 3 MB: several progress events on the way.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    const noisy = await sharp({
      create: { width: 1000, height: 1000, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma: 60 } },
    })
      .png()
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(2_000_000);
    // Every value the bar takes, as the page shows it.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll("progress")) seen.push(Number(bar.getAttribute("value")));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["value"] });
    });
    await page.locator("#photo-files").setInputFiles([{ name: "big-hat.png", mimeType: "image/png", buffer: noisy }]);
    // Saving waits for the upload.
    await expect.poll(() => page.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await page.getByRole("progressbar", { name: "big-hat.png uploaded" }).waitFor({ timeout: 45_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    const between = [...new Set(seen.filter((v) => v > 0 && v < 100))];
    expect(between.length, `values seen: ${[...new Set(seen)].join(", ")}`).toBeGreaterThanOrEqual(3);
    expect(seen.at(-1)).toBe(100);
    await expect.poll(() => page.getByRole("button", { name: "Save" }).isDisabled()).toBe(false);
  }, 90_000);

  it("edits the price and sizes, marks it sold out; the shop shows it at once in both languages", async () => {
    const page = await open(`${baseURL()}/admin/login`);
    await signIn(page, baseURL(), owner, `/admin/products?q=${encodeURIComponent(name)}`);
    await hydrated(page);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.waitForURL(`**/admin/products/${productId}`);
    await hydrated(page);
    await page.getByLabel("Price (USD)").fill("0.29");
    await page.getByRole("button", { name: "Remove size 1" }).click();
    await page.getByRole("button", { name: "Add size" }).click();
    await page.getByLabel("Size 2 (cm)").fill("62");
    await page.getByLabel("In stock").uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Product updated successfully!").waitFor();
    await expect(page.getByRole("row").filter({ hasText: name }).textContent()).resolves.toMatch(/\$0\.29.*Sold out/);

    const shopPage = await open(`${baseURL()}/products/${productId}`);
    await expect(shopPage.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(name);
    await shopPage.getByText("Sold Out").first().waitFor();
    await shopPage.getByRole("img", { name: "The fedora from the front" }).first().waitFor();
    await shopPage.goto(`${baseURL()}/ru/products/${productId}`);
    await expect(shopPage.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Федора «Амед»");
    // The Russian page falls back to the English texts left empty.
    await shopPage.getByText("Raffia").first().waitFor();
    await shopPage.goto(`${baseURL()}/products?availability=out`);
    await expect(
      shopPage
        .getByRole("link", { name: new RegExp(name) })
        .first()
        .waitFor(),
    ).resolves.toBeUndefined();
    const api = await (await fetch(`${baseURL()}/api/products/${productId}`)).json();
    expect(api).toMatchObject({ price: 0.29, inStock: false, sizes: [{ sizeInCm: 59 }, { sizeInCm: 62 }] });
  });

  it("exports products.js, CSV and JSON as downloads", async () => {
    const page = await open(`${baseURL()}/admin/login`);
    await signIn(page, baseURL(), owner, "/admin/products");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export Products Data", exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("products.js");
    const js = await readFile((await download.path())!, "utf8");
    expect(js).toMatch(/^\/\/ .*\nexport const products = \[/);
    expect(js).toContain(`"name": "${name}"`);
    const [csvDownload] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "CSV" }).click()]);
    expect(csvDownload.suggestedFilename()).toBe("products.csv");
    const cookie = await staffCookie(baseURL(), owner);
    const json = await fetch(`${baseURL()}/api/products/export?format=json`, { headers: { Cookie: cookie } });
    expect(json.headers.get("content-disposition")).toBe('attachment; filename="products.json"');
    expect(((await json.json()) as { id: number }[]).length).toBe(25);
    expect((await fetch(`${baseURL()}/api/products/export?format=xls`, { headers: { Cookie: cookie } })).status).toBe(400);
    expect((await fetch(`${baseURL()}/api/products/export`)).status).toBe(401);
  });

  it("hides an ordered product (gone from the shop, kept in the admin) and never deletes it", async () => {
    // An order of it, through the shop's own order API.
    const payload = await orderPayload(baseURL());
    const id = payload.productId;
    const cookie = await staffCookie(baseURL(), owner);
    const placed = await fetch(`${baseURL()}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
    expect(placed.status).toBe(201);

    const page = await open(`${baseURL()}/admin/login`);
    await signIn(page, baseURL(), owner, `/admin/products/${id}`);
    await page.getByText("This product has orders, so it cannot be deleted.").waitFor();
    expect(await page.getByRole("button", { name: "Delete product" }).count()).toBe(0);
    // The shop's pages are cached for a few seconds: seen once before, they must change at once.
    expect((await fetch(`${baseURL()}/products/${id}`)).status).toBe(200);
    const name = (await (await fetch(`${baseURL()}/api/products/${id}`)).json()).name as string;
    expect(await (await fetch(`${baseURL()}/products`)).text()).toContain(name);
    await page.getByRole("button", { name: "Hide from the shop" }).click();
    await page.getByText("The product is hidden").first().waitFor();
    expect((await fetch(`${baseURL()}/products/${id}`)).status).toBe(404);
    expect(await (await fetch(`${baseURL()}/products`)).text()).not.toContain(name);
    expect((await fetch(`${baseURL()}/api/products/${id}`)).status).toBe(404);
    const all = (await (await fetch(`${baseURL()}/api/products`)).json()) as { id: number }[];
    expect(all.map((p) => p.id)).not.toContain(id);
    expect(await (await fetch(`${baseURL()}/sitemap.xml`)).text()).not.toContain(`/products/${id}<`);
    const list = await (await fetch(`${baseURL()}/admin/products?status=hidden`, { headers: { Cookie: cookie } })).text();
    expect(list).toContain(`href="/admin/products/${id}"`);
    // Deleting it anyway (a form made by hand) is refused and changes nothing.
    const refused = await fetch(`${baseURL()}/admin/products/${id}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: baseURL(), Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ _token: await formToken(baseURL(), cookie), intent: "delete", confirmed: "yes" }),
    });
    expect(refused.status).toBe(409);
    await page.getByRole("button", { name: "Show in the shop again" }).click();
    await page.getByText("The product shows in the shop again.").waitFor();
    expect((await fetch(`${baseURL()}/api/products/${id}`)).status).toBe(200);
  });

  it("works without JavaScript: add a size row, save, then delete a product never ordered after a confirmation", async () => {
    const page = await open(`${baseURL()}/admin/login`, { javaScript: false });
    await signIn(page, baseURL(), owner, "/admin/products/new");
    // Enter in a field saves (the form's first submit button is Save, not a row's button).
    await page.getByLabel("Name", { exact: true }).fill("Plain form hat");
    await page.getByLabel("Name", { exact: true }).press("Enter");
    await page.getByText("Please correct the marked fields.").waitFor();
    await expect(page.locator("#field-description-error").textContent()).resolves.toBe("This field is required");
    for (const [label, value] of [
      ["Description", "Made without scripts."],
      ["Material", "Straw"],
      ["Colour", "Natural"],
      ["Crown style", "Flat"],
      ["Brim size", "5 cm"],
    ]) {
      await page.getByLabel(label!, { exact: true }).fill(value!);
    }
    await page.getByLabel("Price (USD)").fill("75");
    await page.getByLabel("Size 1 (cm)").fill("58");
    await page.getByRole("button", { name: "Add size" }).click();
    await page.getByLabel("Size 2 (cm)").waitFor();
    await expect(page.getByLabel("Size 1 (cm)").inputValue()).resolves.toBe("58");
    await expect(page.getByLabel("Name", { exact: true }).inputValue()).resolves.toBe("Plain form hat");
    await page.getByLabel("Size 2 (cm)").fill("60");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Product added successfully!").waitFor();
    const row = page.getByRole("row").filter({ hasText: "Plain form hat" });
    const id = Number((await row.getByRole("cell").first().textContent())?.trim());
    const api = await (await fetch(`${baseURL()}/api/products/${id}`)).json();
    expect(api).toMatchObject({ name: "Plain form hat", price: 75, sizes: [{ sizeInCm: 58 }, { sizeInCm: 60 }] });

    await page.goto(`${baseURL()}/admin/products/${id}`);
    await page.getByRole("button", { name: "Delete product" }).click();
    await page.getByText("Delete this product?").waitFor();
    await page.getByRole("button", { name: "Delete for good" }).click();
    await page.getByText(`Product ${id} deleted.`).waitFor();
    expect((await fetch(`${baseURL()}/api/products/${id}`)).status).toBe(404);
  });

  it("takes products through POST and PUT /api/products for staff only, naming bad fields", async () => {
    const body = {
      name: "API hat",
      price: 120.5,
      description: "Added by a machine.",
      material: "Straw",
      color: "Black",
      crownStyle: "Flat",
      brimSize: "8 cm",
      isNew: false,
      isFeatured: false,
      inStock: true,
      sizes: [{ sizeInCm: 58 }],
      images: [],
      translations: { ru: { name: "Шляпа из API" } },
    };
    const created = await fetch(`${baseURL()}/api/products`, { method: "POST", headers: bearer(), body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const product = await created.json();
    expect(product).toMatchObject({ id: 26, name: "API hat", price: 120.5, translations: { ru: { name: "Шляпа из API" } } });
    expect((await (await fetch(`${baseURL()}/api/products/26?lang=ru`)).json()).name).toBe("Шляпа из API");

    // A round trip of what GET gives (photo addresses included) changes nothing but what was changed.
    const seeded = await (await fetch(`${baseURL()}/api/products/2`)).json();
    const put = await fetch(`${baseURL()}/api/products/2`, {
      method: "PUT",
      headers: bearer(),
      body: JSON.stringify({ ...seeded, price: 99.99 }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ ...seeded, price: 99.99 });

    const bad = await fetch(`${baseURL()}/api/products/2`, {
      method: "PUT",
      headers: bearer(),
      body: JSON.stringify({ ...seeded, price: -1, name: "", sizes: [{ sizeInCm: 80 }], images: ["https://elsewhere.example/a.jpg"] }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).details).toMatchObject({
      price: expect.any(String),
      name: "This field is required",
      "sizes.0": expect.any(String),
      "images.0.key": expect.any(String),
    });
    expect((await fetch(`${baseURL()}/api/products/9999`, { method: "PUT", headers: bearer(), body: JSON.stringify(body) })).status).toBe(
      404,
    );
    const anonymous = await fetch(`${baseURL()}/api/products`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(anonymous.status).toBe(401);
    // A signed-in session from another site is refused.
    const cookie = await staffCookie(baseURL(), owner);
    const crossSite = await fetch(`${baseURL()}/api/products/2`, {
      method: "PUT",
      headers: { Cookie: cookie, Origin: "https://evil.example", "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(crossSite.status).toBe(403);
  });
});

describe("when the database cannot answer", () => {
  const broken = breakableShop("products", { ...owner, name: "Catalogue Owner" });

  it("says 'Failed to load products. Please try again later.' with Try Again, and 'Failed to save product.' on a save", async (context) => {
    const failing = broken.shop();
    if (!failing) return context.skip();
    const shopUrl = failing.baseURL;
    const cookie = await staffCookie(shopUrl, owner);
    const token = await formToken(shopUrl, cookie);
    await broken.withoutTable("products", async () => {
      const list = await fetch(`${shopUrl}/admin/products?status=new`, { headers: { Cookie: cookie } });
      expect(list.status).toBe(503);
      const html = await list.text();
      expect(html).toContain("Failed to load products. Please try again later.");
      expect(html).toMatch(/<a href="\/admin\/products\?status=new"[^>]*>Try Again<\/a>/);
      const fields = {
        _token: token,
        intent: "save",
        name: "Hat",
        description: "A hat.",
        material: "Straw",
        color: "Natural",
        crownStyle: "Flat",
        brimSize: "5 cm",
        price: "10",
        size: "58",
      };
      const saved = await fetch(`${shopUrl}/admin/products/new`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: shopUrl, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      expect(saved.status).toBe(503);
      expect(await saved.text()).toContain("Failed to save product. Please try again.");
      const exported = await fetch(`${shopUrl}/api/products/export`, { headers: { Cookie: cookie } });
      expect(exported.status).toBe(503);
    });
    expect((await fetch(`${shopUrl}/admin/products?status=new`, { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
