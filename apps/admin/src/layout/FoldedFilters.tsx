import { type ReactNode, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";

type Props = {
  /** The form's id (the fold button controls it) and its accessible name. */
  id: string;
  label: string;
  /** The fold button's text, and how many filters are set now (said beside it). */
  toggle: string;
  active: number;
  apply: string;
  reset: string;
  /** The list's own address: Reset goes back to it. */
  resetTo: string;
  children: ReactNode;
};

/**
 * A list's filters as a GET form kept in the address: on a phone folded behind one button (which
 * says how many are set), open beside the list on a wider screen. A new form per address, so Back
 * shows the filters of the list it shows.
 */
export function FoldedFilters({ id, label, toggle, active, apply, reset, resetTo, children }: Props) {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn-secondary mt-4 w-full md:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((was) => !was)}
      >
        {toggle}
        {active > 0 && ` (${active})`}
      </button>
      <Form
        method="get"
        id={id}
        key={params.toString()}
        aria-label={label}
        className={`${open ? "grid" : "hidden md:grid"} mt-4 gap-3 rounded-2xl border border-sand-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4`}
      >
        {children}
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn-primary">
            {apply}
          </button>
          <Link to={resetTo} className="btn-secondary">
            {reset}
          </Link>
        </div>
      </Form>
    </>
  );
}
