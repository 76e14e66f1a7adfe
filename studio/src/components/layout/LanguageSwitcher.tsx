import { lazy } from 'react';
import { DeferredMenu } from '../ui/DeferredMenu.tsx';
import { LanguageButton } from './LanguageButton.tsx';

const loadMenu = () => import('./LanguageMenu.tsx');
const LanguageMenu = lazy(loadMenu);

/** The header's language menu, loaded when first reached for. */
export function LanguageSwitcher() {
  return <DeferredMenu Menu={LanguageMenu} preload={() => void loadMenu()} renderTrigger={(props) => <LanguageButton {...props} />} />;
}
