/** A centred page of one message: a title, a sentence and the ways on (errors, not-found pages). */
type Props = {
  title: string;
  text: string;
  /** `alert` for a problem, `status` for news; none for a plain page. */
  role?: "alert" | "status";
  children: React.ReactNode;
};

export function NoticePage({ title, text, role, children }: Props) {
  return (
    <section role={role} className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-700">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}
