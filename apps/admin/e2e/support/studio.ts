import type { Page } from "playwright-core";

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
