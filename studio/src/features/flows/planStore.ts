/**
 * The "Plan a flow" conversation of this browser tab, per project (issue 24): each brief I sent
 * and what became of it. The proposal itself lives in the project document (the server draws it
 * for everyone); this only remembers the replies while I work, across the side panel's tabs.
 */
import type { FlowProposeResult } from '@tessera/shared/flows/plan';
import { create } from 'zustand';

export interface PlanEntry {
  id: string;
  brief: string;
  /** The image the brief started from (a media key). */
  imageKey?: string;
  status: 'planning' | 'done' | 'failed';
  result?: FlowProposeResult;
  /** Its nodes have reached this document (the server's write comes by sync, maybe after its answer). */
  seen?: boolean;
}

interface PlanState {
  /** The chat tab's mode: the image chat, or planning a flow. */
  mode: 'chat' | 'flow';
  setMode(mode: 'chat' | 'flow'): void;
  byProject: Record<string, PlanEntry[]>;
  add(projectId: string, entry: PlanEntry): void;
  update(projectId: string, id: string, patch: Partial<PlanEntry>): void;
}

export const usePlanStore = create<PlanState>()((set) => ({
  mode: 'chat',
  setMode: (mode) => set({ mode }),
  byProject: {},
  add: (projectId, entry) => set((s) => ({ byProject: { ...s.byProject, [projectId]: [...(s.byProject[projectId] ?? []), entry] } })),
  update: (projectId, id, patch) =>
    set((s) => ({ byProject: { ...s.byProject, [projectId]: (s.byProject[projectId] ?? []).map((e) => (e.id === id ? { ...e, ...patch } : e)) } })),
}));
