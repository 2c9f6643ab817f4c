import { type Channel, findChannel } from "./channels.ts";
import { testCards } from "./test-cards.ts";
import type { PaymentRequest, PaymentSession } from "./types.ts";

/**
 * The hosted pages of the sandbox (Xendit's card page and e-wallet / pay-later mock connector):
 * self-contained HTML, no script, readable on a phone.
 */

const rupiah = new Intl.NumberFormat("id-ID", { style: "currency", currency: "IDR", minimumFractionDigits: 0, maximumFractionDigits: 0 });
const jakartaTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Jakarta" });

function formatRupiah(amount: number): string {
  return rupiah.format(amount);
}

/** What a customer typed into the card form, shown again after a mistake (never the CVN). */
export type CardValues = { card_number?: string; expiry?: string; cardholder_name?: string };

export function payPage(request: PaymentRequest, options: { message?: string; values?: CardValues } = {}): string {
  const channel = findChannel(request.channel_code);
  const expiresAt = Date.parse(String(request.channel_properties.expires_at));
  const body = `
    ${summary(request, channel)}
    <p class="muted">Pay before ${escapeHtml(jakartaTime.format(expiresAt))} (Jakarta time).</p>
    ${options.message ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.message)}</p>` : ""}
    ${channel?.kind === "cards" ? cardForm(request.request_amount, options.values ?? {}, Boolean(options.message)) : ""}
    ${channel?.kind === "ewallet" || channel?.kind === "paylater" ? approveForm(channel) : ""}
    ${channel?.kind === "virtual_account" || channel?.kind === "otc" || channel?.kind === "qris" ? presentedCode(request) : ""}`;
  return layout("Xendit sandbox — pay", body);
}

export function closedPage(request: PaymentRequest): string {
  const said: Record<string, string> = {
    SUCCEEDED: "This payment has been made.",
    FAILED: `This payment failed${request.failure_code ? ` (${request.failure_code})` : ""}.`,
    CANCELED: "This payment was cancelled.",
    EXPIRED: "This payment request has expired.",
  };
  const back = returnUrl(request);
  const body = `
    ${summary(request, findChannel(request.channel_code))}
    <h2>Nothing more to pay here</h2>
    <p>${escapeHtml(said[request.status] ?? `Status: ${request.status}.`)} No further payment can be made on this page.</p>
    ${back ? `<p><a class="button primary" href="${escapeHtml(back)}">Return to the shop</a></p>` : ""}`;
  return layout("Xendit sandbox — payment closed", body);
}

export function notFoundPage(id: string): string {
  return layout(
    "Xendit sandbox — not found",
    `<h1>Payment not found</h1><p>There is no payment request <code>${escapeHtml(id)}</code> in this sandbox.</p>`,
  );
}

/** Where the customer goes back to once the request is settled: success or failure URL. */
export function returnUrl(request: PaymentRequest): string | undefined {
  const name = request.status === "SUCCEEDED" ? "success_return_url" : "failure_return_url";
  const url = request.channel_properties[name];
  return typeof url === "string" ? url : undefined;
}

/**
 * Xendit's hosted checkout for a payment session (payment_link_url): the card form while the
 * session is ACTIVE, with the reason of a card that just failed; the customer may try again.
 */
export function sessionPage(session: PaymentSession, options: { message?: string; values?: CardValues } = {}): string {
  const body = `
    ${sessionSummary(session)}
    <p class="muted">Pay before ${escapeHtml(jakartaTime.format(Date.parse(session.expires_at)))} (Jakarta time).</p>
    ${options.message ? `<p class="error" role="alert" id="form-error">${escapeHtml(options.message)}</p>` : ""}
    ${cardForm(session.amount, options.values ?? {}, Boolean(options.message))}`;
  return layout("Xendit sandbox — checkout", body);
}

export function closedSessionPage(session: PaymentSession): string {
  const said: Record<string, string> = {
    COMPLETED: "This payment has been made.",
    CANCELED: "This checkout was cancelled.",
    EXPIRED: "This checkout has expired.",
  };
  const back = session.status === "COMPLETED" ? session.success_return_url : session.cancel_return_url;
  const body = `
    ${sessionSummary(session)}
    <h2>Nothing more to pay here</h2>
    <p>${escapeHtml(said[session.status] ?? `Status: ${session.status}.`)} No further payment can be made on this page.</p>
    ${back ? `<p><a class="button primary" href="${escapeHtml(back)}">Return to the shop</a></p>` : ""}`;
  return layout("Xendit sandbox — checkout closed", body);
}

function sessionSummary(session: PaymentSession): string {
  return `
    <p><span class="sandbox">Sandbox</span> No real money moves.</p>
    <h1>Pay <span class="amount">${escapeHtml(formatRupiah(session.amount))}</span></h1>
    <dl>
      <dt>Method</dt><dd>Card</dd>
      ${session.description ? `<dt>For</dt><dd>${escapeHtml(session.description)}</dd>` : ""}
      <dt>Reference</dt><dd>${escapeHtml(session.reference_id)}</dd>
    </dl>`;
}

function summary(request: PaymentRequest, channel: Channel | undefined): string {
  return `
    <p><span class="sandbox">Sandbox</span> No real money moves.</p>
    <h1>Pay <span class="amount">${escapeHtml(formatRupiah(request.request_amount))}</span></h1>
    <dl>
      <dt>Method</dt><dd>${escapeHtml(channel?.name ?? request.channel_code)}</dd>
      ${request.description ? `<dt>For</dt><dd>${escapeHtml(request.description)}</dd>` : ""}
      <dt>Reference</dt><dd>${escapeHtml(request.reference_id)}</dd>
    </dl>`;
}

function cardForm(amount: number, values: CardValues, invalid: boolean): string {
  const described = invalid ? ' aria-describedby="form-error"' : "";
  const rows = testCards.map((card) => `<tr><td><code>${card.number}</code></td><td>${escapeHtml(card.label)}</td></tr>`).join("");
  return `
    <form method="post">
      <label for="card_number">Card number</label>
      <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required value="${escapeHtml(values.card_number ?? "")}"${described}>
      <div class="row">
        <div>
          <label for="expiry">Expiry (MM/YY)</label>
          <input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required value="${escapeHtml(values.expiry ?? "")}"${described}>
        </div>
        <div>
          <label for="cvn">CVN</label>
          <input id="cvn" name="cvn" inputmode="numeric" autocomplete="cc-csc" required${described}>
        </div>
      </div>
      <label for="cardholder_name">Name on card</label>
      <input id="cardholder_name" name="cardholder_name" autocomplete="cc-name" value="${escapeHtml(values.cardholder_name ?? "")}">
      <button class="primary" name="outcome" value="approve">Pay ${escapeHtml(formatRupiah(amount))}</button>
      <button class="secondary" name="outcome" value="cancel" formnovalidate>Cancel</button>
    </form>
    <h2 id="test-cards">Test cards</h2>
    <p class="muted">Any future expiry date and any CVN. Other numbers are declined (CARD_DECLINED).</p>
    <table aria-labelledby="test-cards"><thead><tr><th scope="col">Number</th><th scope="col">Result</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function approveForm(channel: Channel): string {
  const where = channel.kind === "paylater" ? `your ${channel.name} account` : `the ${channel.name} app`;
  return `
    <p>In real life the customer confirms this payment in ${escapeHtml(where)}. Choose what they do:</p>
    <form method="post">
      <button class="primary" name="outcome" value="approve">Approve</button>
      <button class="danger" name="outcome" value="decline">Decline</button>
    </form>`;
}

