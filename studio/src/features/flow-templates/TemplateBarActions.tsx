/**
 * The flow bar's template buttons: "Save as template" (editors, once there is a flow) and
 * "Templates" (the panel to insert, publish or delete). Their texts load with their own
 * namespace, behind their own Suspense boundary: the canvas never waits for them.
 */
import { BookmarkPlus, LayoutTemplate } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanvasSession } from '../canvas/ui/canvasSession.ts';
import type { FlowView } from '../flows/flowModel.ts';
import { BAR_BUTTON } from '../flows/flowStyles.ts';
import { useSelectedFlowCards } from '../flows/useFlowView.ts';
import { SaveTemplateDialog } from './SaveTemplateDialog.tsx';
import { TemplatesPanel } from './TemplatesPanel.tsx';

export function TemplateBarActions({ view }: { view: FlowView }) {
  return (
    <Suspense fallback={null}>
      <Actions view={view} />
    </Suspense>
  );
}

function Actions({ view }: { view: FlowView }) {
  const { t } = useTranslation('flowTemplates');
  const { manager, readOnly } = useCanvasSession();
  const selection = useSelectedFlowCards(manager);
  const [saving, setSaving] = useState(false);
  const [browsing, setBrowsing] = useState(false);
  // Flow cards selected on the canvas (marquee, shift-click), when the selection holds any.
  const selectedFlow = view.nodes.filter((n) => selection.includes(n.id)).map((n) => n.id);

  return (
    <>
      {!readOnly && view.nodes.length > 0 && (
        <button type="button" className={BAR_BUTTON} onClick={() => setSaving(true)} data-testid="flow-template-save-open" title={t('bar.save')}>
          <BookmarkPlus size={16} aria-hidden /> <span className="hidden lg:inline">{t('bar.save')}</span>
          <span className="sr-only lg:hidden">{t('bar.save')}</span>
        </button>
      )}
      <button type="button" className={BAR_BUTTON} onClick={() => setBrowsing(true)} data-testid="flow-templates-open" title={t('bar.templates')} aria-haspopup="dialog">
        <LayoutTemplate size={16} aria-hidden /> <span className="hidden lg:inline">{t('bar.templates')}</span>
        <span className="sr-only lg:hidden">{t('bar.templates')}</span>
      </button>
      {saving && <SaveTemplateDialog selected={selectedFlow} onClose={() => setSaving(false)} />}
      <TemplatesPanel open={browsing} onOpenChange={setBrowsing} />
    </>
  );
}
