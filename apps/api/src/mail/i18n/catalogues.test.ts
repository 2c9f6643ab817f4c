import { locales } from "@workshop/domain/locale.ts";
import { describeCatalogues } from "@workshop/testing/catalogues.ts";

// The e-mails' own catalogues (the ones pages and e-mails share are the storefront's test).
describeCatalogues([import.meta.dirname], locales);
