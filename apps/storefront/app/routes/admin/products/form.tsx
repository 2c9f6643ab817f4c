import { enhancementsFor } from "@workshop/api/ai/requests.ts";
import {
  createProduct,
  deleteProduct,
  type EditableProduct,
  editableProduct,
  setHidden,
  updateProduct,
} from "@workshop/api/catalog/product-changes.ts";
import { parseProductId } from "@workshop/api/catalog/products.ts";
import { AppError } from "@workshop/api/errors.ts";
import { requireStaffForm, requireStaffPage } from "@workshop/api/staff/guard.ts";
import type { EnhanceStatus } from "@workshop/domain/ai-studio.ts";
import {
  centsToPriceText,
  MAX_SIZE_CM,
  MIN_SIZE_CM,
  type ProductTextField,
  productFieldErrors,
  productSchema,
  productTextFields,
  rawProductFromForm,
  textLimits,
} from "@workshop/domain/validation/product.ts";
import { Notice } from "@workshop/ui/Notice.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AiStudioPanel } from "#app/components/admin/AiStudioPanel.tsx";
import { moved, type PhotoRow, ProductPhotos } from "#app/components/admin/ProductPhotos.tsx";
import { TokenField } from "#app/components/admin/TokenField.tsx";
import { adminProducts } from "#app/i18n/admin-products.ts";
import { useT } from "#app/i18n/core.ts";
import type { Route } from "./+types/form";

/** What the form shows: every field as typed (the action hands it back when something is wrong). */
type Values = Record<ProductTextField | `${ProductTextField}Ru`, string> & {
  price: string;
  isNew: boolean;
  isFeatured: boolean;
  inStock: boolean;
  sizes: string[];
  images: PhotoRow[];
};

const emptyValues: Values = {
  ...(Object.fromEntries(
    productTextFields.flatMap((f) => [
      [f, ""],
      [`${f}Ru`, ""],
    ]),
  ) as Record<ProductTextField | `${ProductTextField}Ru`, string>),
  price: "",
  isNew: false,
  isFeatured: false,
  inStock: true,
  sizes: [""],
  images: [],
};

function valuesOf(p: EditableProduct): Values {
  const ru = p.translations.ru ?? {};
  return {
    ...(Object.fromEntries(
      productTextFields.flatMap((f) => [
        [f, p[f]],
        [`${f}Ru`, ru[f] ?? ""],
      ]),
    ) as Record<ProductTextField | `${ProductTextField}Ru`, string>),
    price: centsToPriceText(p.priceCents),
    isNew: p.isNew,
    isFeatured: p.isFeatured,
    inStock: p.inStock,
    sizes: p.sizes.length ? p.sizes.map(String) : [""],
    images: p.images.map((i) => ({ key: i.storageKey, altEn: i.altEn, altRu: i.altRu })),
  };
}

const notFound = () => data({ error: "Product not found", code: "not-found" }, { status: 404 });

async function productOf(params: { id?: string }): Promise<EditableProduct | null> {
  if (params.id === undefined) return null;
  const id = parseProductId(params.id);
  const product = id === null ? null : await editableProduct(id);
  if (!product) throw notFound();
  return product;
}

