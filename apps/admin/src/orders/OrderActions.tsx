import { zodResolver } from "@hookform/resolvers/zod";
import { carrierName, carrierOfDelivery } from "@workshop/domain/carriers.ts";
import { formatUsd } from "@workshop/domain/money.ts";
import {
  type OrderDetailAnswer,
  type OrderEmailRequest,
  type OrderNoteRequest,
  type OrderStatusRequest,
  orderDetailAnswer,
  orderEmailAnswer,
  orderEmailRequest,
  orderNoteRequest,
  orderStatusRequest,
  shippingCarriers,
} from "@workshop/domain/staff-api/order.ts";
import { ConfirmStep } from "@workshop/ui/ConfirmStep.tsx";
import { Notice } from "@workshop/ui/Notice.tsx";
import { SelectField } from "@workshop/ui/SelectField.tsx";
import { TextField } from "@workshop/ui/TextField.tsx";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { api } from "#admin/api/client.ts";
import { orderTexts } from "#admin/i18n/order.ts";
import { useT } from "#admin/i18n/use-t.ts";
import { fieldProblem, refusalOf } from "./order-problems.ts";
import { useStatusLabel } from "./status-label.ts";

type Order = OrderDetailAnswer["order"];

/** Mark as Paid for a cash order, after its confirm step (the customer paid at the workshop). */
export function MarkPaid({ order, onDone }: { order: Order; onDone: () => void }) {
  const t = useT(orderTexts);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const yes = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await api(`/api/admin/orders/${order.id}/mark-paid`, { method: "POST", answer: orderDetailAnswer });
      setAsking(false);
      onDone();
    } catch (error) {
      setProblem(refusalOf(t, error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mt-4">
      {problem && <Notice tone="problem">{problem}</Notice>}
      {asking ? (
        <ConfirmStep
          no={t("confirm.no")}
          title={t("markPaid.title", { number: order.orderNumber })}
          text={t("markPaid.text", { total: formatUsd(order.totalCents) })}
          yes={t("markPaid.yes")}
          busy={busy}
          onYes={() => void yes()}
          onNo={() => setAsking(false)}
        />
      ) : (
        <button type="button" className="btn-primary" onClick={() => setAsking(true)}>
          {t("markPaid.button")}
        </button>
      )}
    </div>
  );
}

/** The allowed next statuses only; shipping asks for carrier and tracking number, cancelling for a reason and a confirm step. */
export function StatusForm({
  order,
  moves,
  onDone,
  onDirty,
}: {
  order: Order;
  moves: string[];
  onDone: (status: string) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const t = useT(orderTexts);
  const label = useStatusLabel();
  // The carrier of the delivery the customer chose comes first; another one is warned about.
  const ownCarrier = carrierOfDelivery(order.deliveryOption);
  const [carrierChoice, setCarrierChoice] = useState<string>(ownCarrier ?? "OTHER");
  const [confirming, setConfirming] = useState<OrderStatusRequest | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<OrderStatusRequest>({
    resolver: zodResolver(orderStatusRequest),
    defaultValues: { next: (moves[0] ?? "") as OrderStatusRequest["next"], carrier: ownCarrier ?? "", trackingNumber: "", reason: "" },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const typed = isDirty && (form.watch("trackingNumber") !== "" || form.watch("reason") !== "");
  useEffect(() => onDirty(typed), [typed, onDirty]);
  const next = form.watch("next");
  const typedCarrier = form.watch("carrier") ?? "";
  const otherThanChosen =
    ownCarrier !== null && (carrierChoice === "OTHER" ? carrierName(typedCarrier.trim()) : carrierChoice) !== ownCarrier;

  const send = async (values: OrderStatusRequest) => {
    setProblem(null);
    try {
      await api(`/api/admin/orders/${order.id}/status`, {
        method: "POST",
        body: { ...values, expected: order.status },
        answer: orderDetailAnswer,
      });
      setConfirming(null);
      onDone(values.next);
    } catch (error) {
      setConfirming(null);
      setProblem(refusalOf(t, error, form, ["next", "carrier", "trackingNumber", "reason"]));
    }
  };
  const submit = form.handleSubmit(async (values) => {
    const body: OrderStatusRequest = {
      next: values.next,
      ...(values.next === "SHIPPED" ? { carrier: values.carrier, trackingNumber: values.trackingNumber } : {}),
      ...(values.next === "CANCELLED" ? { reason: values.reason } : {}),
    };
    if (values.next === "CANCELLED") return setConfirming(body);
    await send(body);
  });

  if (moves.length === 0) return <p className="mt-2 text-sm text-ink-600">{t("status.noMoves")}</p>;
  const language = t(order.locale === "ru" ? "language.ru" : "language.en");
  const carrier = form.register("carrier");
  return (
    <>
      {problem && <Notice tone="problem">{problem}</Notice>}
      <form noValidate onSubmit={submit} className="mt-3 space-y-4">
        <SelectField
          label={t("status.new")}
          options={moves.map((move) => ({ value: move, label: label.status(move) }))}
          error={fieldProblem(t, errors.next?.message)}
          {...form.register("next")}
        />
        {next === "SHIPPED" && (
          <>
            <SelectField
              label={t("status.carrier")}
              options={shippingCarriers.map((c) => ({ value: c, label: c === "OTHER" ? t("status.carrierOther") : c }))}
              name="carrierChoice"
              defaultValue={carrierChoice}
              onChange={(event) => {
                setCarrierChoice(event.target.value);
                form.setValue("carrier", event.target.value === "OTHER" ? "" : event.target.value);
              }}
            />
            {carrierChoice === "OTHER" && (
              <TextField label={t("status.carrierName")} maxLength={60} error={fieldProblem(t, errors.carrier?.message)} {...carrier} />
            )}
            {carrierChoice !== "OTHER" && errors.carrier && (
              <p className="text-sm text-red-700">{fieldProblem(t, errors.carrier.message)}</p>
            )}
            {otherThanChosen && (
              <p role="note" className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                {t("status.carrierDiffers", { carrier: ownCarrier ?? "" })}
              </p>
            )}
            <TextField
              label={t("status.tracking")}
              maxLength={60}
              autoComplete="off"
              error={fieldProblem(t, errors.trackingNumber?.message)}
              {...form.register("trackingNumber")}
            />
            <p className="text-sm text-ink-600">{t("status.shippedHint")}</p>
          </>
        )}
        {next === "CANCELLED" && (
          <>
            <TextField
              label={t("status.reason", { language })}
              multiline
              maxLength={500}
              error={fieldProblem(t, errors.reason?.message)}
              {...form.register("reason")}
            />
            <p className="text-sm text-ink-600">{t("status.cancelHint")}</p>
          </>
        )}
        {confirming ? (
          <ConfirmStep
            no={t("confirm.no")}
            title={t("cancel.title", { number: order.orderNumber })}
            text={t("cancel.text")}
            yes={t("cancel.yes")}
            busy={isSubmitting}
            onYes={() => void send(confirming)}
            onNo={() => setConfirming(null)}
          />
        ) : (
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? t("status.saving") : t("status.save")}
          </button>
        )}
      </form>
    </>
  );
}

const emptyNote: OrderNoteRequest = { text: "" };

/** A note for the other staff; emptied once saved, so it is never saved twice. */
export function NoteForm({ orderId, onDone, onDirty }: { orderId: string; onDone: () => void; onDirty: (dirty: boolean) => void }) {
  const t = useT(orderTexts);
  const form = useForm<OrderNoteRequest>({ resolver: zodResolver(orderNoteRequest), defaultValues: emptyNote });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await api(`/api/admin/orders/${orderId}/notes`, { method: "POST", body: values, answer: orderDetailAnswer });
      form.reset(emptyNote);
      onDone();
    } catch (error) {
      setProblem(refusalOf(t, error, form, ["text"]));
    }
  });
  return (
    <>
      {problem && <Notice tone="problem">{problem}</Notice>}
      <form noValidate onSubmit={submit} className="mt-4 space-y-3">
        <TextField
          label={t("note.label")}
          multiline
          maxLength={5000}
          error={fieldProblem(t, errors.text?.message)}
          {...form.register("text")}
        />
        <button type="submit" className="btn-secondary" disabled={isSubmitting}>
          {isSubmitting ? t("note.saving") : t("note.save")}
        </button>
      </form>
    </>
  );
}

