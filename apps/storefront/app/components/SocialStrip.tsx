import { instagramUrl, shop } from "@workshop/domain/shop.ts";
import type { SocialPost } from "@workshop/domain/social.ts";
import { Suspense } from "react";
import { Await } from "react-router";
import { useT } from "#app/i18n/core.ts";
import { home } from "#app/i18n/home.ts";

/** Four recent social photos; the page never waits for them, and a failure shows a short note. */
export function SocialStrip({ posts }: { posts: Promise<{ posts: SocialPost[] }> }) {
  const t = useT(home);
  return (
    <section className="container-page mt-20" aria-labelledby="social-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="social-title" className="text-3xl font-semibold">
          {t("social.title")}
        </h2>
        <a
          href={instagramUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm font-semibold text-clay-700 underline-offset-4 hover:underline"
        >
          {t("social.follow", { handle: shop.instagramHandle })}
        </a>
      </div>
      <Suspense fallback={<Tiles posts={[]} />}>
        <Await resolve={posts} errorElement={<p className="mt-6 text-red-700">{t("social.error")}</p>}>
          {(feed) => <Tiles posts={feed.posts.slice(0, 4)} />}
        </Await>
      </Suspense>
    </section>
  );
}

function Tiles({ posts }: { posts: SocialPost[] }) {
  return (
    <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {(posts.length ? posts : Array.from({ length: 4 }, () => null)).map((post, i) => (
        <li key={post?.id ?? i} className="aspect-square overflow-hidden rounded-2xl bg-sand-100">
          {post && (
            <a href={post.permalink} target="_blank" rel="noopener noreferrer" className="group block size-full">
              <img
                src={post.media_url}
                alt={post.caption}
                width={600}
                height={600}
                loading="lazy"
                decoding="async"
                className="size-full object-cover transition duration-500 group-hover:scale-105"
                onError={(e) => (e.currentTarget.src = `/images/instagram/${(i % 4) + 1}.jpg`)}
              />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
