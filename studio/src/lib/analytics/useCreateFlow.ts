/**
 * §3 create flow and form events of one easy-mode form (AI image, an AI tool):
 *  - `form` open when the form mounts, close when it unmounts, click for the buttons that matter;
 *  - `createflow_start` on the first interaction (focus or pointer inside the form);
 *  - `createflow_form_submit` when a generation is sent, with the same `createflow_id`.
 * After a submit the next interaction starts a new flow with a new id. `form_type` is the
 * generation kind (`text_to_image`, `upscale`…).
 */
import { useEffect, useMemo, useRef } from 'react';
import { track } from './tracker.ts';

export interface CreateFlowDetails {
  model_name?: string | null;
  resource_type?: string | null;
  resource_id?: string | null;
}

const newFlowId = () => crypto.randomUUID();

export function useCreateFlow(formType: string) {
  const flow = useRef({ id: newFlowId(), started: false });

  useEffect(() => {
    track('form', { action: 'open', form_type: formType });
    return () => track('form', { action: 'close', form_type: formType });
  }, [formType]);

  return useMemo(() => {
    const start = (details: CreateFlowDetails = {}) => {
      if (flow.current.started) return;
      flow.current.started = true;
      track('createflow_start', { createflow_id: flow.current.id, form_type: formType, ...details });
    };
    return {
      start,
      /** A generation was sent. */
      submit(details: CreateFlowDetails = {}) {
        start(details);
        track('createflow_form_submit', { createflow_id: flow.current.id, form_type: formType, ...details });
        flow.current = { id: newFlowId(), started: false };
      },
      click(element: string) {
        track('form', { action: 'click', form_type: formType, element });
      },
      /** Spread on the <form>: its first focus or pointer press starts the flow. */
      formProps: { onFocusCapture: () => start(), onPointerDownCapture: () => start() },
    };
  }, [formType]);
}
