/**
 * The selected flow card's settings (issue 24), over the canvas's right side: a step's name, model
 * (the easy-mode forms' model picker), the kind's main fields read from its zod schema, its
 * variations (N seeds or a list of prompts), what feeds each of its ports (the keyboard's way to
 * wire), and Run step / Run from here / Remove; an input's text, or its image/video (upload, one
 * already on the canvas, or one of my creations). Text commits when the field is left (one undo
 * step per change, not per key); choices commit at once; a template kind's template is picked
 * from the catalogue (TemplateSelect). Viewers see the values, disabled.
 */
import type { RunScope } from '@tessera/shared/flows';
import type { FlowDocNode } from '@tessera/shared/flows/document';
import { type GenerationKind, isTemplateKind } from '@tessera/shared/generation';
import { useQuery } from '@tanstack/react-query';
import { Play, PlayCircle, Trash2, Upload, X } from 'lucide-react';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useCanvasSession } from '../canvas/ui/canvasSession.ts';
import { CreationPicker } from '../media/CreationPicker.tsx';
import { selectedModel, priceFor } from '../models/modelChoice.ts';
import { ModelPicker } from '../models/ModelPicker.tsx';
import { BAR_BUTTON, cardTitle } from './flowStyles.ts';
import { type FlowView, mediaUrl, outputOf, patchNode, portsOf, removeEdge, removeNode, type SettingField, settingFields, setStepSetting, setVariations, wire } from './flowModel.ts';
import { RunDialog } from './RunDialog.tsx';
import { TemplateSelect } from './TemplateSelect.tsx';
import { useFileUpload } from './useFileUpload.ts';

const FIELD = 'w-full rounded-lg border border-border bg-surface-2 px-2.5 py-1.5 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-accent disabled:opacity-60';

type StepNode = Extract<FlowDocNode, { type: 'step' }>;
type InputNode = Extract<FlowDocNode, { type: 'input' }>;

/** A label over its field (`children` gets the id to use). */
function Field({ label, children }: { label: string; children(id: string): ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A text field that commits when left (or on Enter for one line). */
function DraftText({ value, onCommit, multiline, disabled, label, testId, max }: { value: string; onCommit(v: string): void; multiline?: boolean; disabled: boolean; label: string; testId?: string; max?: number }) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft !== null && draft !== value) onCommit(draft);
    setDraft(null);
  };
  return (
    <Field label={label}>
      {(id) => {
        const common = { id, value: draft ?? value, disabled, className: FIELD, 'data-testid': testId, maxLength: max, onBlur: commit };
        return multiline ? (
          <textarea {...common} rows={3} onChange={(e) => setDraft(e.target.value)} />
        ) : (
          <input {...common} onChange={(e) => setDraft(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && commit()} />
        );
      }}
    </Field>
  );
}

export function FlowInspector({ node, view, onClose }: { node: FlowDocNode; view: FlowView; onClose(): void }) {
  const { t } = useTranslation(['flows', 'common']);
  const { manager, readOnly } = useCanvasSession();
  const [scope, setScope] = useState<RunScope | null>(null);
  const title = cardTitle(t, node);
  return (
    <aside
      className="pointer-events-auto absolute end-3 top-3 z-20 flex max-h-[calc(100%-6rem)] w-[min(20rem,calc(100%-1.5rem))] flex-col gap-3 overflow-y-auto rounded-xl border border-border bg-surface p-3 shadow-xl"
      aria-label={t('inspector.label', { name: title })}
      data-testid="flow-inspector"
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="truncate text-sm font-semibold">{title}</h2>
        <button type="button" className="rounded-md p-1 text-muted hover:bg-surface-2 focus-visible:ring-2 focus-visible:ring-accent" aria-label={t('inspector.close')} onClick={onClose}>
          <X size={16} aria-hidden />
        </button>
      </div>
      <DraftText label={t('inspector.name')} value={node.name ?? ''} disabled={readOnly} max={200} onCommit={(v) => patchNode(manager.doc, manager.localOrigin, node.id, { name: v.trim() || undefined })} />
      {node.type === 'step' ? <StepSettings node={node} view={view} /> : <InputSettings node={node} />}
      {!readOnly && (
        <div className="flex flex-wrap gap-1 border-t border-border pt-2">
          {node.type === 'step' && (
            <>
              <button type="button" className={BAR_BUTTON} data-testid="flow-run-step" onClick={() => setScope({ kind: 'step', stepId: node.id })}>
                <Play size={16} aria-hidden /> {t('inspector.runStep')}
              </button>
              <button type="button" className={BAR_BUTTON} data-testid="flow-run-downstream" onClick={() => setScope({ kind: 'downstream', stepId: node.id })}>
                <PlayCircle size={16} aria-hidden /> {t('inspector.runFromHere')}
              </button>
            </>
          )}
          <button
            type="button"
            className={cn(BAR_BUTTON, 'text-danger')}
            data-testid="flow-remove"
            onClick={() => {
              removeNode(manager.doc, manager.localOrigin, node.id);
              onClose();
            }}
          >
            <Trash2 size={16} aria-hidden /> {t('inspector.remove')}
          </button>
        </div>
      )}
      {scope && <RunDialog scope={scope} view={view} onClose={() => setScope(null)} />}
    </aside>
  );
}

