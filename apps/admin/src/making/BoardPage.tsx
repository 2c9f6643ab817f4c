import { deliveryOptionName } from "@workshop/domain/order-names.ts";
import { type MakingBoardAnswer, type MakingBoardOrder, makingBoardAnswer } from "@workshop/domain/staff-api/making.ts";
import { Link, useLoaderData } from "react-router";
import { api } from "#admin/api/client.ts";
import { consoleDay } from "#admin/dates.ts";
import { countText } from "#admin/i18n/counts.ts";
import { makingTexts } from "#admin/i18n/making.ts";
import { useLocale, useT } from "#admin/i18n/use-t.ts";
import { signedOutRedirect, useSession } from "#admin/session/session.ts";
import { stageName } from "./stage-name.ts";

export async function loader({ request }: { request: Request }): Promise<MakingBoardAnswer> {
  return api("/api/admin/making/board", { answer: makingBoardAnswer, signal: request.signal }).catch(signedOutRedirect);
}

/**
 * The making board (decision 054): every order in the workshop in its stage's column, the longest
 * waiting first, each card with how long it has been in its stage, its estimate and whether it is
 * late (said in words, the colour only repeats it), linking to its order. Columns side by side on
 * a wide screen, one under another on a phone.
 */
export function Component() {
  const t = useT(makingTexts);
  const locale = useLocale();
  const { staff } = useSession();
  const board = useLoaderData<MakingBoardAnswer>();
  return (
    <section>
      <title>{t("board.title")}</title>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("board.title")}</h1>
        <Link to="/admin/making/stages" className="text-sm font-medium underline underline-offset-4">
          {t(staff.role === "owner" ? "board.settings" : "board.seeSettings")}
        </Link>
      </div>
      <p className="mt-1 text-sm text-ink-700">{t("board.intro", { date: consoleDay(board.today, locale) })}</p>
      <p className={`mt-2 text-sm font-medium ${board.late > 0 ? "text-red-800" : "text-ink-700"}`} data-late-count={board.late}>
        {t("board.late", { count: board.late })}
      </p>
      {/* Side by side on a wide screen (six fit; more scroll within the board), two a row on a tablet, one under another on a phone. */}
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:auto-cols-[minmax(11rem,1fr)] lg:grid-flow-col lg:grid-cols-none lg:overflow-x-auto lg:pb-2">
        {board.columns.map(({ stage, orders }) => {
          const name = stageName(stage, locale);
          return (
            <section
              key={stage.id}
              aria-labelledby={`stage-${stage.id}`}
              className="min-w-0 rounded-2xl border border-sand-200 bg-sand-50 p-3"
              data-stage={stage.id}
            >
              <h2 id={`stage-${stage.id}`} className="font-semibold">
                {name} <span className="font-normal text-ink-600">({orders.length})</span>
              </h2>
              <p className="text-xs text-ink-600">
                {t("board.usual", { days: countText("workingDays", stage.usualDays, locale) })} ·{" "}
                <Link
                  to={`/admin/orders?making=${stage.id}`}
                  aria-label={t("board.listLabel", { stage: name })}
                  className="underline underline-offset-4"
                >
                  {t("board.list")}
                </Link>
              </p>
              {orders.length === 0 ? (
                <p className="mt-3 text-sm text-ink-600">{t("board.empty")}</p>
              ) : (
                <ol className="mt-3 space-y-2" aria-label={name}>
                  {orders.map((order) => (
                    <BoardCard key={order.id} order={order} usualDays={stage.usualDays} />
                  ))}
                </ol>
              )}
            </section>
          );
        })}
      </div>
    </section>
  );
}

function BoardCard({ order, usualDays }: { order: MakingBoardOrder; usualDays: number }) {
  const t = useT(makingTexts);
  const locale = useLocale();
  const day = (value: string) => consoleDay(value, locale);
  return (
    <li
      className={`rounded-xl border bg-white p-3 text-sm ${order.late ? "border-red-400 border-l-4" : "border-sand-200"}`}
      data-order={order.orderNumber}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to={`/admin/orders/${order.id}`}
          aria-label={t("card.open", { number: order.orderNumber })}
          className="font-semibold whitespace-nowrap underline underline-offset-4"
        >
          {order.orderNumber}
        </Link>
        {order.late && (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300 ring-inset">
            {t("card.late")}
          </span>
        )}
      </div>
      <p className="mt-1 [overflow-wrap:anywhere]">{order.productName}</p>
      <p className="text-ink-600 [overflow-wrap:anywhere]">
        {order.customerName} · {deliveryOptionName(order.deliveryOption, locale)}
      </p>
      {order.reason !== "made-to-order" && <p className="mt-1 text-xs font-medium text-indigo-900">{t(`reason.${order.reason}`)}</p>}
      <p className={`mt-1 ${order.overdue ? "font-medium text-amber-900" : ""}`}>
        {t("card.inStage", {
          working: countText("workingDays", order.workingDays, locale),
          days: countText("days", order.calendarDays, locale),
        })}
      </p>
      {order.overdue && (
        <p className="text-xs text-amber-900">{t("card.overdue", { usual: countText("workingDays", usualDays, locale) })}</p>
      )}
      <p className="mt-1 text-xs text-ink-600">
        {[
          order.readyDay && t("card.ready", { date: day(order.readyDay) }),
          order.deliveryDay && t("card.delivery", { date: day(order.deliveryDay) }),
          order.promisedDeliveryDay && t("card.promised", { date: day(order.promisedDeliveryDay) }),
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {order.late && <p className="mt-1 text-xs font-medium text-red-900">{t("card.lateText")}</p>}
    </li>
  );
}
