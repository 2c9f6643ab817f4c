import { orderListAnswer, orderPageSizes, orderSorts } from "@workshop/domain/staff-api.ts";
import { changedList, type ListAddress, listHref, sortingOf, sortOf, withoutBlanks } from "@workshop/ui/list-address.ts";
import { type AnsweredPage, type DataTableList, type ListColumns, useDataTable } from "@workshop/ui/use-data-table.ts";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listLoader } from "./list-loader.ts";

/** The orders list's address, as its page gives it. */
const orders: ListAddress = {
  path: "/admin/orders",
  sizes: orderPageSizes,
  sorts: orderSorts,
  filters: ["q", "status", "paymentStatus"],
};

type Row = { id: string; createdAt: string; totalCents: number };
const columns: ListColumns<Row> = [
  { id: "number", header: "Order #", enableSorting: false, cell: ({ row }) => row.original.id },
  { id: "createdAt", accessorFn: (row) => row.createdAt, header: "Date", sortDescFirst: true },
  { id: "total", accessorFn: (row) => row.totalCents, header: "Total", sortDescFirst: true },
];
const rows: Row[] = [{ id: "RT-1", createdAt: "2026-11-28T10:00:00Z", totalCents: 18_500 }];

type ProbeProps = {
  address: ListAddress;
  params: URLSearchParams;
  setParams: (next: (current: URLSearchParams) => URLSearchParams) => void;
  answered: AnsweredPage | null;
  seen: (list: DataTableList<Row>) => void;
};

/** A list page that holds the hook and shows nothing. */
function Probe({ address, params, setParams, answered, seen }: ProbeProps) {
  seen(useDataTable({ address, search: [params, setParams], columns, rows, rowId: (row) => row.id, answered }));
  return null;
}

/**
 * The hook as a list page holds it, for the address `search`: drawn once (as the server would), its
 * state and links kept, and the address it asks the router for when something changes.
 */
function listAt(search: string, answered: AnsweredPage | null = { page: 1, size: 25, total: 1, pages: 1 }, address = orders) {
  const params = new URLSearchParams(search);
  let list: DataTableList<Row> | undefined;
  let asked: URLSearchParams | undefined;
  const setParams = (next: (current: URLSearchParams) => URLSearchParams) => {
    asked = next(new URLSearchParams(params));
  };
  renderToString(createElement(Probe, { address, params, setParams, answered, seen: (seen) => (list = seen) }));
  return { list: list!, asked: () => asked?.toString() };
}

