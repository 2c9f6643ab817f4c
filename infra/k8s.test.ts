import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { Job } from "kubernetes-models/batch/v1";
import { Ingress } from "kubernetes-models/networking.k8s.io/v1";
import { ConfigMap, Namespace, Secret, Service } from "kubernetes-models/v1";
import { describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { documentedSettings } from "./documented-settings.ts";

/**
 * infra/k8s as `kubectl kustomize` renders it (offline): every object valid against the Kubernetes
 * schemas, the probes and resources each app needs, and only the settings the configuration guide documents.
 */
type K8sObject = { apiVersion: string; kind: string; metadata: { name: string }; [key: string]: unknown };
// kubectl comes from the system (Debian's package on these machines); without it these tests say so and skip.
const kubectl = spawnSync("kubectl", ["version", "--client"], { stdio: "ignore" }).status === 0;
if (!kubectl) console.warn("infra/k8s: kubectl is not installed, so the Kubernetes manifests are not rendered or checked here");
const objects: K8sObject[] = kubectl
  ? parseAllDocuments(execFileSync("kubectl", ["kustomize", path.join(import.meta.dirname, "k8s")], { encoding: "utf8" })).map(
      (document) => document.toJS() as K8sObject,
    )
  : [];

/** Each kind the kustomization uses, by its apiVersion and kind, with the model that validates it. */
const models: Record<string, new (data: never) => { validate(): void }> = {
  "v1/Namespace": Namespace,
  "v1/ConfigMap": ConfigMap,
  "v1/Secret": Secret,
  "v1/Service": Service,
  "apps/v1/Deployment": Deployment,
  "batch/v1/Job": Job,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "networking.k8s.io/v1/Ingress": Ingress,
};

type Container = {
  name: string;
  image: string;
  env?: { name: string; value?: string }[];
  envFrom?: unknown[];
  readinessProbe?: { httpGet?: { path: string } };
  livenessProbe?: { httpGet?: { path: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
};
const deployment = (name: string) =>
  objects.find((o) => o.kind === "Deployment" && o.metadata.name === name) as K8sObject & {
    spec: {
      template: { spec: { containers: Container[]; securityContext?: { runAsNonRoot?: boolean }; terminationGracePeriodSeconds?: number } };
    };
  };
const containerOf = (name: string) => deployment(name).spec.template.spec.containers[0]!;

describe.skipIf(!kubectl)("infra/k8s", () => {
  it("renders, and every object is valid against the Kubernetes schemas", () => {
    expect(objects.length).toBeGreaterThan(10);
    for (const object of objects) {
      const Model = models[`${object.apiVersion}/${object.kind}`];
      expect(Model, `${object.apiVersion} ${object.kind} ${object.metadata.name}`).toBeDefined();
      expect(() => new Model!(object as never).validate(), `${object.kind} ${object.metadata.name}`).not.toThrow();
    }
  });

  it("runs the API as web instances and a worker, and the storefront and console, each probed, bounded and not as root", () => {
    expect(containerOf("api-web").env).toContainEqual({ name: "ROLE", value: "web" });
    expect(containerOf("api-worker").env).toContainEqual({ name: "ROLE", value: "worker" });
    for (const name of ["api-web", "api-worker", "storefront", "console"]) {
      const container = containerOf(name);
      expect(container.livenessProbe?.httpGet?.path, name).toBe("/healthz");
      // The console's server has nothing to be unready for; the others answer 503 while they drain.
      expect(container.readinessProbe?.httpGet?.path, name).toBe(name === "console" ? "/healthz" : "/readyz");
      expect(container.resources?.requests?.memory, name).toBeDefined();
      expect(container.resources?.limits?.memory, name).toBeDefined();
      expect(deployment(name).spec.template.spec.securityContext?.runAsNonRoot, name).toBe(true);
    }
    // The balanced ones drain before they stop, and are given the drain and their 10 s to stop before a kill.
    for (const name of ["api-web", "storefront"]) {
      const drain = Number(containerOf(name).env?.find((e) => e.name === "SHUTDOWN_DRAIN_SECONDS")?.value);
      expect(drain, name).toBeGreaterThan(0);
      expect(deployment(name).spec.template.spec.terminationGracePeriodSeconds, name).toBeGreaterThanOrEqual(drain + 10);
    }
    expect(objects.filter((o) => o.kind === "HorizontalPodAutoscaler").map((o) => o.metadata.name)).toEqual(["api-web", "storefront"]);
    const job = objects.find((o) => o.kind === "Job") as { spec: { template: { spec: { containers: Container[] } } } } | undefined;
    expect(job?.spec.template.spec.containers[0]?.image).toMatch(/\/workshop\/api:/);
  });

  it("routes the shop's, the console's and the API's hosts, with TLS", () => {
    const ingress = objects.find((o) => o.kind === "Ingress") as unknown as {
      spec: { tls: { hosts: string[] }[]; rules: { host: string; http: { paths: { backend: { service: { name: string } } }[] } }[] };
    };
    expect(ingress.spec.rules.map((r) => [r.host, r.http.paths[0]!.backend.service.name])).toEqual([
      ["shop.example.com", "storefront"],
      ["admin.example.com", "console"],
      ["api.example.com", "api-web"],
    ]);
    expect(ingress.spec.tls[0]!.hosts).toEqual(["shop.example.com", "admin.example.com", "api.example.com"]);
  });

  it("keeps each customer's address through every hop: no proxy between the storefront and the API, and no client-sent header believed", () => {
    // The storefront calls the API's Service (kube-proxy forwards connections, not requests), so
    // the API sees the storefront's pod, trusts it (TRUST_PROXY, the cluster's network) and
    // believes the customer it names in X-Forwarded-For.
    expect(containerOf("storefront").env).toContainEqual({ name: "API_URL", value: "http://api-web:4000" });
    const config = objects.find((o) => o.kind === "ConfigMap") as unknown as { data: Record<string, string> };
    expect(config.data.TRUST_PROXY).toBe("10.0.0.0/8");
    // ingress-nginx by default replaces a client's X-Forwarded-For with the address it sees; turning
    // on use-forwarded-headers or compute-full-forwarded-for would pass a forged one on.
    const ingress = objects.find((o) => o.kind === "Ingress") as unknown as { metadata: { annotations?: Record<string, string> } };
    const annotations = Object.keys(ingress.metadata.annotations ?? {});
    expect(annotations.filter((name) => /forwarded|real-ip/.test(name))).toEqual([]);
  });

  it("sets only settings the configuration guide documents, and keeps placeholders, never keys, in the example Secret", () => {
    const documented = documentedSettings();
    const used = new Set<string>();
    for (const object of objects) {
      if (object.kind === "ConfigMap") for (const name of Object.keys(object.data as object)) used.add(name);
      if (object.kind === "Secret") for (const name of Object.keys(object.stringData as object)) used.add(name);
    }
    for (const name of ["api-web", "api-worker", "storefront", "console"])
      for (const { name: env } of containerOf(name).env ?? []) used.add(env);
    expect([...used].filter((name) => !documented.has(name))).toEqual([]);
    const secret = objects.find((o) => o.kind === "Secret") as unknown as { stringData: Record<string, string> };
    for (const [name, value] of Object.entries(secret.stringData)) expect(value, name).toContain("REPLACE_ME");
  });
});
