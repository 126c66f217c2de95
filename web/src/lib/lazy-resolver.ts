import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose validator loads on first use instead of with the page: zod, the schema
 * and the resolver adapter are about 30 KB gzipped, which the sign-in page (every visitor's first
 * paint) should not wait for. `preload` starts the download early, e.g. when the form gets focus;
 * a failed download is retried on the next call.
 */
export function lazyResolver<T extends FieldValues>(load: () => Promise<Resolver<T>>) {
  let loading: Promise<Resolver<T>> | undefined;
  const get = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return { resolver, preload: () => void get().catch(() => undefined) };
}