describe("a list's address and its table", () => {
  it("reads the sort from the address, the API's default when it has none or one the API does not take", () => {
    expect(sortingOf("-total", orderSorts)).toEqual([{ id: "total", desc: true }]);
    expect(sortingOf("createdAt", orderSorts)).toEqual([{ id: "createdAt", desc: false }]);
    expect(sortingOf(null, orderSorts)).toEqual([{ id: "createdAt", desc: true }]);
    expect(sortingOf("-customer", orderSorts)).toEqual([{ id: "createdAt", desc: true }]);
    expect(sortingOf("-total", [])).toEqual([]);
  });

  it("writes the sort back, leaving the API's default out of the address", () => {
    for (const sort of orderSorts.slice(1)) expect(sortOf(sortingOf(sort, orderSorts), orderSorts)).toBe(sort);
    expect(sortOf([{ id: "createdAt", desc: true }], orderSorts)).toBeNull();
    expect(sortOf([], orderSorts)).toBeNull();
  });

  it("drops blank values, starts another list on its first page, and is the bare path when nothing is set", () => {
    expect(withoutBlanks(new URLSearchParams("q=&status=NEW&to=%20%20")).toString()).toBe("status=NEW");
    expect(changedList(new URLSearchParams("status=NEW&page=3&size=50"), { status: "PAID", q: null }).toString()).toBe(
      "status=PAID&size=50",
    );
    expect(listHref("/admin/inbox", new URLSearchParams())).toBe("/admin/inbox");
    expect(listHref("/admin/inbox", new URLSearchParams("filter=unread"))).toBe("/admin/inbox?filter=unread");
  });

  it("shows the page, size and sort the address asks for, and counts the filters it sets", () => {
    const { list } = listAt("q=Ayu&status=PROCESSING&size=50&page=2&sort=-total", { page: 2, size: 50, total: 60, pages: 2 });
    expect(list.table.state.sorting).toEqual([{ id: "total", desc: true }]);
    expect(list.table.state.pagination).toEqual({ pageIndex: 1, pageSize: 50 });
    expect(list.table.getColumn("total")!.getIsSorted()).toBe("desc");
    expect(list.table.getColumn("number")!.getCanSort()).toBe(false);
    expect(list.activeFilters).toBe(2);
    expect(list.sizes).toEqual([10, 25, 50, 100]);
    expect(list.size).toBe(50);
  });

  it("links each page and each filter of the list as it is otherwise", () => {
    const { list } = listAt("status=NEW&sort=-total&page=2");
    expect(list.pageHref(3)).toBe("/admin/orders?status=NEW&sort=-total&page=3");
    expect(list.hrefWith({ status: "PAID" })).toBe("/admin/orders?status=PAID&sort=-total");
    expect(list.hrefWith({ status: null, sort: null })).toBe("/admin/orders");
  });

  it("sorts by a column from its header: its first order, from the first page, the default left out", () => {
    const byTotal = listAt("status=NEW&page=2");
    byTotal.list.table.getColumn("total")!.getToggleSortingHandler()!({});
    expect(byTotal.asked()).toBe("status=NEW&sort=-total");
    const cheapest = listAt("sort=-total");
    cheapest.list.table.getColumn("total")!.getToggleSortingHandler()!({});
    expect(cheapest.asked()).toBe("sort=total");
    // Newest first is the API's own order: the address says nothing of it.
    const newest = listAt("sort=-total&page=4");
    newest.list.table.getColumn("createdAt")!.getToggleSortingHandler()!({});
    expect(newest.asked()).toBe("");
    const oldest = listAt("");
    oldest.list.table.getColumn("createdAt")!.getToggleSortingHandler()!({});
    expect(oldest.asked()).toBe("sort=createdAt");
  });

  it("chooses a page size from the first page, its default left out of the address, under the list's own name", () => {
    const inbox = listAt("filter=unread&page=2", null, { path: "/admin/inbox", sizes: [20, 50, 100] });
    inbox.list.chooseSize("50");
    expect(inbox.asked()).toBe("filter=unread&size=50");
    inbox.list.chooseSize("20");
    expect(inbox.asked()).toBe("filter=unread");
    expect(inbox.list.size).toBe(20);
    expect(inbox.list.table.getColumn("total")!.getCanSort()).toBe(false);
    const products = listAt("q=panama", null, { path: "/admin/products", sizes: [25, 50, 100], sizeName: "limit" });
    products.list.chooseSize("100");
    expect(products.asked()).toBe("q=panama&limit=100");
  });
});

describe("a list's loader", () => {
  afterEach(() => vi.unstubAllGlobals());
  const loader = listLoader("/api/admin/orders", orderListAnswer);
  const load = (search: string) => loader({ request: new Request(`http://console.test/admin/orders${search}`) });

  it("asks the API for the address's own query, and sends an address with blank filters to the one without them", async () => {
    const fetched: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return Response.json({ rows: [], page: 2, size: 10, total: 11, pages: 2 });
    });
    expect(await load("?status=NEW&size=10&page=2&sort=-total")).toMatchObject({ list: { page: 2, total: 11 }, refusal: null });
    expect(fetched).toEqual(["/api/admin/orders?status=NEW&size=10&page=2&sort=-total"]);

    const blanks = await load("?q=&status=NEW&method=").catch((thrown: Response) => thrown);
    expect((blanks as Response).headers.get("Location")).toBe("/admin/orders?status=NEW");
    const nothing = await load("?q=%20").catch((thrown: Response) => thrown);
    expect((nothing as Response).headers.get("Location")).toBe("/admin/orders");
    expect(fetched).toHaveLength(1);
  });

  it("says why the API refused a hand-made address; a list for owners says so to anyone else", async () => {
    vi.stubGlobal("fetch", async () => Response.json({ error: "status: Invalid option" }, { status: 400 }));
    expect(await load("?status=LOST")).toEqual({ list: null, refusal: { message: "status: Invalid option", forbidden: false } });
    vi.stubGlobal("fetch", async () => Response.json({ error: "Only an owner may see the audit log." }, { status: 403 }));
    const audit = listLoader("/api/admin/audit", orderListAnswer, { ownersOnly: true });
    expect(await audit({ request: new Request("http://console.test/admin/audit") })).toEqual({
      list: null,
      refusal: { message: "Only an owner may see the audit log.", forbidden: true },
    });
    await expect(load("")).rejects.toThrow("Only an owner may see the audit log.");
  });
});
