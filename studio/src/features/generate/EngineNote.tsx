/** Says honestly which engine made a result: the built-in one is procedural/classical, not a diffusion model. */
import { Cpu } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export function EngineNote({ engine }: { engine: string }) {
  const { t } = useTranslation('common');
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted" data-testid="engine-note">
      <Cpu size={12} aria-hidden className="shrink-0" />
      {engine === 'local' ? t('engine.local') : t('engine.other', { engine })}
    </p>
  );
}
