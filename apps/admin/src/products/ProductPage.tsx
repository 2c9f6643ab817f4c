import { zodResolver } from "@hookform/resolvers/zod";
import { makingDays } from "@workshop/domain/delivery.ts";
import { type ProductAnswer, type ProductFormValues, productAnswer } from "@workshop/domain/staff-api/products.ts";
import {
  MAX_SIZE_CM,
  MIN_SIZE_CM,
  type ProductInput,
  type ProductTextField,
  productSchema,
  productTextFields,
  type RawProduct,
  textLimits,
} from "@workshop/domain/validation/product.ts";
import { ConfirmStep } from "@workshop/ui/ConfirmStep.tsx";
import { Notice } from "@workshop/ui/Notice.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useEffect, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Link, useLoaderData, useLocation, useNavigate } from "react-router";
import { ApiError, api } from "#admin/api/client.ts";
import { newNonce } from "#admin/custom-orders/forms.ts";
import { useUnsavedChanges } from "#admin/forms/use-unsaved-changes.ts";
import { consoleTexts } from "#admin/i18n/console.ts";
import { productsTexts } from "#admin/i18n/products.ts";
import { useT } from "#admin/i18n/use-t.ts";
import { signedOutRedirect } from "#admin/session/session.ts";
import { AiStudioPanel } from "./AiStudioPanel.tsx";
import { ProductPhotos } from "./ProductPhotos.tsx";
import type { ProductsNotice } from "./ProductsPage.tsx";
import { type PhotoSlot, photoRows, slotsOf, withPhotoKey } from "./photo-slots.ts";

type Loaded = { product: ProductAnswer | null } | { notFound: true };

