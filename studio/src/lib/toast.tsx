/**
 * Toasts through sonner, loaded on the first toast instead of with every page (bench/bundle:
 * the home page's JavaScript budget). Calls made before sonner and its <Toaster> are ready wait
 * for them, so no toast is lost; `LazyToaster` mounts the Toaster once one is wanted.
 */
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import type { ExternalToast } from 'sonner';
import { TOAST_DURATION_MS } from './site.ts';

type Sonner = typeof SonnerModule;
type ToastFn = (message: ReactNode, options?: ExternalToast) => void;

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
let sonner: Promise<Sonner> | null = null;

function ready(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    wanted = true;
    for (const listener of listeners) listener();
  }
  return Promise.all([sonner, mounted]).then(([m]) => m);
}

const show =
  (pick: (t: Sonner['toast']) => ToastFn): ToastFn =>
  (message, options) => {
    void ready().then((m) => pick(m.toast)(message, options));
  };

export const toast = Object.assign(
  show((t) => t),
  { success: show((t) => t.success), error: show((t) => t.error), info: show((t) => t.info) },
);

const Toaster = lazy(async () => {
  const { Toaster: SonnerToaster } = await import('sonner');
  function MountedToaster() {
    useEffect(() => markMounted(), []);
    // Below the 64 px header, so a toast never covers the navigation or the account menu (a
    // hovered toast stays, so one over a link would keep it from being clicked).
    return (
      <SonnerToaster
        theme="dark"
        position="top-center"
        offset={{ top: 76 }}
        mobileOffset={{ top: 72 }}
        duration={TOAST_DURATION_MS}
        richColors
        closeButton
      />
    );
  }
  return { default: MountedToaster };
});

/** Renders sonner's Toaster from the first toast on. */
export function LazyToaster() {
  const show = useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => wanted,
    () => false,
  );
  return show ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
