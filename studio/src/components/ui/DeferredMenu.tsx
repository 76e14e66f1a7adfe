/**
 * A header menu whose implementation (Radix menu, floating-ui) loads when the visitor first
 * reaches for it — hover, focus or click — rather than with the page (bench/bundle: the home
 * page's JavaScript budget). Until then the trigger is a plain button that looks the same; a
 * click swaps in the real menu, already open.
 */
import { type ButtonHTMLAttributes, type ComponentType, type LazyExoticComponent, type ReactElement, Suspense, useState } from 'react';

export interface DeferredMenuProps {
  Menu: LazyExoticComponent<ComponentType<{ defaultOpen?: boolean }>>;
  preload: () => void;
  renderTrigger: (props: ButtonHTMLAttributes<HTMLButtonElement>) => ReactElement;
}

export function DeferredMenu({ Menu, preload, renderTrigger }: DeferredMenuProps) {
  const [active, setActive] = useState(false);
  const trigger = renderTrigger({
    type: 'button',
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => setActive(true),
  });
  if (!active) return trigger;
  return (
    <Suspense fallback={trigger}>
      <Menu defaultOpen />
    </Suspense>
  );
}