/** The product form: a new product (/admin/products/new) or one to change (/admin/products/<id>). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request);
  const product = await productOf(params);
  const url = new URL(request.url);
  return {
    studioJobs: await enhancementsFor(product?.id ?? null, staff.user.id),
    product: product && { id: product.id, name: product.name, hidden: product.hidden, ordered: product.ordered },
    values: product ? valuesOf(product) : emptyValues,
    confirmDelete: product !== null && url.searchParams.get("confirm") === "delete",
    done: ["hidden", "shown"].includes(url.searchParams.get("done") ?? "") ? (url.searchParams.get("done") as "hidden" | "shown") : null,
  };
}

type ActionResult = { values: Values; errors: Record<string, string>; problem: "fix" | "failed" | "ordered" | null; stamp: number };

export async function action({ request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const { actor } = await requireStaffForm(request, form);
  const product = await productOf(params);
  const intent = String(form.get("intent") ?? "save");
  const raw = rawProductFromForm(form);
  const values: Values = { ...emptyValues, ...(raw as Values) };
  const answer = (change: Partial<ActionResult>, status = 200) =>
    data<ActionResult>({ values, errors: {}, problem: null, stamp: Date.now(), ...change }, { status });

  // Without JavaScript, the form's row and photo buttons come here and the form is shown again.
  const [verb, at] = intent.split(":");
  const i = Number(at);
  if (verb === "add-size") return answer({ values: { ...values, sizes: [...values.sizes, ""] } });
  if (verb === "remove-size") {
    const sizes = values.sizes.filter((_, j) => j !== i);
    return answer({ values: { ...values, sizes: sizes.length ? sizes : [""] } });
  }
  if (verb === "image-up") return answer({ values: { ...values, images: moved(values.images, i, i - 1) } });
  if (verb === "image-down") return answer({ values: { ...values, images: moved(values.images, i, i + 1) } });
  if (verb === "image-remove") return answer({ values: { ...values, images: values.images.filter((_, j) => j !== i) } });

  if (product && (intent === "hide" || intent === "show")) {
    await setHidden(product.id, intent === "hide", actor);
    return redirect(`/admin/products/${product.id}?done=${intent === "hide" ? "hidden" : "shown"}`);
  }
  if (product && intent === "delete") {
    if (form.get("confirmed") !== "yes") return redirect(`/admin/products/${product.id}?confirm=delete`);
    try {
      await deleteProduct(product.id, actor);
    } catch (error) {
      if (error instanceof AppError && error.kind === "conflict") return answer({ values: valuesOf(product), problem: "ordered" }, 409);
      throw error;
    }
    return redirect(`/admin/products?done=deleted&id=${product.id}`);
  }

  const parsed = productSchema.safeParse(raw);
  if (!parsed.success) return answer({ errors: rowErrors(productFieldErrors(parsed.error), values), problem: "fix" }, 400);
  try {
    const saved = product ? await updateProduct(product.id, parsed.data, actor) : await createProduct(parsed.data, actor);
    return redirect(`/admin/products?done=${product ? "updated" : "added"}&id=${saved.id}`);
  } catch (error) {
    if (error instanceof AppError && error.kind === "invalid" && error.details) {
      return answer({ errors: error.details as Record<string, string>, problem: "fix" }, 400);
    }
    console.error("product not saved", error);
    return answer({ problem: "failed" }, 503);
  }
}

/** Errors of size rows point at the rows as shown (the check skips the empty ones). */
function rowErrors(errors: Record<string, string>, values: Values): Record<string, string> {
  const filled = values.sizes.flatMap((s, i) => (s.trim() === "" ? [] : [i]));
  return Object.fromEntries(
    Object.entries(errors).map(([path, code]) => {
      const m = /^sizes\.(\d+)$/.exec(path);
      return [m ? `sizes.${filled[Number(m[1])] ?? m[1]}` : path, code];
    }),
  );
}

