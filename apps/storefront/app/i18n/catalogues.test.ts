import { createRequire } from "node:module";
import path from "node:path";
import { locales } from "@workshop/domain/locale.ts";
import { describeCatalogues } from "@workshop/testing/catalogues.ts";

// The pages' catalogues, and the ones pages and e-mails share (the e-mails' own are the API's test).
const folderOf = (specifier: string) => path.dirname(createRequire(import.meta.url).resolve(specifier));
describeCatalogues([import.meta.dirname, folderOf("@workshop/domain/i18n/core.ts")], locales);
