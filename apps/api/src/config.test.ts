import { describe, expect, it } from "vitest";
import { parseConfig } from "./config.ts";

const live = { XENDIT_SECRET_KEY: "xnd_production_for_this_test_only", XENDIT_CALLBACK_TOKEN: "callback-token-0123456789" };

describe("configuration", () => {
  it("refuses to start live with an http:// or missing PUBLIC_URL, saying why", () => {
    expect(() => parseConfig({ ...live, PUBLIC_URL: "http://shop.example.com" })).toThrow(
      /PUBLIC_URL: must be an https:\/\/ URL with XENDIT_SECRET_KEY set/,
    );
    expect(() => parseConfig({ ...live })).toThrow(/PUBLIC_URL: must be an https:\/\/ URL .*got none/);
  });

  it("refuses a live PUBLIC_URL too long for Xendit's 255-character return URLs", () => {
    expect(() => parseConfig({ ...live, PUBLIC_URL: `https://${"a".repeat(120)}.example.com` })).toThrow(
      /PUBLIC_URL: at most 120 characters/,
    );
  });

  it("starts live with an https:// PUBLIC_URL, and in the sandbox with http", () => {
    expect(parseConfig({ ...live, PUBLIC_URL: "https://shop.example.com/" }).publicUrl).toBe("https://shop.example.com");
    expect(parseConfig({ PUBLIC_URL: "http://localhost:3000" }).publicUrl).toBe("http://localhost:3000");
    expect(parseConfig({ PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
  });
});

describe("the process's role", () => {
  it("is all by default; web or worker only with a shared PostgreSQL; nothing else", () => {
    expect(parseConfig({}).ROLE).toBe("all");
    expect(parseConfig({ ROLE: "worker", DATABASE_URL: "postgres://db.example/shop" }).ROLE).toBe("worker");
    expect(() => parseConfig({ ROLE: "web" })).toThrow(/ROLE: web needs DATABASE_URL \(PostgreSQL\): its workers must share its database/);
    expect(() => parseConfig({ ROLE: "worker" })).toThrow(/ROLE: worker needs DATABASE_URL/);
    expect(() => parseConfig({ ROLE: "cron" })).toThrow(/ROLE: must be web, worker or all/);
  });
});

describe("the web server's configuration", () => {
  it("takes other origins for CORS as a list of origins, and refuses anything else, saying which", () => {
    expect(parseConfig({}).CORS_ORIGINS).toEqual([]);
    expect(parseConfig({ CORS_ORIGINS: " https://admin.example.com/ , http://localhost:3001" }).CORS_ORIGINS).toEqual([
      "https://admin.example.com",
      "http://localhost:3001",
    ]);
    expect(() => parseConfig({ CORS_ORIGINS: "admin.example.com" })).toThrow(/CORS_ORIGINS: admin.example.com is not an http\(s\) origin/);
    expect(() => parseConfig({ CORS_ORIGINS: "ftp://files.example.com" })).toThrow(/CORS_ORIGINS: ftp/);
  });

  it("serves the staff console at http://localhost:ADMIN_PORT unless ADMIN_URL names another origin", () => {
    expect(parseConfig({}).adminUrl).toBe("http://localhost:3001");
    expect(parseConfig({ ADMIN_PORT: "4100" }).adminUrl).toBe("http://localhost:4100");
    expect(parseConfig({ ADMIN_PORT: "4100", ADMIN_URL: "https://Admin.Shop.example/" }).adminUrl).toBe("https://admin.shop.example");
    expect(parseConfig({ ADMIN_URL: "https://admin.shop.example:443" }).adminUrl).toBe("https://admin.shop.example");
    for (const bad of [
      "admin.shop.example",
      "ftp://admin.shop.example",
      "https://admin.shop.example/console",
      "https://a@admin.shop.example",
      "https://admin.shop.example?x",
    ])
      expect(() => parseConfig({ ADMIN_URL: bad }), bad).toThrow(/ADMIN_URL: must be an http\(s\) origin/);
    expect(() => parseConfig({ ADMIN_PORT: "70000" })).toThrow(/ADMIN_PORT/);
  });

  it("logs at info unless LOG_LEVEL says otherwise, and refuses an unknown level", () => {
    expect(parseConfig({}).LOG_LEVEL).toBe("info");
    expect(parseConfig({ LOG_LEVEL: "warn" }).LOG_LEVEL).toBe("warn");
    expect(() => parseConfig({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});

describe("the first owner's configuration", () => {
  it("takes ADMIN_EMAIL and ADMIN_PASSWORD together, the e-mail lower-cased", () => {
    const c = parseConfig({ ADMIN_EMAIL: " Owner@RumahTopi.com ", ADMIN_PASSWORD: "pandan leaves in the rain" });
    expect(c.ADMIN_EMAIL).toBe("owner@rumahtopi.com");
    expect(c.ADMIN_PASSWORD).toBe("pandan leaves in the rain");
    expect(() => parseConfig({ ADMIN_EMAIL: "owner@rumahtopi.com" })).toThrow(/ADMIN_PASSWORD: required with ADMIN_EMAIL/);
    expect(() => parseConfig({ ADMIN_PASSWORD: "pandan leaves in the rain" })).toThrow(/ADMIN_EMAIL: required with ADMIN_PASSWORD/);
    expect(() => parseConfig({ ADMIN_EMAIL: "not an address", ADMIN_PASSWORD: "pandan leaves in the rain" })).toThrow(
      /ADMIN_EMAIL: must be an e-mail address/,
    );
  });

  it("refuses to start with an ADMIN_PASSWORD the policy refuses, saying why", () => {
    const owner = { ADMIN_EMAIL: "owner@rumahtopi.com" };
    expect(() => parseConfig({ ...owner, ADMIN_PASSWORD: "short" })).toThrow(
      /ADMIN_PASSWORD: the password must have at least 12 characters/,
    );
    expect(() => parseConfig({ ...owner, ADMIN_PASSWORD: "Qwerty123456" })).toThrow(
      /ADMIN_PASSWORD: this password is one of the most common/,
    );
    expect(() => parseConfig({ ...owner, ADMIN_PASSWORD: "OWNER@rumahtopi.com" })).toThrow(
      /ADMIN_PASSWORD: the password must not be the account's e-mail/,
    );
  });
});

describe("the S3 bucket's configuration", () => {
  const bucket = { S3_BUCKET: "shop-photos", S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "secret-example" };

  it("takes a bucket with both keys, an endpoint and a public address", () => {
    const c = parseConfig({
      ...bucket,
      S3_ENDPOINT: "https://minio.example.com",
      S3_REGION: "auto",
      S3_PUBLIC_URL: "https://cdn.example.com",
    });
    expect([c.S3_BUCKET, c.S3_ENDPOINT, c.S3_REGION, c.S3_PUBLIC_URL]).toEqual([
      "shop-photos",
      "https://minio.example.com",
      "auto",
      "https://cdn.example.com",
    ]);
    expect(parseConfig(bucket).S3_REGION).toBe("us-east-1");
    expect(parseConfig({}).S3_BUCKET).toBeUndefined();
  });

  it("refuses to start with a bucket but no keys, or S3 settings but no bucket, saying which", () => {
    expect(() => parseConfig({ S3_BUCKET: "shop-photos", S3_ACCESS_KEY_ID: "AKIAEXAMPLE" })).toThrow(
      /S3_SECRET_ACCESS_KEY: required with S3_BUCKET/,
    );
    expect(() => parseConfig({ S3_BUCKET: "shop-photos" })).toThrow(/S3_ACCESS_KEY_ID: required with S3_BUCKET/);
    expect(() => parseConfig({ S3_ENDPOINT: "https://minio.example.com" })).toThrow(/S3_BUCKET: required with S3_ENDPOINT/);
    expect(() => parseConfig({ ...bucket, S3_BUCKET: "Shop_Photos" })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => parseConfig({ ...bucket, S3_ENDPOINT: "ftp://minio.example.com" })).toThrow(/S3_ENDPOINT: must be an http/);
    expect(() => parseConfig({ ...bucket, S3_PUBLIC_URL: "cdn.example.com" })).toThrow(/S3_PUBLIC_URL: must be an http/);
  });

  it("limits uploads per client, 60 in 10 minutes unless set", () => {
    expect(parseConfig({}).RATE_LIMIT_UPLOADS).toEqual({ points: 60, seconds: 600 });
    expect(parseConfig({ RATE_LIMIT_UPLOADS: "5/60" }).RATE_LIMIT_UPLOADS).toEqual({ points: 5, seconds: 60 });
  });

  it("limits the public reference photo uploads far lower: 10 in 10 minutes unless set", () => {
    expect(parseConfig({}).RATE_LIMIT_REFERENCE_PHOTOS).toEqual({ points: 10, seconds: 600 });
    expect(parseConfig({ RATE_LIMIT_REFERENCE_PHOTOS: "3/60" }).RATE_LIMIT_REFERENCE_PHOTOS).toEqual({ points: 3, seconds: 60 });
  });

  it("limits new photo sizes (120 a minute) and unknown private links (30 in 10 minutes) per client unless set", () => {
    expect(parseConfig({}).RATE_LIMIT_MEDIA_SIZES).toEqual({ points: 120, seconds: 60 });
    expect(parseConfig({}).RATE_LIMIT_LINK_MISSES).toEqual({ points: 30, seconds: 600 });
    expect(parseConfig({ RATE_LIMIT_LINK_MISSES: "2/60" }).RATE_LIMIT_LINK_MISSES).toEqual({ points: 2, seconds: 60 });
  });
});

describe("the remote image model's configuration", () => {
  const remote = {
    AI_IMAGE_API_URL: "https://ark.ap-southeast.bytepluses.com",
    AI_IMAGE_API_KEY: "ark-example-key",
    AI_IMAGE_MODEL: "seedream-4-0-250828",
  };

  it("takes all three settings, or none (the local engine), and one job at a time unless set", () => {
    expect(parseConfig(remote).AI_IMAGE_MODEL).toBe("seedream-4-0-250828");
    expect(parseConfig({}).AI_IMAGE_API_URL).toBeUndefined();
    expect(parseConfig({}).AI_JOB_CONCURRENCY).toBe(1);
    expect(parseConfig({ AI_JOB_CONCURRENCY: "2" }).AI_JOB_CONCURRENCY).toBe(2);
  });

  it("refuses to start with only some of them, or a concurrency out of range, saying which", () => {
    expect(() => parseConfig({ AI_IMAGE_API_URL: remote.AI_IMAGE_API_URL })).toThrow(
      /AI_IMAGE_API_KEY, AI_IMAGE_MODEL: required with AI_IMAGE_API_URL/,
    );
    expect(() => parseConfig({ ...remote, AI_IMAGE_MODEL: "", AI_IMAGE_API_KEY: "" })).toThrow(/required with AI_IMAGE_API_URL/);
    expect(() => parseConfig({ ...remote, AI_IMAGE_API_URL: "file:///etc/passwd" })).toThrow(/AI_IMAGE_API_URL/);
    expect(() => parseConfig({ AI_JOB_CONCURRENCY: "0" })).toThrow(/AI_JOB_CONCURRENCY/);
    expect(() => parseConfig({ AI_JOB_CONCURRENCY: "many" })).toThrow(/AI_JOB_CONCURRENCY/);
  });
});

describe("TRUST_PROXY", () => {
  it("refuses true, which would believe any client's X-Forwarded-For, and takes addresses, subnets and hop counts", () => {
    expect(() => parseConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: true would believe any client's X-Forwarded-For/);
    for (const value of ["loopback", "10.0.0.0/8", "127.0.0.1,10.0.0.0/8", "1", "false"])
      expect(parseConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBe(value);
  });
});
