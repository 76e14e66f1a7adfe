/** "Start from a template" (the Projects page): opens the template picker; a template used opens its new project's canvas. */
import { LayoutTemplate } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { TemplatePickerDialog } from './TemplatePickerDialog.tsx';

export function StartFromTemplate({ projectId }: { projectId: string | null }) {
  return (
    <Suspense fallback={null}>
      <StartButton projectId={projectId} />
    </Suspense>
  );
}

function StartButton({ projectId }: { projectId: string | null }) {
  const { t } = useTranslation('flowTemplates');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-haspopup="dialog" data-testid="project-from-template">
        <LayoutTemplate size={16} aria-hidden /> {t('picker.button')}
      </Button>
      {open && <TemplatePickerDialog projectId={projectId} onClose={() => setOpen(false)} />}
    </>
  );
}
