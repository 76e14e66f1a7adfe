/**
 * What every part of the timeline dock needs: the timeline session on the project's Yjs
 * document, the canvas engine (canvas ↔ timeline), the project and whether I may edit. Provided
 * by the dock; parts never create sessions themselves.
 */
import { createContext, useContext } from 'react';
import type { CanvasManager } from '../canvas/engine/CanvasManager.ts';
import type { EditorCommand } from './editorCommands.ts';
import type { TimelineSession } from './TimelineSession.ts';

export interface EditorContextValue {
  session: TimelineSession;
  manager: CanvasManager;
  projectId: string;
  readOnly: boolean;
  commands: readonly EditorCommand[];
  /** Runs a command by id when it is enabled (buttons and keys both go through here). */
  run(id: string): void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside the timeline dock');
  return value;
}