/** A new product (/admin/products/new) or the product of the address, as its form edits it. */
export async function loader({ request, params }: { request: Request; params: { id?: string } }): Promise<Loaded> {
  if (params.id === undefined) return { product: null };
  try {
    return {
      product: await api(`/api/admin/products/${encodeURIComponent(params.id)}`, { answer: productAnswer, signal: request.signal }),
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { notFound: true };
    return signedOutRedirect(error);
  }
}

const emptyValues: ProductFormValues = {
  ...(Object.fromEntries(productTextFields.flatMap((f) => [[f, ""] as const, [`${f}Ru`, ""] as const])) as Record<
    ProductTextField | `${ProductTextField}Ru`,
    string
  >),
  price: "",
  isNew: false,
  isFeatured: false,
  inStock: true,
  madeToOrder: true,
  sizes: [""],
  images: [],
};

/** What the page says happened: a product just added (it lands here), saved, hidden or shown. */
type Done = "added" | "updated" | "hidden" | "shown";

export function Component() {
  const t = useT(productsTexts);
  const loaded = useLoaderData<Loaded>();
  if ("notFound" in loaded)
    return (
      <section>
        <title>{t("title")}</title>
        <h1 className="text-2xl font-semibold">{t("form.notFound")}</h1>
        <Link to="/admin/products" className="btn-secondary mt-4">
          {t("form.back")}
        </Link>
      </section>
    );
  return <ProductForm key={loaded.product?.id ?? "new"} product={loaded.product} />;
}

/**
 * The product form: every field in English and Russian, price, sizes, flags and photos, checked by
 * the API's own schema before it is sent. A new product is sent with the form's nonce, so a
 * second click adds nothing; once added it opens as its own page. A photo added by its key (the AI
 * studio's onAdd) goes through withPhotoKey (photo-slots.ts): last, empty alt texts, never twice.
 */
function ProductForm({ product: loadedProduct }: { product: ProductAnswer | null }) {
  const t = useT(productsTexts);
  const frame = useT(consoleTexts);
  const navigate = useNavigate();
  const location = useLocation();
  const [product, setProduct] = useState(loadedProduct);
  const [slots, setSlots] = useState<PhotoSlot[]>(() => slotsOf(loadedProduct?.values.images ?? []));
  const [nonce] = useState(newNonce);
  const [done, setDone] = useState<Done | null>((location.state as { done?: Done } | null)?.done ?? null);
  const [problem, setProblem] = useState<"fix" | "failed" | "ordered" | "unreachable" | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<"hide" | "delete" | null>(null);
  const [busy, setBusy] = useState(false);
  const [leaving, setLeaving] = useState<{ to: string; state?: unknown } | null>(null);
  // Each outcome (the same one twice too) is a new notice, which a long form's foot brings into sight.
  const [outcomes, setOutcomes] = useState(0);
  const said = () => setOutcomes((n) => n + 1);

  const defaults = loadedProduct ? { ...loadedProduct.values, sizes: rowsOrOne(loadedProduct.values.sizes) } : emptyValues;
  const form = useForm<RawProduct, unknown, ProductInput>({ resolver: zodResolver(productSchema), defaultValues: defaults });
  const { isSubmitting, isDirty, errors: clientErrors } = form.formState;
  const sizes = form.watch("sizes") ?? [""];
  const uploading = slots.some((s) => s.upload?.state === "sending");
  useUnsavedChanges(isDirty || uploading, t("form.unsaved"));

  // The saved photos are a field of the form: each change of the slots changes it (and its dirtiness).
  useEffect(() => {
    form.setValue("images", photoRows(slots), { shouldDirty: true });
  }, [slots, form]);
  // Leaving once the form is saved or the product gone: after the render that knows it is not dirty.
  useEffect(() => {
    if (leaving && !form.formState.isDirty) navigate(leaving.to, { state: leaving.state });
  }, [leaving, navigate, form.formState.isDirty]);

  const errors = { ...formErrors(clientErrors, form.getValues("sizes") ?? []), ...serverErrors };
  const say = (code: string) =>
    code in errorTexts ? t(errorTexts[code as keyof typeof errorTexts], { min: MIN_SIZE_CM, max: MAX_SIZE_CM }) : code;

  const saved = (answer: ProductAnswer, how: Done) => {
    setProduct(answer);
    // Failed uploads stay on the page (they are no photos of the product), after the saved ones.
    setSlots((list) => [...slotsOf(answer.values.images), ...list.filter((s) => s.upload?.state === "failed")]);
    form.reset({ ...answer.values, sizes: rowsOrOne(answer.values.sizes) });
    setDone(how);
    said();
  };

  const save = form.handleSubmit(
    async () => {
      setProblem(null);
      setServerErrors({});
      setDone(null);
      const body = { ...form.getValues(), images: photoRows(slots) };
      try {
        if (product) {
          saved(await api(`/api/admin/products/${product.id}`, { method: "PUT", body, answer: productAnswer }), "updated");
        } else {
          const added = await api("/api/admin/products", { method: "POST", body: { ...body, nonce }, answer: productAnswer });
          form.reset({ ...added.values, sizes: rowsOrOne(added.values.sizes) });
          setLeaving({ to: `/admin/products/${added.id}`, state: { done: "added" } });
        }
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return void signedOutRedirect(error);
        if (error instanceof ApiError && error.status === 400 && typeof error.details === "object" && error.details !== null) {
          setServerErrors(Object.fromEntries(Object.entries(error.details).map(([path, code]) => [path, String(code)])));
          setProblem("fix");
        } else {
          setProblem(error instanceof ApiError && error.status === 0 ? "unreachable" : "failed");
          said();
        }
      }
    },
    () => {
      setServerErrors({});
      setDone(null);
      setProblem("fix");
    },
  );

  const act = async (action: "hide" | "show" | "delete") => {
    if (!product) return;
    setBusy(true);
    setProblem(null);
    setDone(null);
    try {
      if (action === "delete") {
        await api(`/api/admin/products/${product.id}`, { method: "DELETE" });
        form.reset(form.getValues());
        setSlots((list) => list.filter((s) => s.upload?.state !== "sending"));
        setLeaving({ to: "/admin/products", state: { deleted: product.id } satisfies ProductsNotice });
      } else {
        const answer = await api(`/api/admin/products/${product.id}/${action}`, { method: "POST", answer: productAnswer });
        setProduct({ ...product, hidden: answer.hidden });
        setDone(action === "hide" ? "hidden" : "shown");
        said();
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return void signedOutRedirect(error);
      setProblem(error instanceof ApiError && error.status === 409 ? "ordered" : "failed");
      said();
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const title = product ? t("form.editTitle", { id: product.id }) : t("form.newTitle");
  const name = product?.values.name ?? "";
  const box = "min-w-0 rounded-2xl border border-sand-200 bg-white p-4 sm:p-6";
  const small = "rounded-lg border border-sand-300 bg-white px-3 py-1.5 text-sm hover:bg-sand-100";
  const text = (field: ProductTextField | `${ProductTextField}Ru`, multiline = false) => {
    const english = !field.endsWith("Ru");
    return (
      <TextField
        label={t(`form.${field}`)}
        error={errors[field] ? say(errors[field]) : undefined}
        multiline={multiline}
        required={english}
        maxLength={textLimits[field.replace(/Ru$/, "") as ProductTextField]}
        {...form.register(field)}
      />
    );
  };

  return (
    <section>
      <title>{title}</title>
      <Link to="/admin/products" className="text-sm underline underline-offset-4">
        ← {t("form.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-semibold break-words">{title}</h1>
      {product?.hidden && <p className="mt-1 text-sm text-red-800">{t("form.hiddenNote")}</p>}
      <div key={outcomes}>
        {done && <Notice tone="done">{t(`done.${done}`)}</Notice>}
        {problem === "fix" && <Notice tone="problem">{t("form.fix")}</Notice>}
        {problem === "failed" && <Notice tone="problem">{t("form.failed")}</Notice>}
        {problem === "ordered" && <Notice tone="problem">{t("manage.ordered")}</Notice>}
        {problem === "unreachable" && <Notice tone="problem">{frame("error.unreachable")}</Notice>}
      </div>

      <form noValidate onSubmit={save} className="mt-6 space-y-6">
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
            {text("nameRu")}
            {text("descriptionRu", true)}
            {text("materialRu")}
            {text("colorRu")}
            {text("crownStyleRu")}
            {text("brimSizeRu")}
          </fieldset>
        </div>

        <fieldset className={`${box} space-y-4`}>
          <legend className="px-1 text-lg font-semibold">{t("form.details")}</legend>
          <div className="max-w-xs">
            <TextField
              label={t("form.price")}
              hint={t("form.priceHint")}
              error={errors.price ? say(errors.price) : undefined}
              maxLength={12}
              {...form.register("price")}
            />
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {(["isNew", "isFeatured", "inStock"] as const).map((flag) => (
              <label key={flag} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" {...form.register(flag)} />
                {t(`form.${flag}`)}
              </label>
            ))}
          </div>
          <div>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4" aria-describedby="made-to-order-hint" {...form.register("madeToOrder")} />
              {t("form.madeToOrder")}
            </label>
            <p id="made-to-order-hint" className="mt-1 ml-6 text-sm text-ink-600">
              {t("form.madeToOrderHint", { min: makingDays.min, max: makingDays.max })}
            </p>
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
              const setSizes = (next: string[]) => form.setValue("sizes", next, { shouldDirty: true });
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a size row is its place in the list
                <li key={i} className="flex max-w-72 flex-wrap items-end gap-2">
                  <div>
                    <label htmlFor={id} className="text-xs font-medium text-ink-800">
                      {t("form.size", { n: i + 1 })}
                    </label>
                    <input
                      id={id}
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
                      type="button"
                      aria-label={t("form.removeSize", { n: i + 1 })}
                      className={small}
                      onClick={() => setSizes(sizes.filter((_, j) => j !== i))}
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
          <button type="button" className={`${small} mt-3`} onClick={() => form.setValue("sizes", [...sizes, ""], { shouldDirty: true })}>
            {t("form.addSize")}
          </button>
        </fieldset>

        <ProductPhotos slots={slots} onChange={setSlots} errors={errors} say={say} />
        <AiStudioPanel
          productId={product?.id ?? null}
          photoKeys={photoRows(slots).map((row) => row.key)}
          onAdd={(key) => setSlots((list) => withPhotoKey(list, key))}
        />

        {uploading && <p className="text-sm text-ink-700">{t("form.uploading")}</p>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={isSubmitting || uploading || leaving !== null}>
            {isSubmitting ? t("form.saving") : t("form.save")}
          </button>
          <Link to="/admin/products" className="btn-secondary">
            {t("form.cancel")}
          </Link>
        </div>
      </form>

      {product && (
        <section aria-labelledby="manage-title" className={`mt-8 ${box}`}>
          <h2 id="manage-title" className="text-lg font-semibold">
            {t("manage.title")}
          </h2>
          <p className="mt-1 text-sm text-ink-700">{t(product.ordered ? "manage.orderedNote" : "manage.unorderedNote")}</p>
          {confirming === "hide" ? (
            <ConfirmStep
              no={t("manage.no")}
              title={t("manage.hideTitle")}
              text={t("manage.hideText", { id: product.id, name })}
              yes={t("manage.hideConfirm")}
              busy={busy}
              onYes={() => void act("hide")}
              onNo={() => setConfirming(null)}
            />
          ) : confirming === "delete" ? (
            <ConfirmStep
              no={t("manage.no")}
              title={t("manage.confirmTitle")}
              text={t("manage.confirmText", { id: product.id, name })}
              yes={t("manage.confirm")}
              busy={busy}
              onYes={() => void act("delete")}
              onNo={() => setConfirming(null)}
            />
          ) : (
            <div className="mt-3 flex flex-wrap gap-2">
              {product.hidden ? (
                <button type="button" className="btn-secondary" disabled={busy} onClick={() => void act("show")}>
                  {t("manage.show")}
                </button>
              ) : (
                <button type="button" className="btn-secondary" onClick={() => setConfirming("hide")}>
                  {t("manage.hide")}
                </button>
              )}
              {!product.ordered && (
                <button
                  type="button"
                  onClick={() => setConfirming("delete")}
                  className="rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-medium text-red-800"
                >
                  {t("manage.delete")}
                </button>
              )}
            </div>
          )}
        </section>
      )}
    </section>
  );
}

/** A product without sizes still shows one empty row to type in. */
const rowsOrOne = (sizes: string[]) => (sizes.length > 0 ? sizes : [""]);

const errorTexts = {
  required: "error.required",
  tooLong: "error.tooLong",
  characters: "error.characters",
  price: "error.price",
  size: "error.size",
  image: "error.image",
  tooMany: "error.tooMany",
} as const;

/**
 * The form's own check, as `path → code`. A size's problem names its row as shown: the schema
 * counts only the rows that are filled in.
 */
function formErrors(errors: FieldErrors<RawProduct>, sizes: string[]): Record<string, string> {
  const filled = sizes.flatMap((s, i) => (s.trim() === "" ? [] : [i]));
  const flat: Record<string, string> = {};
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== "object") return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === "string" && path) {
      const size = /^sizes\.(\d+)$/.exec(path);
      flat[size ? `sizes.${filled[Number(size[1])] ?? size[1]}` : path] ??= message;
      return;
    }
    // An array's own problem (too many rows) is its `root`: said on the array's path.
    for (const [key, child] of Object.entries(node))
      if (key === "root") walk(child, path);
      else if (key !== "ref") walk(child, path ? `${path}.${key}` : key);
  };
  walk(errors, "");
  return flat;
}
