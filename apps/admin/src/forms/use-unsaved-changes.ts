import { useEffect } from "react";
import { useBlocker } from "react-router";

/**
 * While a form holds unsaved text, leaving asks first: a link or the back button inside the
 * console (React Router's blocker, answered with the browser's own confirm dialog), and closing or
 * reloading the tab (`beforeunload`, whose wording the browser chooses). A move within the same
 * page (its query, e.g. a filter) is no leaving.
 */
export function useUnsavedChanges(isDirty: boolean, question: string): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(question)) blocker.proceed();
    else blocker.reset();
  }, [blocker, question]);

  useEffect(() => {
    if (!isDirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [isDirty]);
}
