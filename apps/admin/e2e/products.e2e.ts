import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { orderPayload } from "@workshop/testing/sample-orders.ts";
import { sampleJpeg } from "@workshop/testing/test-images.ts";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { apiURL, consoleURL, expectAccessible, scrollsSideways, shopURL, useBrowser } from "./browser.ts";
import { bulkyPng } from "./support/images.ts";
import { openSignedIn, sessionOf, testOwner } from "./support/staff.ts";

const browser = useBrowser();
const urls = () => ({ apiURL: apiURL(), consoleURL: consoleURL() });

/** The owner's session cookie, signed in through the API as the console does. */
async function ownerCookie(): Promise<string> {
  const { name, value } = await sessionOf(urls(), testOwner);
  return `${name}=${value}`;
}

/** The products the console's list finds for a search. */
async function found(q: string): Promise<{ id: number; name: string }[]> {
  const answer = await fetch(`${apiURL()}/api/admin/products?q=${encodeURIComponent(q)}`, { headers: { Cookie: await ownerCookie() } });
  return ((await answer.json()) as { rows: { id: number; name: string }[] }).rows;
}

/** The storage keys of the form's photos in their order ("" for one still uploading or failed). */
const shopStatus = async (path: string) => (await fetch(`${shopURL()}${path}`)).status;

const photoKeys = (page: Page) =>
  page.locator("li[data-photo]").evaluateAll((items) => items.map((i) => i.getAttribute("data-photo") ?? ""));

const jpeg = async (name: string) => ({ name, mimeType: "image/jpeg", buffer: await sampleJpeg(64, 48) });

