import { type EnhanceStatus, POLL_EVERY_MS } from "@workshop/domain/ai-studio.ts";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * What the studio's tests find on the console's product page. Inside the panel: its region (named
 * by its heading). Outside it, only the page's photo list and its Save button: a photo is a list
 * item with its image and its alt text fields, the save button is named Save / Сохранить.
 */
export const studioPanel = (page: Page) => page.getByRole("region", { name: /^(AI studio photos|Студийные фото \(ИИ\))$/ });

/** The product's photos in the form: the list items that hold an English alt text field. */
export const photoRows = (page: Page) =>
  page.getByRole("listitem").filter({ has: page.getByRole("textbox", { name: /^(Alt text \(English\)|Описание фото \(английский\))$/ }) });

/** The form's photo whose image is the stored photo `stem`. */
export const productPhotos = (page: Page, stem: string) => photoRows(page).filter({ has: page.locator(`img[src*="/${stem}."]`) });

export const saveButton = (page: Page) => page.getByRole("button", { name: /^(Save|Сохранить)$/ });

/** Starts the job the panel is set for (its Start button, `name`) and gives the job's id. */
export async function startJob(page: Page, name: string): Promise<string> {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/ai/enhance-product-images"),
    studioPanel(page).getByRole("button", { name }).click(),
  ]);
  return ((await answer.json()) as { jobId: string }).jobId;
}

/**
 * The panel's next check of the job, now: once the API at `apiURL` has the job as `ready` wants
 * it, the page's clock (installed with page.clock.install()) skips the rest of the check's wait
 * instead of the test sitting it out.
 */
export async function nextPoll(page: Page, apiURL: string, jobId: string, ready: (job: EnhanceStatus) => boolean, timeout = 10_000) {
  const url = `${apiURL}/api/ai/enhance-product-images?jobId=${encodeURIComponent(jobId)}`;
  await expect
    .poll(async () => ready((await (await page.request.get(url)).json()) as EnhanceStatus), { timeout, interval: 200 })
    .toBe(true);
  await page.clock.fastForward(POLL_EVERY_MS);
}