export default function ProductForm({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(adminProducts);
  const { product, confirmDelete, done } = loaderData;
  const result = actionData as ActionResult | undefined;
  const title = product ? t("form.editTitle", { id: product.id }) : t("form.newTitle");
  return (
    <section>
      <title>{title}</title>
      <a href="/admin/products" className="text-sm underline underline-offset-4">
        ← {t("form.back")}
      </a>
      <h1 className="mt-2 text-2xl font-semibold">{title}</h1>
      {product?.hidden && <p className="mt-1 text-sm text-red-800">{t("form.hiddenNote")}</p>}
      {done && <Notice tone="done">{t(`done.${done}`)}</Notice>}
      {result?.problem === "fix" && <Notice tone="problem">{t("form.fix")}</Notice>}
      {result?.problem === "failed" && <Notice tone="problem">{t("form.failed")}</Notice>}
      {result?.problem === "ordered" && <Notice tone="problem">{t("manage.ordered")}</Notice>}
      {product && confirmDelete && !product.ordered && (
        <div role="alertdialog" aria-labelledby="confirm-title" className="mt-4 rounded-2xl border border-red-300 bg-red-50 p-4">
          <h2 id="confirm-title" className="font-semibold text-red-900">
            {t("manage.confirmTitle")}
          </h2>
          <p className="mt-1 text-sm text-red-900">{t("manage.confirmText", { id: product.id, name: product.name })}</p>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <TokenField />
            <input type="hidden" name="confirmed" value="yes" />
            <button type="submit" name="intent" value="delete" className="rounded-lg bg-red-700 px-4 py-2 text-sm font-medium text-white">
              {t("manage.confirm")}
            </button>
            <a href={`/admin/products/${product.id}`} className="btn-secondary px-4 py-2 text-sm">
              {t("form.cancel")}
            </a>
          </Form>
        </div>
      )}
      <Fields
        key={result?.stamp ?? "loaded"}
        values={result?.values ?? loaderData.values}
        errors={result?.errors ?? {}}
        productId={product?.id ?? null}
        studioJobs={loaderData.studioJobs}
      />
      {product && (
        <section aria-labelledby="manage-title" className="mt-8 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6">
          <h2 id="manage-title" className="text-lg font-semibold">
            {t("manage.title")}
          </h2>
          <p className="mt-1 text-sm text-ink-700">{t(product.ordered ? "manage.orderedNote" : "manage.unorderedNote")}</p>
          <Form method="post" className="mt-3 flex flex-wrap gap-2">
            <TokenField />
            <button type="submit" name="intent" value={product.hidden ? "show" : "hide"} className="btn-secondary px-4 py-2 text-sm">
              {t(product.hidden ? "manage.show" : "manage.hide")}
            </button>
            {!product.ordered && (
              <button
                type="submit"
                name="intent"
                value="delete"
                className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-800"
              >
                {t("manage.delete")}
              </button>
            )}
          </Form>
        </section>
      )}
    </section>
  );
}

function Fields({
  values,
  errors,
  productId,
  studioJobs,
}: {
  values: Values;
  errors: Record<string, string>;
  productId: number | null;
  studioJobs: EnhanceStatus[];
}) {
  const t = useT(adminProducts);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [sizes, setSizes] = useState(values.sizes);
  const [photos, setPhotos] = useState(values.images);
  const [uploading, setUploading] = useState(false);
  const say = (code: string) => {
    const key = `error.${code}` as const;
    return key in adminProducts.en ? t(key as "error.required", { min: MIN_SIZE_CM, max: MAX_SIZE_CM }) : code;
  };
  const text = (name: keyof Values & string, multiline = false, required = true) => {
    const base = name.replace(/Ru$/, "") as ProductTextField;
    return (
      <TextField
        name={name}
        label={t(`form.${name}` as "form.name")}
        defaultValue={values[name] as string}
        error={errors[name] ? say(errors[name]) : undefined}
        multiline={multiline}
        required={required}
        maxLength={textLimits[base]}
      />
    );
  };
  const box = "rounded-2xl border border-sand-200 bg-white p-4 sm:p-6";
  const small = "rounded-lg border border-sand-300 bg-white px-3 py-1.5 text-sm hover:bg-sand-100";
  return (
    <Form method="post" noValidate className="mt-6 space-y-6">
      <TokenField />
      {/* The first submit button is the one Enter presses: Save, not a row's button. */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
      <div className="grid gap-6 lg:grid-cols-2">
        <fieldset className={`${box} space-y-4`}>
          <legend className="px-1 text-lg font-semibold">{t("form.english")}</legend>
          {text("name")}
          {text("description", true)}
          {text("material")}
          {text("color")}
          {text("crownStyle")}
          {text("brimSize")}
        </fieldset>
        <fieldset className={`${box} space-y-4`}>
          <legend className="px-1 text-lg font-semibold">{t("form.russian")}</legend>
          <p className="text-sm text-ink-600">{t("form.russianHint")}</p>
          {text("nameRu", false, false)}
          {text("descriptionRu", true, false)}
          {text("materialRu", false, false)}
          {text("colorRu", false, false)}
          {text("crownStyleRu", false, false)}
          {text("brimSizeRu", false, false)}
        </fieldset>
      </div>

      <fieldset className={`${box} space-y-4`}>
        <legend className="px-1 text-lg font-semibold">{t("form.details")}</legend>
        <div className="max-w-xs">
          <label htmlFor="field-price" className="text-sm font-medium text-ink-900">
            {t("form.price")}
          </label>
          <input
            id="field-price"
            name="price"
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            required
            defaultValue={values.price}
            aria-invalid={errors.price ? true : undefined}
            aria-describedby={`field-price-hint${errors.price ? " field-price-error" : ""}`}
            className={`mt-1.5 block w-full rounded-xl border bg-white px-4 py-3 text-base ${errors.price ? "border-red-600" : "border-sand-300"}`}
          />
          <p id="field-price-hint" className="mt-1.5 text-xs text-ink-600">
            {t("form.priceHint")}
          </p>
          {errors.price && (
            <p id="field-price-error" className="mt-1.5 text-sm text-red-700">
              {say(errors.price)}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(["isNew", "isFeatured", "inStock"] as const).map((name) => (
            <label key={name} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={name} defaultChecked={values[name]} className="size-4" />
              {t(`form.${name}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset className={box}>
        <legend className="px-1 text-lg font-semibold">{t("form.sizes")}</legend>
        <p className="text-sm text-ink-600">{t("form.sizesHint", { min: MIN_SIZE_CM, max: MAX_SIZE_CM })}</p>
        {errors.sizes && <p className="mt-2 text-sm text-red-700">{say(errors.sizes)}</p>}
        <ol className="mt-3 flex flex-wrap gap-x-6 gap-y-3">
          {sizes.map((size, i) => {
            const error = errors[`sizes.${i}`];
            const id = `size-${i}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a size row is its place in the list
              <li key={i} className="flex max-w-72 flex-wrap items-end gap-2">
                <div>
                  <label htmlFor={id} className="text-xs font-medium text-ink-800">
                    {t("form.size", { n: i + 1 })}
                  </label>
                  <input
                    id={id}
                    name="size"
                    type="number"
                    inputMode="numeric"
                    min={MIN_SIZE_CM}
                    max={MAX_SIZE_CM}
                    step="1"
                    value={size}
                    onChange={(e) => setSizes(sizes.map((s, j) => (j === i ? e.target.value : s)))}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                    className={`mt-1 block w-28 rounded-lg border bg-white px-3 py-2 ${error ? "border-red-600" : "border-sand-300"}`}
                  />
                </div>
                {sizes.length > 1 && (
                  <button
                    type="submit"
                    name="intent"
                    value={`remove-size:${i}`}
                    aria-label={t("form.removeSize", { n: i + 1 })}
                    className={small}
                    onClick={(e) => {
                      e.preventDefault();
                      setSizes(sizes.filter((_, j) => j !== i));
                    }}
                  >
                    {t("form.remove")}
                  </button>
                )}
                {error && (
                  <p id={`${id}-error`} className="w-full text-sm text-red-700">
                    {say(error)}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
        <button
          type="submit"
          name="intent"
          value="add-size"
          className={`${small} mt-3`}
          onClick={(e) => {
            e.preventDefault();
            setSizes([...sizes, ""]);
          }}
        >
          {t("form.addSize")}
        </button>
      </fieldset>

      <ProductPhotos photos={photos} onChange={setPhotos} onBusy={setUploading} errors={errors} say={say} />

      <AiStudioPanel
        productId={productId}
        photoKeys={photos.map((p) => p.key)}
        jobs={studioJobs}
        onAdd={(key) => setPhotos((list) => (list.some((p) => p.key === key) ? list : [...list, { key, altEn: "", altRu: "" }]))}
      />

      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className="btn-primary px-6 py-2.5" disabled={saving || uploading}>
          {saving ? t("form.saving") : t("form.save")}
        </button>
        <a href="/admin/products" className="btn-secondary px-6 py-2.5">
          {t("form.cancel")}
        </a>
      </div>
    </Form>
  );
}