function presentedCode(request: PaymentRequest): string {
  const action = request.actions[0];
  const label = {
    VIRTUAL_ACCOUNT_NUMBER: "Virtual account number",
    PAYMENT_CODE: "Payment code",
    QR_STRING: "QRIS payload",
    WEB_URL: "Link",
  }[action?.descriptor ?? "WEB_URL"];
  return `
    <p>${escapeHtml(label)}:</p>
    <p><code>${escapeHtml(action?.value ?? "")}</code></p>
    <form method="post">
      <button class="primary" name="outcome" value="approve">Simulate the customer's payment</button>
    </form>`;
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${css}</style>
</head>
<body>
<main>${body}</main>
</body>
</html>`;
}

const css = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; color: #1b1b2f; background: #eef0f3; }
body { margin: 0; padding: 1rem; }
main { max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.25rem; box-shadow: 0 1px 3px rgb(0 0 0 / 0.15); }
h1 { font-size: 1.25rem; margin: 0.5rem 0; }
h2 { font-size: 1.05rem; margin: 1.5rem 0 0.25rem; }
.amount { display: block; font-size: 1.9rem; }
.sandbox { display: inline-block; background: #a8071a; color: #fff; font-weight: 700; font-size: 0.8rem; padding: 0.1rem 0.5rem; border-radius: 4px; letter-spacing: 0.06em; text-transform: uppercase; }
.muted { color: #4a4a5a; font-size: 0.9rem; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.15rem 0.75rem; margin: 0.5rem 0; }
dt { color: #4a4a5a; } dd { margin: 0; overflow-wrap: anywhere; }
label { display: block; font-weight: 600; margin-top: 0.75rem; }
input { width: 100%; box-sizing: border-box; font: inherit; padding: 0.6rem; border: 1px solid #6b6b7b; border-radius: 6px; }
.row { display: flex; gap: 0.75rem; } .row > div { flex: 1; }
button, .button { display: block; box-sizing: border-box; width: 100%; min-height: 44px; margin-top: 0.75rem; padding: 0.7rem 1rem; border-radius: 6px; border: 1px solid transparent; font: inherit; font-weight: 600; text-align: center; text-decoration: none; cursor: pointer; }
.primary { background: #0b57d0; color: #fff; }
.secondary { background: #e6e8ec; color: #1b1b2f; }
.danger { background: #fff; color: #a8071a; border-color: #a8071a; }
:focus-visible { outline: 3px solid #0b57d0; outline-offset: 2px; }
.error { background: #fdecea; color: #7a1212; padding: 0.75rem; border-radius: 6px; }
code { overflow-wrap: anywhere; font-size: 1rem; }
table { width: 100%; border-collapse: collapse; font-size: 0.85rem; }
th, td { text-align: left; padding: 0.35rem 0.25rem; border-top: 1px solid #dcdfe4; vertical-align: top; }
td code { white-space: nowrap; font-size: 0.85rem; }
`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