/** One per form shown: the e-mail's dedupe key, so a resent form sends one mail. */
export const newNonce = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/** An e-mail to the customer, from a ready text (in the order's language) or blank; emptied with a new nonce once sent. */
export function EmailForm({
  detail,
  onDone,
  onDirty,
}: {
  detail: OrderDetailAnswer;
  onDone: (sent: boolean) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const t = useT(orderTexts);
  const fresh = (): OrderEmailRequest => ({ subject: "", text: "", nonce: newNonce() });
  const form = useForm<OrderEmailRequest>({ resolver: zodResolver(orderEmailRequest), defaultValues: fresh() });
  const { errors, isSubmitting, isDirty } = form.formState;
  const [template, setTemplate] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => onDirty(isDirty), [isDirty, onDirty]);
  const { order } = detail;
  const takeTemplate = () => {
    const ready = detail.templates.find((x) => x.id === template);
    form.setValue("subject", ready?.subject ?? "", { shouldDirty: true });
    form.setValue("text", ready?.text ?? "", { shouldDirty: true });
  };
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      const { sent } = await api(`/api/admin/orders/${order.id}/emails`, { method: "POST", body: values, answer: orderEmailAnswer });
      form.reset(fresh());
      setTemplate("");
      onDone(sent);
    } catch (error) {
      setProblem(refusalOf(t, error, form, ["subject", "text"]));
    }
  });
  const templateName = (id: string) => {
    const key = `email.template.${id}`;
    return key in orderTexts.en ? t(key as keyof typeof orderTexts.en) : id;
  };
  return (
    <>
      <p className="mt-1 text-sm text-ink-600">
        {t("email.language", { email: order.shippingAddress.email, language: t(order.locale === "ru" ? "language.ru" : "language.en") })}
      </p>
      {problem && <Notice tone="problem">{problem}</Notice>}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        {/* Wide enough for a text's name: on a phone the button goes below it. */}
        <div className="min-w-56 flex-1">
          <SelectField
            name="template"
            label={t("email.template")}
            options={[{ value: "", label: t("email.blank") }, ...detail.templates.map((x) => ({ value: x.id, label: templateName(x.id) }))]}
            defaultValue=""
            onChange={(event) => setTemplate(event.target.value)}
          />
        </div>
        <button type="button" className="btn-secondary" onClick={takeTemplate}>
          {t("email.use")}
        </button>
      </div>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <input type="hidden" {...form.register("nonce")} />
        <TextField
          label={t("email.subject")}
          maxLength={200}
          error={fieldProblem(t, errors.subject?.message)}
          {...form.register("subject")}
        />
        <TextField
          // The note form's field is also named text: its own id, so this label names this field.
          id="email-text"
          label={t("email.text")}
          multiline
          maxLength={10_000}
          error={fieldProblem(t, errors.text?.message)}
          {...form.register("text")}
        />
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? t("email.sending") : t("email.send")}
        </button>
      </form>
    </>
  );
}