describe("products in the console", () => {
  const name = `Amed Fedora ${randomBytes(2).toString("hex")}`;
  const nameRu = `Федора «Амед» ${randomBytes(2).toString("hex")}`;
  let id = 0;

  it("adds a product with every field and three photos in the order chosen, even when a later one finishes first; one product for a double click", async () => {
    const page = await browser.open();
    await openSignedIn(page, urls(), testOwner, "/admin/products");
    await page.getByText("Changes are saved to the database").waitFor();
    await expectAccessible(page);
    await page.getByRole("link", { name: "Add New Product" }).click();
    await page.waitForURL("**/admin/products/new");

    // Saved empty: each missing field says so beside it, nothing is added.
    await page.getByLabel("Price (USD)").fill("12.345");
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByText("Please correct the marked fields.").waitFor();
    await expect.poll(() => page.locator("#field-name-error").textContent()).toBe("This field is required");
    await expect.poll(() => page.locator("#field-price-error").textContent()).toMatch(/at most two decimals/);

    const fields: [string, string][] = [
      ["Name", name],
      ["Description", "A soft fedora for the dive coast."],
      ["Material", "Raffia"],
      ["Colour", "Sand"],
      ["Crown style", "Teardrop"],
      ["Brim size", "7 cm"],
      ["Name (Russian)", nameRu],
      ["Description (Russian)", "Мягкая федора для побережья."],
      ["Material (Russian)", "Рафия"],
      ["Colour (Russian)", "Песочный"],
      ["Crown style (Russian)", "Капля"],
      ["Brim size (Russian)", "7 см"],
    ];
    for (const [label, value] of fields) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel("Price (USD)").fill("185.10");
    await page.getByLabel("New", { exact: true }).check();
    await page.getByLabel("Featured (on the home page)").check();
    await page.getByLabel("Size 1 (cm)").fill("57");
    await page.getByRole("button", { name: "Add size" }).click();
    await page.getByLabel("Size 2 (cm)").fill("51");
    await page.getByRole("button", { name: "Add size" }).click();
    // A bad size is named beside its row (the empty third row is left out).
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.locator("#size-1-error").textContent()).toBe("A size is a whole number of centimetres from 52 to 64");
    await page.getByLabel("Size 2 (cm)").fill("59");

    // A slow line (1 MB/s up): the first photo, about 3 MB, finishes after the two small ones chosen after it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1024 * 1024,
    });
    // Every value the bars take, as the page shows them.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) seen.push(Number(bar.getAttribute("aria-valuenow")));
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["aria-valuenow"] });
    });
    await page
      .locator("#photo-files")
      .setInputFiles([
        { name: "first-big.png", mimeType: "image/png", buffer: bulkyPng(1000, 1000) },
        await jpeg("second-small.jpg"),
        await jpeg("third-small.jpg"),
      ]);
    // The small ones are done while the big one is still on its way, and each keeps its place.
    await expect
      .poll(() => photoKeys(page))
      .toEqual(["", expect.stringMatching(/-second-small\.jpg$/), expect.stringMatching(/-third-small\.jpg$/)]);
    await expect.poll(() => page.getByRole("button", { name: "Save" }).isDisabled()).toBe(true);
    await expect
      .poll(() => photoKeys(page), { timeout: 45_000 })
      .toEqual([
        expect.stringMatching(/-first-big\.png$/),
        expect.stringMatching(/-second-small\.jpg$/),
        expect.stringMatching(/-third-small\.jpg$/),
      ]);
    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    const between = [...new Set(seen.filter((v) => v > 0 && v < 100))];
    expect(between.length, `values seen: ${[...new Set(seen)].join(", ")}`).toBeGreaterThanOrEqual(3);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const chosen = await photoKeys(page);

    // Reordered from the keyboard: down and back up again.
    await page.getByRole("button", { name: "Move down: photo 1" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => photoKeys(page)).toEqual([chosen[1], chosen[0], chosen[2]]);
    await page.getByRole("button", { name: "Move up: photo 2" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => photoKeys(page)).toEqual(chosen);
    await page.getByLabel("Alt text (English)").first().fill("The fedora from the front");
    await page.getByLabel("Alt text (Russian)").first().fill("Федора спереди");
    await expectAccessible(page);

    // A double click on Save adds one product, which opens as its own page.
    await page.getByRole("button", { name: "Save" }).dblclick();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    id = Number(new URL(page.url()).pathname.split("/").at(-1));
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Product added successfully!");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Edit product ${id}`);
    expect(await found(name)).toEqual([expect.objectContaining({ id, name })]);

    const en = await (await fetch(`${apiURL()}/api/products/${id}`)).json();
    expect(en).toMatchObject({ name, price: 185.1, isNew: true, isFeatured: true, sizes: [{ sizeInCm: 57 }, { sizeInCm: 59 }] });
    const stems = chosen.map((key) => key.replace(/\.[a-z]+$/, ""));
    expect(en.images.map((url: string) => stems.findIndex((s) => url.includes(s)))).toEqual([0, 1, 2]);
    // The shop's page shows the photos in that order.
    const html = await (await fetch(`${shopURL()}/products/${id}`)).text();
    const at = stems.map((s) => html.indexOf(s));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);

    // The audit log names the product and leads to its page in the console.
    await page.goto(`${consoleURL()}/admin/audit?type=product&record=${id}`);
    const named = page.getByRole("link", { name: `Product ${name}` }).first();
    await expect.poll(() => named.getAttribute("href")).toBe(`/admin/products/${id}`);
    await named.click();
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(`Edit product ${id}`);
  }, 120_000);

  it("edits it: a price of 0 refused beside the field, leaving with unsaved changes asked first (a link, closing the tab)", async () => {
    const page = await browser.open();
    await openSignedIn(page, urls(), testOwner, `/admin/products?q=${encodeURIComponent(name)}`);
    await page
      .getByRole("link", { name: `Edit ${name}` })
      .first()
      .click();
    await page.waitForURL(`**/admin/products/${id}`);
    await expect.poll(() => page.getByLabel("Name (Russian)").inputValue()).toBe(nameRu);

    await page.getByLabel("Price (USD)").fill("0");
    await page.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => page.locator("#field-price-error").textContent())
      .toBe("Enter a price in USD above 0, with at most two decimals (e.g. 185 or 185.50)");
    await page.getByLabel("Price (USD)").fill("0.29");
    await page.getByRole("button", { name: "Remove size 1" }).click();
    await page.getByRole("button", { name: "Add size" }).click();
    await page.getByLabel("Size 2 (cm)").fill("62");
    await page.getByLabel("In stock (untick when sold out)").uncheck();

    // An in-app link asks first; staying keeps what was typed.
    const questions: string[] = [];
    page.on("dialog", (dialog) => {
      questions.push(dialog.type());
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "Back to Products" }).click();
    await expect.poll(() => questions).toEqual(["confirm"]);
    expect(new URL(page.url()).pathname).toBe(`/admin/products/${id}`);
    expect(await page.getByLabel("Price (USD)").inputValue()).toBe("0.29");
    // Closing the tab asks too (beforeunload); staying keeps the page.
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => questions).toEqual(["confirm", "beforeunload"]);
    expect(page.isClosed()).toBe(false);

    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("Product updated successfully!");
    // Saved: leaving asks nothing now.
    await page.getByRole("link", { name: "Back to Products" }).click();
    await page.waitForURL("**/admin/products");
    expect(questions).toEqual(["confirm", "beforeunload"]);

    const api = await (await fetch(`${apiURL()}/api/products/${id}`)).json();
    expect(api).toMatchObject({ price: 0.29, inStock: false, sizes: [{ sizeInCm: 59 }, { sizeInCm: 62 }] });
    const ru = await (await fetch(`${apiURL()}/api/products/${id}?lang=ru`)).json();
    expect(ru).toMatchObject({ name: nameRu, material: "Рафия" });
  });

  it("keeps the list's search and status in the address; a 390 px phone folds the filters, shows cards and never scrolls sideways", async () => {
    const page = await browser.open({ width: 390, height: 844 });
    await openSignedIn(page, urls(), testOwner, "/admin/products");
    expect(await page.getByLabel("Search").isVisible()).toBe(false);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByLabel("Search").fill(name);
    await page.getByLabel("Status").selectOption({ label: "Sold out" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("status")).toBe("sold-out");
    expect(new URL(page.url()).searchParams.get("q")).toBe(name);
    const card = page.getByRole("list", { name: "Products" }).getByRole("listitem");
    await expect.poll(() => card.count()).toBe(1);
    expect(await card.textContent()).toContain("$0.29");
    expect(await card.getByRole("link", { name: `Edit ${name}` }).isVisible()).toBe(true);
    expect(await scrollsSideways(page)).toBe(false);
    await expectAccessible(page);
    // The address is the list: opened again, it is the same list with its filters filled in.
    await page.reload();
    await page.getByRole("button", { name: "Filters (2)" }).click();
    await expect.poll(() => page.getByLabel("Search").inputValue()).toBe(name);
    expect(await page.getByLabel("Status").inputValue()).toBe("sold-out");
    await expect.poll(() => card.count()).toBe(1);

    await card.getByRole("link", { name: `Edit ${name}` }).click();
    await page.waitForURL(`**/admin/products/${id}`);
    await page.getByLabel("Name", { exact: true }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    // Saved from the foot of the long form: what came of it is on the screen, not above it.
    await page.getByLabel("Price (USD)").fill("0.30");
    await page.getByRole("button", { name: "Save" }).click();
    const saved = page.getByRole("status").filter({ hasText: "Product updated successfully!" });
    await expect
      .poll(() => saved.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().bottom <= innerHeight))
      .toBe(true);
    await page.goto(`${consoleURL()}/admin/products/new`);
    await page.getByLabel("Name", { exact: true }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
  });

  it("exports products.js, CSV and JSON as downloads carrying the product", async () => {
    const page = await browser.open();
    await openSignedIn(page, urls(), testOwner, "/admin/products");
    const download = async (link: string) => {
      const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: link, exact: true }).click()]);
      return { name: file.suggestedFilename(), text: await readFile((await file.path())!, "utf8") };
    };
    const js = await download("Export Products Data");
    expect(js.name).toBe("products.js");
    expect(js.text).toMatch(/^\/\/ .*\nexport const products = \[/);
    expect(js.text).toContain(`"name": "${name}"`);
    const csv = await download("Export Products Data as CSV");
    expect(csv.name).toBe("products.csv");
    expect(csv.text).toContain(name);
    const json = await download("Export Products Data as JSON");
    expect(json.name).toBe("products.json");
    expect((JSON.parse(json.text) as { id: number; name: string }[]).find((p) => p.id === id)?.name).toBe(name);
    expect((await fetch(`${apiURL()}/api/products/export`)).status).toBe(401);
  });

  it("shows a failed upload as a red bar with its reason, to try again or remove; never a full green one", async () => {
    const page = await browser.open();
    await openSignedIn(page, urls(), testOwner, "/admin/products/new");
    await page.getByLabel("Name", { exact: true }).waitFor();
    const bar = (label: string) => page.getByRole("progressbar", { name: label });

    // A file that lies about its type: the server looks inside and refuses it.
    await page
      .locator("#photo-files")
      .setInputFiles([{ name: "liar.png", mimeType: "image/png", buffer: Buffer.from("<!doctype html><p>no photo</p>") }]);
    await bar("liar.png failed").waitFor();
    expect(await page.locator('[data-upload="failed"]').textContent()).toContain("Only JPG, PNG, WebP, and GIF images are allowed.");
    expect(await page.locator('[data-upload="failed"] [role="progressbar"] > div').getAttribute("class")).toContain("bg-red-600");
    // One larger than 10 MB fails at once, said why. Chosen from a file: given as bytes, Playwright
    // would carry all 11 MB into the page first, for seconds.
    const folder = await mkdtemp(path.join(tmpdir(), "console-e2e-upload-"));
    await writeFile(path.join(folder, "huge.jpg"), Buffer.alloc(11 * 1024 * 1024, 1));
    await page.locator("#photo-files").setInputFiles(path.join(folder, "huge.jpg"));
    await rm(folder, { recursive: true, force: true });
    await bar("huge.jpg failed").waitFor();
    await page.getByText("huge.jpg is larger than 10 MB.").waitFor();
    // Six at once are refused whole.
    await page.locator("#photo-files").setInputFiles(await Promise.all([1, 2, 3, 4, 5, 6].map((n) => jpeg(`hat-${n}.jpg`))));
    await page.getByText("You can only upload up to 5 files at once.").waitFor();
    expect(await photoKeys(page)).toEqual(["", ""]);
    await page.getByRole("button", { name: "Remove liar.png" }).click();
    await page.getByRole("button", { name: "Remove huge.jpg" }).click();
    await expect.poll(() => photoKeys(page)).toEqual([]);

    // A lost connection: the bar fails with SPEC 8's message and a way to try again, which then works.
    await page.route(`${apiURL()}/api/uploads`, (route) => route.abort());
    await page.locator("#photo-files").setInputFiles([await jpeg("retry-me.jpg")]);
    await bar("retry-me.jpg failed").waitFor();
    await page.getByText("Failed to upload image(s). Please try again.").waitFor();
    await page.unroute(`${apiURL()}/api/uploads`);
    await page.getByRole("button", { name: "Try uploading retry-me.jpg again" }).click();
    await expect.poll(() => photoKeys(page)).toEqual([expect.stringMatching(/-retry-me\.jpg$/)]);
    expect(await page.locator('[data-upload="failed"]').count()).toBe(0);
  });

  it("hides the product (the shop's page is gone), shows it again, then deletes it after asking", async () => {
    const page = await browser.open();
    await openSignedIn(page, urls(), testOwner, `/admin/products/${id}`);
    await page.getByText("This product was never ordered").waitFor();
    expect((await fetch(`${shopURL()}/products/${id}`)).status).toBe(200);
    await page.getByRole("button", { name: "Hide from the shop" }).click();
    await page.getByRole("heading", { name: "Hide this product?" }).waitFor();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Yes, hide it" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The product is hidden");
    // The storefront keeps pages and serves the change within a second of the save
    // (storefront-instances.e2e holds it to that; a busy test machine gets slack here).
    await expect.poll(() => shopStatus(`/products/${id}`), { timeout: 2_000 }).toBe(404);
    expect((await fetch(`${apiURL()}/api/products/${id}`)).status).toBe(404);
    await page.getByRole("button", { name: "Show in the shop again" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("The product shows in the shop again.");
    await expect.poll(() => shopStatus(`/products/${id}`), { timeout: 2_000 }).toBe(200);

    await page.getByRole("button", { name: "Delete product" }).click();
    await page.getByRole("heading", { name: "Delete this product?" }).waitFor();
    await page.getByRole("button", { name: "No, go back" }).click();
    expect((await fetch(`${apiURL()}/api/products/${id}`)).status).toBe(200);
    await page.getByRole("button", { name: "Delete product" }).click();
    await page.getByRole("button", { name: "Delete for good" }).click();
    await page.waitForURL("**/admin/products");
    await expect.poll(() => page.getByRole("status").textContent()).toBe(`Product ${id} deleted.`);
    expect((await fetch(`${apiURL()}/api/products/${id}`)).status).toBe(404);
    expect(await found(name)).toEqual([]);
  });

  it("never offers to delete an ordered product: it can be hidden", async () => {
    const payload = await orderPayload(apiURL());
    const placed = await fetch(`${apiURL()}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
    expect(placed.status).toBe(201);
    const page = await browser.open();
    await openSignedIn(page, urls(), testOwner, `/admin/products/${payload.productId}`);
    await page.getByText("This product has orders, so it cannot be deleted.").waitFor();
    expect(await page.getByRole("button", { name: "Delete product" }).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Hide from the shop" }).isVisible()).toBe(true);
  });

  it("shows every product's thumbnail from the shop's address at 390 and 1280 px, none refused; View opens it on the shop", async () => {
    let page!: Page;
    for (const width of [390, 1280]) {
      page = await browser.open({ width, height: 900 });
      const refused: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && /Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await openSignedIn(page, urls(), testOwner, "/admin/products");
      const thumbnails = page.locator(width < 768 ? 'ul[aria-label="Products"] img' : "table img");
      await expect.poll(() => thumbnails.count()).toBeGreaterThan(3);
      for (const image of await thumbnails.all()) {
        expect(await image.getAttribute("src")).toMatch(new RegExp(`^${shopURL()}/media/`));
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0), { message: `${width} px` })
          .toBe(true);
      }
      expect(refused).toEqual([]);
    }

    // The 1280 px list, still open.
    const view = page.getByRole("link", { name: /^View .* in the shop/ }).first();
    const href = await view.getAttribute("href");
    expect(href).toMatch(new RegExp(`^${shopURL()}/products/\\d+$`));
    const [shopPage] = await Promise.all([page.waitForEvent("popup"), view.click()]);
    await shopPage.waitForLoadState();
    expect(shopPage.url()).toBe(href);
    expect((await fetch(href!)).headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("says an unknown product is not there", async () => {
    const page = await browser.open();
    await openSignedIn(page, urls(), testOwner, "/admin/products/99999");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("There is no product with this number.");
  });

  it("takes products through POST and PUT /api/products for the staff token only, naming bad fields", async () => {
    const bearer = { Authorization: `Bearer ${inject("staffToken")}`, "Content-Type": "application/json" };
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
    const created = await fetch(`${apiURL()}/api/products`, { method: "POST", headers: bearer, body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const product = await created.json();
    expect(product).toMatchObject({ name: "API hat", price: 120.5, translations: { ru: { name: "Шляпа из API" } } });
    expect((await (await fetch(`${apiURL()}/api/products/${product.id}?lang=ru`)).json()).name).toBe("Шляпа из API");

    // A round trip of what GET gives (photo addresses included) changes nothing but what was changed.
    const seeded = await (await fetch(`${apiURL()}/api/products/2`)).json();
    const put = await fetch(`${apiURL()}/api/products/2`, {
      method: "PUT",
      headers: bearer,
      body: JSON.stringify({ ...seeded, price: 99.99 }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ ...seeded, price: 99.99 });
    const bad = await fetch(`${apiURL()}/api/products/2`, {
      method: "PUT",
      headers: bearer,
      body: JSON.stringify({ ...seeded, price: -1, name: "", sizes: [{ sizeInCm: 80 }], images: ["https://elsewhere.example/a.jpg"] }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).details).toMatchObject({
      price: expect.any(String),
      name: "This field is required",
      "sizes.0": expect.any(String),
      "images.0.key": expect.any(String),
    });
    const anonymous = await fetch(`${apiURL()}/api/products`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(anonymous.status).toBe(401);
  });
});