function StepSettings({ node, view }: { node: StepNode; view: FlowView }) {
  const { t } = useTranslation(['flows', 'common']);
  const { manager, readOnly } = useCanvasSession();
  const trpc = useTRPC();
  const models = useQuery({ ...trpc.model.list.queryOptions({ kind: node.kind }), staleTime: 5 * 60_000 });
  const list = models.data ?? [];
  const model = selectedModel(list, node.model);
  const wired = new Set(view.edges.filter((e) => e.to === node.id).map((e) => e.toPort));
  const origin = manager.localOrigin;
  const set = (key: string, value: unknown) => setStepSetting(manager.doc, origin, node, key, value);

  return (
    <>
      <ModelPicker
        kind={node.kind}
        models={list}
        model={model}
        disabled={readOnly}
        unavailable={models.isSuccess && list.length === 0}
        onPick={(id) => patchNode(manager.doc, origin, node.id, { model: id })}
        costOf={(m) => priceFor(m, node.kind, node.settings)}
      />
      <fieldset className="flex flex-col gap-2" disabled={readOnly}>
        <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{t('inspector.settings')}</legend>
        {settingFields(node.kind).map((field) => (
          <SettingInput key={field.key} kind={node.kind} field={field} value={node.settings[field.key]} wired={wired.has(field.key)} onChange={(v) => set(field.key, v)} disabled={readOnly} />
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-2" disabled={readOnly}>
        <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{t('inspector.variations')}</legend>
        <Field label={t('inspector.seeds')}>
          {(id) => (
            <input
              id={id}
              type="number"
              min={1}
              max={16}
              className={FIELD}
              value={node.variations?.seeds ?? ''}
              data-testid="flow-seeds"
              onChange={(e) => {
                const n = Math.round(Number(e.target.value));
                setVariations(manager.doc, origin, node, { seeds: e.target.value === '' || !Number.isFinite(n) ? undefined : n });
              }}
            />
          )}
        </Field>
        <DraftText
          multiline
          label={t('inspector.prompts')}
          value={(node.variations?.prompts ?? []).join('\n')}
          disabled={readOnly}
          onCommit={(v) => setVariations(manager.doc, origin, node, { prompts: v.split('\n') })}
        />
      </fieldset>
      <fieldset className="flex flex-col gap-2" disabled={readOnly}>
        <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{t('inspector.inputs')}</legend>
        {portsOf(node).map((port) => (
          <PortSource key={port.name} node={node} port={port.name} type={port.type} view={view} />
        ))}
      </fieldset>
    </>
  );
}

/** Which card feeds a port: a select of the cards whose output has the port's type. */
function PortSource({ node, port, type, view }: { node: StepNode; port: string; type: string; view: FlowView }) {
  const { t } = useTranslation(['flows', 'common']);
  const { manager } = useCanvasSession();
  const edge = view.edges.find((e) => e.to === node.id && e.toPort === port);
  const sources = view.nodes.filter((n) => n.id !== node.id && outputOf(n) === type);
  const [refused, setRefused] = useState<string | null>(null);
  return (
    <Field label={t('inspector.port', { port, type: t(`port.${type}`) })}>
      {(id) => (
        <>
      <select
        id={id}
        className={FIELD}
        value={edge?.from ?? ''}
        data-testid={`flow-port-source-${port}`}
        onChange={(e) => {
          if (!e.target.value) {
            if (edge) removeEdge(manager.doc, manager.localOrigin, edge.id);
            return;
          }
          const problem = wire(manager.doc, manager.localOrigin, e.target.value, node.id, port);
          setRefused(problem ? t(`refused.${problem}`, { defaultValue: t('refused.other') }) : null);
        }}
      >
        <option value="">{t('inspector.notConnected')}</option>
        {sources.map((n) => (
          <option key={n.id} value={n.id}>
            {cardTitle(t, n)}
          </option>
        ))}
      </select>
      {refused && (
        <p role="alert" className="text-xs text-danger">
          {refused}
        </p>
      )}
        </>
      )}
    </Field>
  );
}

function SettingInput({ kind, field, value, wired, onChange, disabled }: { kind: GenerationKind; field: SettingField; value: unknown; wired: boolean; onChange(v: unknown): void; disabled: boolean }) {
  const { t } = useTranslation('flows');
  const label = t(`fields.${field.key}`, { defaultValue: field.key });
  // A template kind's template: picked from the catalogue, not typed.
  if (field.key === 'templateId' && isTemplateKind(kind))
    return <Field label={label}>{(id) => <TemplateSelect id={id} kind={kind} value={typeof value === 'string' ? value : undefined} disabled={disabled} className={FIELD} onChange={onChange} />}</Field>;
  if (field.type === 'text')
    return (
      <DraftText
        label={wired ? t('inspector.wiredLabel', { label }) : label}
        multiline={field.multiline}
        value={typeof value === 'string' ? value : ''}
        disabled={disabled}
        max={field.max}
        testId={`flow-setting-${field.key}`}
        onCommit={(v) => onChange(v)}
      />
    );
  if (field.type === 'boolean')
    return (
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={typeof value === 'boolean' ? value : (field.default ?? false)} disabled={disabled} onChange={(e) => onChange(e.target.checked)} /> {label}
      </label>
    );
  const current = value ?? field.default ?? '';
  return (
    <Field label={label}>
      {(id) => field.type === 'choice' ? (
        <select
          id={id}
          className={FIELD}
          value={String(current)}
          disabled={disabled}
          data-testid={`flow-setting-${field.key}`}
          onChange={(e) => {
            const option = field.options.find((o) => String(o) === e.target.value);
            onChange(option);
          }}
        >
          {field.options.map((o) => (
            <option key={String(o)} value={String(o)}>
              {String(o)}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="number"
          className={FIELD}
          min={field.min}
          max={field.max}
          step={field.step}
          value={String(current)}
          disabled={disabled}
          data-testid={`flow-setting-${field.key}`}
          onChange={(e) => {
            if (e.target.value === '') return onChange(undefined);
            const n = Number(e.target.value);
            if (!Number.isFinite(n)) return;
            const lo = field.min ?? -Infinity;
            const hi = field.max ?? Infinity;
            onChange(Math.min(hi, Math.max(lo, field.integer ? Math.round(n) : n)));
          }}
        />
      )}
    </Field>
  );
}

function InputSettings({ node }: { node: InputNode }) {
  const { t } = useTranslation('flows');
  const { manager, readOnly } = useCanvasSession();
  const file = useRef<HTMLInputElement>(null);
  const [picking, setPicking] = useState(false);
  const set = (value: string | null) => patchNode(manager.doc, manager.localOrigin, node.id, { value });
  const { upload, onFileChange } = useFileUpload(set);
  if (node.port === 'text')
    return <DraftText multiline label={t('inspector.text')} value={node.value ?? ''} disabled={readOnly} max={10_000} testId="flow-input-value" onCommit={(v) => set(v || null)} />;
  const url = mediaUrl(node.value);
  const onCanvas = manager.store.all().filter((n) => n.type === node.port && 'src' in n && mediaUrl(n.src));
  return (
    <div className="flex flex-col gap-2">
      {url ? (
        node.port === 'image' ? (
          <img src={url} alt="" className="max-h-40 w-full rounded-lg bg-surface-2 object-contain" />
        ) : (
          <video src={url} controls muted className="max-h-40 w-full rounded-lg bg-black" />
        )
      ) : (
        <p className="text-sm text-muted">{t('card.emptyMedia')}</p>
      )}
      {!readOnly && (
        <>
          <button type="button" className={BAR_BUTTON} onClick={() => file.current?.click()} data-testid="flow-input-upload">
            <Upload size={16} aria-hidden /> {t('inspector.upload')}
          </button>
          <input
            ref={file}
            type="file"
            hidden
            accept={node.port === 'image' ? 'image/*' : 'video/*'}
            data-testid="flow-input-file"
            onChange={onFileChange}
          />
          {upload && 'progress' in upload && <progress className="w-full" value={upload.progress} max={1} aria-label={t('inspector.uploading')} />}
          {upload && 'error' in upload && (
            <p role="alert" className="text-xs text-danger">
              {upload.error}
            </p>
          )}
          {onCanvas.length > 0 && (
            <Field label={t('inspector.fromCanvas')}>
              {(id) => (
              <select id={id} className={FIELD} value="" onChange={(e) => e.target.value && set(e.target.value)}>
                <option value="">{t('inspector.pick')}</option>
                {onCanvas.map((n) => (
                  <option key={n.id} value={'src' in n ? n.src : ''}>
                    {('name' in n && typeof n.name === 'string' && n.name) || n.id}
                  </option>
                ))}
              </select>
              )}
            </Field>
          )}
          <button type="button" className={BAR_BUTTON} onClick={() => setPicking(true)}>
            {t('inspector.fromCreations')}
          </button>
          <CreationPicker open={picking} onOpenChange={setPicking} mediaType={node.port} onPick={(c) => (setPicking(false), set(c.url))} />
        </>
      )}
    </div>
  );
}
