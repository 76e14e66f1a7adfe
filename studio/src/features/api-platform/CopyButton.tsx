/**
 * Copies a text to the clipboard and says so on the button ("Copied") for a few seconds. Without
 * clipboard access (an insecure origin, a denied permission) it selects `fallback` so the text can
 * be copied by hand, and says that instead.
 */
import { Check, Copy } from 'lucide-react';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../components/ui/Button.tsx';

/** How long the button says "Copied". */
const COPIED_MS = 2500;

export function CopyButton({
  text,
  fallback,
  label,
  testId,
  size = 'sm',
  variant = 'secondary',
}: {
  text: string;
  fallback?: RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLElement | null>;
  /** The accessible name when it should say what is copied ("Copy the signing secret"). */
  label?: string;
  testId?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const { t } = useTranslation('apiPlatform');
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      const target = fallback?.current;
      if (target) {
        target.focus();
        if ('select' in target) target.select();
        else window.getSelection()?.selectAllChildren(target);
      }
      setState('failed');
    }
  }

  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button type="button" size={size} variant={variant} onClick={() => void copy()} aria-label={label} data-testid={testId} data-state={state}>
        {state === 'copied' ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
        {state === 'copied' ? t('copy.copied') : t('copy.copy')}
      </Button>
      <span aria-live="polite" className={state === 'failed' ? 'text-xs text-danger' : 'sr-only'}>
        {state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : ''}
      </span>
    </span>
  );
}
