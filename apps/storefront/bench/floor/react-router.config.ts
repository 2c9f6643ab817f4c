import type { Config } from "@react-router/dev/config";

/** The framework's floor: the smallest server-rendered React Router page, built like the shop. */
export default { ssr: true, appDirectory: "app", buildDirectory: "build" } satisfies Config;
